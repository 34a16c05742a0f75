package dynamo

import (
	"context"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// probeJobID names a job that never exists; reading it checks the table.
const probeJobID = jobs.JobID("00000000-0000-4000-8000-000000000000")

// Sweep implements jobs.Sweeper as a no-op: DynamoDB deletes expired jobs,
// idempotency records and rate windows by their TTL attribute (AttrTTL),
// and the bucket's lifecycle rule deletes their media.
func (s *Store) Sweep(ctx context.Context, now time.Time, maxWindow time.Duration, media jobs.Media) ([]jobs.JobID, error) {
	return nil, nil
}

// Probe implements jobs.Prober with one table read (a job that never
// exists answers ENotFound). It writes nothing, so the API functions keep
// no write access beyond their items.
func (s *Store) Probe(ctx context.Context) error {
	if _, err := s.Job(ctx, probeJobID); err != nil && !jobs.IsCode(err, jobs.ENotFound) {
		return err
	}
	return nil
}
