package jobs

import "context"

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
