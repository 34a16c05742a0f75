package client

import "time"

// Progress states reported to a [WithProgress] callback.
const (
	// StateSubmitting: Generate is sending the prompt.
	StateSubmitting = "submitting"
	// StateRunning: the job is accepted and not finished.
	StateRunning = StatusRunning
	// StateCompleted: the job finished with a result.
	StateCompleted = StatusCompleted
	// StateFailed: the job finished without a result.
	StateFailed = StatusFailed
)

// Progress is one report of a call in progress: sent when Generate
// starts, before every wait (poll interval or retry backoff) and when Wait
// sees the job finish.
type Progress struct {
	// JobID is the job being waited for; empty while submitting.
	JobID string
	// State is StateSubmitting, StateRunning, StateCompleted or StateFailed.
	State string
	// Elapsed is the time since the call (Generate, Job, Wait or
	// Download) started.
	Elapsed time.Duration
	// Next is the wait before the next request; zero when none follows.
	Next time.Duration
	// Retry is the error that caused this wait (a 429, a 5xx, a transport
	// failure); nil for an ordinary poll interval.
	Retry error
}

// WithProgress calls fn with every [Progress] report, on the goroutine of
// the call. fn must return quickly. A nil fn is ignored.
func WithProgress(fn func(Progress)) Option {
	return func(c *Client) {
		if fn != nil {
			c.progress = fn
		}
	}
}

// WithJitter sets the fraction of random extra wait added to every retry
// backoff ([DefaultJitter] by default): with 0.2 a 10 s backoff becomes 10
// to 12 s. Zero disables jitter; negative values are ignored.
func WithJitter(fraction float64) Option {
	return func(c *Client) {
		if fraction >= 0 {
			c.jitter = fraction
		}
	}
}

// call is the state of one public call, for its progress reports.
type call struct {
	start time.Time
	jobID string
	state string
}

// report sends a progress report when a callback is set.
func (c *Client) report(cl *call, next time.Duration, retry error) {
	if c.progress == nil || cl == nil {
		return
	}
	c.progress(Progress{JobID: cl.jobID, State: cl.state, Elapsed: time.Since(cl.start), Next: next, Retry: retry})
}
