package client

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// refusedRetries is how many times a refused connection is retried (after
// 0.5 s, 1 s and 2 s) before it counts as permanent: long enough for a
// local server that is restarting, short enough not to hide a wrong URL.
const refusedRetries = 3

// backoff counts the failures of one call and picks the wait before the
// next attempt.
type backoff struct {
	rateLimited, failed, refused int
}

// next returns the wait before retrying after err under policy p, and
// whether to retry at all. idempotent requests are retried after server
// errors and transport failures; every request is retried after a 429. A
// Retry-After is waited for as sent; the computed backoffs get jitter.
func (b *backoff) next(c *Client, err error, idempotent bool) (time.Duration, bool) {
	p := &c.retry
	var apiErr *APIError
	switch {
	case errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusTooManyRequests:
		b.rateLimited++
		if apiErr.retryAfterSet {
			return apiErr.RetryAfter, apiErr.RetryAfter <= p.MaxRetryAfter
		}
		return c.addJitter(doubling(p.RateLimitBackoff, p.MaxBackoff, b.rateLimited-1)), true
	case apiErr != nil && apiErr.StatusCode >= 500 && idempotent:
		b.failed++
		if apiErr.retryAfterSet {
			return apiErr.RetryAfter, apiErr.RetryAfter <= p.MaxRetryAfter
		}
		return c.addJitter(doubling(p.ServerErrorBackoff, p.MaxBackoff, b.failed-1)), true
	case apiErr != nil || !idempotent || permanentTransport(err) || unsendable(err):
		return 0, false
	case isRefused(err):
		if b.refused >= refusedRetries {
			return 0, false
		}
		wait := 500 * time.Millisecond << b.refused
		b.refused++
		return c.addJitter(wait), true
	default:
		// Reset, timeout, EOF on an idempotent request: as transient as a 500.
		b.failed++
		return c.addJitter(doubling(p.ServerErrorBackoff, p.MaxBackoff, b.failed-1)), true
	}
}

// addJitter lengthens d by a random fraction of up to c.jitter.
func (c *Client) addJitter(d time.Duration) time.Duration {
	if c.jitter <= 0 || d <= 0 {
		return d
	}
	return d + time.Duration(rand.Float64()*c.jitter*float64(d))
}

// permanentTransport reports transport failures that a retry cannot fix:
// a host name that does not resolve, TLS spoken to a plain-HTTP server (or
// the reverse), a certificate that does not verify.
func permanentTransport(err error) bool {
	var dnsErr *net.DNSError
	var recErr tls.RecordHeaderError
	var certErr *tls.CertificateVerificationError
	var hostErr x509.HostnameError
	var authErr x509.UnknownAuthorityError
	switch {
	case errors.As(err, &dnsErr):
		return dnsErr.IsNotFound
	case errors.As(err, &recErr), errors.As(err, &certErr), errors.As(err, &hostErr), errors.As(err, &authErr):
		return true
	}
	// net/http reports an HTTP answer to a TLS handshake with this text only.
	return strings.Contains(err.Error(), "server gave HTTP response to HTTPS client")
}

// unsendable reports a request net/http refused to send, such as a header
// value with a line break (an option's value, not the network, is wrong).
func unsendable(err error) bool {
	return strings.Contains(err.Error(), "net/http: invalid header field")
}

func isRefused(err error) bool { return errors.Is(err, syscall.ECONNREFUSED) }

// IsUnreachable reports whether err is a transport failure that says the
// service cannot be reached at its base URL: connection refused (after the
// short retry), unknown host, or a TLS mismatch such as https:// against a
// plain-HTTP server.
func IsUnreachable(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return false
	}
	return isRefused(err) || permanentTransport(err)
}

// transportError describes a request that got no HTTP answer, naming the
// method and URL once (without the url.Error's repetition of both).
func transportError(method string, u *url.URL, err error) error {
	var uerr *url.Error
	if errors.As(err, &uerr) {
		err = uerr.Err
	}
	redacted := *u
	redacted.RawQuery = "" // media URLs carry signatures
	return fmt.Errorf("songsmith: %s %s: %w", method, redacted.String(), err)
}

// ErrInvalidBaseURL is wrapped by the error of every call of a client whose
// base URL is not an absolute http:// or https:// URL.
var ErrInvalidBaseURL = errors.New("invalid base URL")

// ErrNoAPIKey is wrapped by the error of every call of a client made
// without an API key (none given and none in the environment).
var ErrNoAPIKey = errors.New("no API key")

// ErrInvalidAPIKey is wrapped by the error of every call of a client whose
// API key has a character no key has: a space, a control character or a
// non-ASCII letter (a key copied with more than the key).
var ErrInvalidAPIKey = errors.New("invalid API key")

// checkAPIKey accepts keys of printable ASCII without spaces, the only
// characters a key has and an Authorization header carries safely.
func checkAPIKey(key string) error {
	for i, r := range key {
		if r <= ' ' || r > '~' {
			return fmt.Errorf("songsmith: %w: character %q at position %d; a key looks like ss_<id>_<secret>", ErrInvalidAPIKey, r, i+1)
		}
	}
	return nil
}

// checkBaseURL accepts absolute http and https URLs with a host.
func checkBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("songsmith: %w %q: want http://host[:port] or https://host[:port]", ErrInvalidBaseURL, raw)
	}
	return nil
}

// ctxError is returned when the context ends while a call retries or
// waits; it keeps the last cause, so a deadline reads "context deadline
// exceeded after: connection refused" rather than only the first half.
// errors.Is finds the context's error, errors.As the cause's type.
type ctxError struct {
	err  error // ctx.Err()
	last error // what the call was retrying or waiting for
}

func (e *ctxError) Error() string {
	return "songsmith: " + e.err.Error() + " after: " + strings.TrimPrefix(e.last.Error(), "songsmith: ")
}

func (e *ctxError) Unwrap() []error { return []error{e.err, e.last} }

// sleepContext waits for d or until ctx is done.
func sleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
