package embedded

import (
	"context"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/songsmith/songsmith/internal/jobs"
)

// ErrLocked is the error Open and BackupFile wrap when another process
// holds the database file past the lock timeout (bbolt lets one process
// open it for writing): callers test it with errors.Is and never need
// bbolt's own errors.
var ErrLocked = errors.New("database in use by another process")

// lockedErr wraps err with ErrLocked when it is bbolt's lock timeout.
func lockedErr(err error) error {
	if errors.Is(err, bolterrors.ErrTimeout) {
		return fmt.Errorf("%w (%w)", ErrLocked, err)
	}
	return err
}

// Sweep implements jobs.Sweeper: it removes the expired jobs (ExpiredJobs)
// one by one, each after its media, then the stale rate windows
// (PurgeLimits). It stops at the first error.
func (s *Store) Sweep(ctx context.Context, now time.Time, maxWindow time.Duration, media jobs.Media) ([]jobs.JobID, error) {
	expired, err := s.ExpiredJobs(now)
	if err != nil {
		return nil, err
	}
	var removed []jobs.JobID
	for _, j := range expired {
		// Failed and unfinished jobs may have media too (an attempt cut
		// short by a crash): delete every key the job could have written.
		for _, k := range jobs.MediaKeys(j) {
			if err := media.DeleteMedia(ctx, k); err != nil {
				return removed, err
			}
		}
		if err := s.RemoveJob(j.ID); err != nil {
			return removed, err
		}
		removed = append(removed, j.ID)
	}
	return removed, s.PurgeLimits(now, maxWindow)
}

// Probe implements jobs.Prober: it writes a small record (the time) to the
// database and syncs it, so it fails when the database cannot be written,
// e.g. on a full disk.
func (s *Store) Probe(ctx context.Context) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Put([]byte("probe"), []byte(s.now().UTC().Format(time.RFC3339Nano)))
	})
}
