package worker

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Decision is what a queue adapter does with a delivery once Handle has
// applied the delivery policy to it.
type Decision struct {
	Outcome Outcome
	Err     error // the cause of a Retry
	// Release means deliver the message again after Delay; otherwise
	// the message is done and must be deleted.
	Release bool
	Delay   time.Duration
	// Interrupted means the attempt was cancelled (shutdown), not judged:
	// a queue that can should not count it (see jobs.Interrupter).
	Interrupted bool
}

// Handle applies the delivery policy to one delivery; the local consumer
// and the SQS Lambda handler both call it and only translate the Decision
// into their queue's operations.
//
//   - A dead letter (deadLetter set: a record of the dead-letter queue)
//     fails its job.
//   - A delivery beyond MaxAttempts+CrashHeadroom receives fails its job
//     without generating: the earlier ones never reported back, so they
//     crashed the process.
//   - Otherwise the job's attempt d.Attempt runs (Process). A retry is
//     released after RetryDelay(d.Attempt), or at once when ctx was
//     cancelled (shutdown: another process takes it over).
//
// A panic anywhere in handling becomes a Retry, never a crashed process.
func (w *Worker) Handle(ctx context.Context, d jobs.Delivery, deadLetter bool) (dec Decision) {
	defer func() {
		if p := recover(); p != nil {
			w.log().ErrorContext(ctx, "panic while handling a delivery", "job_id", d.JobID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			dec = Decision{Outcome: Retry, Err: fmt.Errorf("panic: %v", p), Release: true, Delay: w.RetryDelay(d.Attempt)}
		}
	}()
	var out Outcome
	var err error
	switch {
	case deadLetter:
		out, err = w.DeadLetter(ctx, d.JobID)
	case d.Receives() > w.maxAttempts()+max(w.CrashHeadroom, 0):
		w.log().ErrorContext(ctx, "too many deliveries: earlier attempts crashed the process", "job_id", d.JobID, "receives", d.Receives())
		out, err = w.DeadLetter(ctx, d.JobID)
	default:
		out, err = w.Process(ctx, d.JobID, d.Attempt)
	}
	if out != Retry {
		return Decision{Outcome: out, Err: err}
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return Decision{Outcome: out, Err: err, Release: true, Interrupted: true}
	}
	return Decision{Outcome: out, Err: err, Release: true, Delay: w.RetryDelay(d.Attempt)}
}

// RetryDelay is how long a job waits before its next attempt after a
// failed attempt: RetryBase, doubled per attempt, at most RetryMax.
func (w *Worker) RetryDelay(attempt int) time.Duration {
	if w.RetryBase <= 0 {
		return 0
	}
	d := w.RetryBase << min(max(attempt, 1)-1, 20)
	if w.RetryMax > 0 && d > w.RetryMax {
		d = w.RetryMax
	}
	return d
}
