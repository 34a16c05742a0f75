package jobs

import (
	"context"
	"time"
)

// IdempotentJobStore is the part of JobStore that remembers which job an
// API key's idempotency key created. A record lives exactly as long as its
// job (until the job's ExpiresAt); after that the key may name a new job.
type IdempotentJobStore interface {
	// CreateJobIdempotent stores the new running job j together with the
	// record that j.Owner's idempotency key idem names it, atomically. If an
	// unexpired record (at j.StartedAt) for j.Owner and idem exists, it
	// stores nothing and returns the job that record names with created
	// false; otherwise it returns j with created true. Of concurrent calls
	// with the same owner and idem, exactly one creates. Repeating the
	// same call (the record names j itself, see SameSubmission) returns j
	// with created true again, so a caller whose first answer was lost
	// still enqueues it. EConflict if another job has j.ID.
	CreateJobIdempotent(ctx context.Context, j *Job, idem string) (stored *Job, created bool, err error)
	// IdempotentJob returns the job that owner's idempotency key idem
	// names. ENotFound if there is no such record or it expired at now.
	IdempotentJob(ctx context.Context, owner KeyID, idem string, now time.Time) (*Job, error)
}

// replay answers a repeated idempotent submission with the job the first
// one created, or EConflict when the normalized prompt p or the normalized
// options differ from that job's.
func (s *Service) replay(ctx context.Context, j *Job, p string, opts *Options) (*Job, error) {
	if p != j.Prompt {
		return nil, Errorf(EConflict, "This Idempotency-Key was already used with a different prompt. Use a new key for a new submission.")
	}
	if !j.Options.Equal(opts) {
		return nil, Errorf(EConflict, "This Idempotency-Key was already used with different options. Use a new key for a new submission.")
	}
	s.log().InfoContext(ctx, "idempotent replay", "job_id", j.ID, "key_id", j.Owner)
	return j, nil
}
