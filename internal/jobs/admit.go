package jobs

import (
	"context"
	"time"
)

// Admission of new jobs (issue 27, items 2-4): a job and its queue message
// are stored together, so no accepted job is stranded without one; every
// API key has a cap on its queued plus running jobs and a smaller one on
// its jobs with expensive outputs (stems); the run timeout counts from the
// start of an attempt, the queue age from acceptance until then.

// Limits are the per-key caps a new job is admitted under.
type Limits struct {
	// MaxActive caps a key's jobs that are queued or running; 0 = no cap.
	MaxActive int
	// MaxActiveStems caps, among those, the jobs that make stems (see
	// backend.Heavy); 0 = no cap.
	MaxActiveStems int
}

// Admission is what Admitter.Admit did.
type Admission struct {
	// Job is the stored job: the one admitted, or for a repeated
	// idempotent submission the job its first request created.
	Job *Job
	// Created is false for such a repeat: nothing was written.
	Created bool
	// Queued reports that the job's queue message was written in the same
	// transaction as the job (the queue lives in the same database); when
	// false the service sends it and then calls Dispatched.
	Queued bool
}

// Admitter stores new jobs under the per-key caps so that none can be
// stranded: either its queue message is written in the same transaction
// (the embedded database), or the job is written with an outbox record
// that stays until the message is sent (DynamoDB, where the queue is SQS),
// and a reconciler (Outbox.Undelivered) sends the messages of jobs whose
// record stayed behind.
type Admitter interface {
	// Admit stores the running job j, its idempotency record when idem is
	// not "" (with CreateJobIdempotent's semantics) and its message or
	// outbox record, all or nothing. A key already at lim's caps is
	// ETooManyJobs (TooManyJobs) and nothing is stored; EConflict if
	// another job has j.ID.
	Admit(ctx context.Context, j *Job, idem string, lim Limits) (Admission, error)
	// Dispatched removes j's outbox record once its message was sent;
	// removing a missing record is not an error.
	Dispatched(ctx context.Context, j *Job) error
}

// Outbox is the reconciler's side of an Admitter with outbox records.
type Outbox interface {
	// Undelivered returns up to n jobs (id and StartedAt) whose outbox
	// record is older than before: accepted, but never recorded as sent.
	Undelivered(ctx context.Context, before time.Time, n int) ([]*Job, error)
}

// AttemptRecorder records the start of generation attempts on the job
// itself, with a lease, so that a duplicate delivery of the same job
// (SQS delivers at least once; the reconciler may send a job again) never
// renders it while another delivery does.
type AttemptRecorder interface {
	// StartAttempt sets the running job's AttemptedAt to at and takes its
	// lease until until. ok is false (nothing written) when another
	// delivery holds an unexpired lease. EConflict when the job is not
	// running, ENotFound when it is absent.
	StartAttempt(ctx context.Context, id JobID, at, until time.Time) (ok bool, err error)
	// EndAttempt releases the lease taken by StartAttempt(id, at, ...), if
	// it is still that one; anything else is left alone.
	EndAttempt(ctx context.Context, id JobID, at time.Time) error
}

// overdue returns the failure of a running job that has waited or run too
// long at now: MsgQueueTimeout when it never started an attempt and waited
// longer than MaxQueueAge, msgTimedOut when its latest attempt started
// more than JobTimeout ago; "" otherwise.
func (c Config) overdue(j *Job, now time.Time) string {
	if j.Status != StatusRunning {
		return ""
	}
	if j.AttemptedAt.IsZero() {
		if c.MaxQueueAge > 0 && now.Sub(j.StartedAt) > c.MaxQueueAge {
			return MsgQueueTimeout
		}
		return ""
	}
	if c.JobTimeout > 0 && now.Sub(j.AttemptedAt) > c.JobTimeout {
		return msgTimedOut
	}
	return ""
}

// Redeliver is the reconciler: it sends again the queue message of every
// job accepted before now-age whose outbox record is still there (the
// process that accepted it died between storing it and queueing it), at
// most n, and returns how many it sent. A job sent twice is harmless: the
// worker skips a finished job and leaves one that another delivery holds
// the lease of. Without an Outbox it does nothing.
func (s *Service) Redeliver(ctx context.Context, age time.Duration, n int) (int, error) {
	ob, ok := s.Admit.(Outbox)
	if !ok {
		return 0, nil
	}
	stale, err := ob.Undelivered(ctx, s.now().Add(-age), n)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, j := range stale {
		if err := s.Queue.Enqueue(ctx, j.ID); err != nil {
			return sent, err
		}
		if err := s.Admit.Dispatched(ctx, j); err != nil {
			return sent, err
		}
		sent++
		s.log().WarnContext(ctx, "reconciler queued a job that was accepted but never queued", "job_id", j.ID, "accepted_at", j.StartedAt)
	}
	return sent, nil
}

// fault calls the service's fault-injection hook (tests only) at point.
func (s *Service) fault(point string) {
	if s.Fault != nil {
		s.Fault(point)
	}
}
