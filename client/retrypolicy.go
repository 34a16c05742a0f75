package client

import "time"

// RetryPolicy says how one call retries after a 429, a 5xx answer or a
// transient transport failure (a reset connection, a timeout). Give it to
// [WithRetry]; [DefaultRetryPolicy] is what a client uses without one.
//
// A Retry-After header is honoured as sent, without jitter: the next
// attempt waits exactly that long (up to MaxRetryAfter). Without one, the
// wait doubles from RateLimitBackoff (429) or ServerErrorBackoff (5xx,
// transport) with each failure of that kind, up to MaxBackoff, plus up to
// [WithJitter]'s fraction of random extra wait.
type RetryPolicy struct {
	// MaxRetries is how many times one call is retried (so it makes at
	// most MaxRetries+1 attempts). Zero disables retries.
	MaxRetries int
	// RateLimitBackoff is the wait after a first 429 without Retry-After
	// (the specification's 5 s); it doubles with each later 429.
	RateLimitBackoff time.Duration
	// ServerErrorBackoff is the wait after a first 5xx without Retry-After
	// or a first transient transport failure; it doubles with each later one.
	ServerErrorBackoff time.Duration
	// MaxBackoff caps the doubling waits (not a Retry-After).
	MaxBackoff time.Duration
	// MaxRetryAfter is the longest Retry-After the call waits for; an
	// answer asking for longer ends the call at once with its *[APIError]
	// (whose RetryAfter says when to come back).
	MaxRetryAfter time.Duration
}

// The members of [DefaultRetryPolicy].
const (
	// DefaultMaxRetries is how many times one call retries by default: a
	// read that keeps failing with 5xx answers gives up after about 7 s
	// (1 s, 2 s, 4 s), one that keeps drawing 429s without Retry-After
	// after 35 s (5 s, 10 s, 20 s).
	DefaultMaxRetries = 3
	// DefaultRateLimitBackoff is the first wait after a 429 without
	// Retry-After, as the specification advises.
	DefaultRateLimitBackoff = 5 * time.Second
	// DefaultServerErrorBackoff is the first wait after a 5xx without
	// Retry-After or a transient transport failure.
	DefaultServerErrorBackoff = time.Second
	// DefaultMaxBackoff caps the doubling waits.
	DefaultMaxBackoff = 60 * time.Second
	// DefaultMaxRetryAfter is the longest Retry-After a call waits for.
	DefaultMaxRetryAfter = 60 * time.Second
)

// DefaultRetryPolicy returns the policy a client uses unless [WithRetry]
// or [WithMaxRetries] changes it.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{
		MaxRetries:         DefaultMaxRetries,
		RateLimitBackoff:   DefaultRateLimitBackoff,
		ServerErrorBackoff: DefaultServerErrorBackoff,
		MaxBackoff:         DefaultMaxBackoff,
		MaxRetryAfter:      DefaultMaxRetryAfter,
	}
}

// WithRetry sets the client's retry policy. A negative MaxRetries keeps
// the current count; zero or negative durations take the default's.
func WithRetry(p RetryPolicy) Option {
	return func(c *Client) {
		d := DefaultRetryPolicy()
		if p.MaxRetries < 0 {
			p.MaxRetries = c.retry.MaxRetries
		}
		if p.RateLimitBackoff <= 0 {
			p.RateLimitBackoff = d.RateLimitBackoff
		}
		if p.ServerErrorBackoff <= 0 {
			p.ServerErrorBackoff = d.ServerErrorBackoff
		}
		if p.MaxBackoff <= 0 {
			p.MaxBackoff = d.MaxBackoff
		}
		if p.MaxRetryAfter <= 0 {
			p.MaxRetryAfter = d.MaxRetryAfter
		}
		c.retry = p
	}
}

// WithMaxRetries sets how many times one call retries after a 429 or a
// transient server error ([RetryPolicy].MaxRetries). Zero disables retries;
// negative values are ignored.
func WithMaxRetries(n int) Option {
	return func(c *Client) {
		if n >= 0 {
			c.retry.MaxRetries = n
		}
	}
}

// doubling is first doubled n times, capped at limit.
func doubling(first, limit time.Duration, n int) time.Duration {
	d := first
	for i := 0; i < n && d < limit; i++ {
		d *= 2
	}
	return min(d, limit)
}
