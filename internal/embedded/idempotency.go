package embedded

import (
	"context"
	"encoding/json"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

// bucketIdem holds idempotency records under "K\x00<owner>\x00<idem>" and,
// so DeleteJob can drop them, a back reference "J\x00<job id>" -> that key.
var bucketIdem = []byte("idempotency")

// idemRecord is the stored form of an idempotency record.
type idemRecord struct {
	JobID     jobs.JobID `json:"job_id"`
	ExpiresAt time.Time  `json:"expires_at"`
}

func idemKey(owner jobs.KeyID, idem string) string {
	return "K\x00" + string(owner) + "\x00" + idem
}

func idemBackRef(id jobs.JobID) string { return "J\x00" + string(id) }

// CreateJobIdempotent implements jobs.JobStore in one bbolt transaction.
func (s *Store) CreateJobIdempotent(ctx context.Context, j *jobs.Job, idem string) (*jobs.Job, bool, error) {
	var existing *jobs.Job
	err := s.db.Update(func(tx *bolt.Tx) error {
		jb := tx.Bucket(bucketJobs)
		prev, self, err := idemExisting(tx, j, idem)
		if err != nil || prev != nil || self {
			existing = prev
			return err
		}
		if jb.Get([]byte(j.ID)) != nil {
			return backend.Exists("Job " + string(j.ID))
		}
		if err := indexJob(tx, j); err != nil {
			return err
		}
		if err := putJSON(jb, string(j.ID), jobRecord(*j)); err != nil {
			return err
		}
		return putIdem(tx, j, idem)
	})
	if err != nil {
		return nil, false, err
	}
	if existing != nil {
		return existing, false, nil
	}
	return j, true, nil
}

// idemExisting returns the job that j.Owner's unexpired idempotency record
// idem names when it is another submission than j, or self when it names
// j itself (a retried call: stored already); neither when there is no
// such record (an expired one is dropped).
func idemExisting(tx *bolt.Tx, j *jobs.Job, idem string) (prev *jobs.Job, self bool, err error) {
	ib, jb := tx.Bucket(bucketIdem), tx.Bucket(bucketJobs)
	var rec idemRecord
	err = getJSON(ib, idemKey(j.Owner, idem), &rec, backend.IdempotencyNotFound())
	switch {
	case err == nil && j.StartedAt.Before(rec.ExpiresAt):
		var r jobRecord
		if err := getJSON(jb, string(rec.JobID), &r, jobs.JobNotFound(rec.JobID)); err != nil {
			return nil, false, err
		}
		if jj := jobs.Job(r); !backend.SameSubmission(&jj, j) {
			return &jj, false, nil
		}
		return nil, true, nil
	case err == nil:
		// Expired: the key is free again.
		return nil, false, ib.Delete([]byte(idemBackRef(rec.JobID)))
	case !isNotFound(err):
		return nil, false, err
	}
	return nil, false, nil
}

// sameStored reports whether the stored job record v is j as first
// created (see backend.SameSubmission).
func sameStored(v []byte, j *jobs.Job) bool {
	var old jobRecord
	return json.Unmarshal(v, &old) == nil && backend.SameSubmission((*jobs.Job)(&old), j)
}

// putIdem writes j.Owner's idempotency record idem naming j, and its back
// reference.
func putIdem(tx *bolt.Tx, j *jobs.Job, idem string) error {
	ib := tx.Bucket(bucketIdem)
	k := idemKey(j.Owner, idem)
	if err := putJSON(ib, k, idemRecord{JobID: j.ID, ExpiresAt: j.ExpiresAt}); err != nil {
		return err
	}
	return ib.Put([]byte(idemBackRef(j.ID)), []byte(k))
}

// IdempotentJob implements jobs.JobStore.
func (s *Store) IdempotentJob(ctx context.Context, owner jobs.KeyID, idem string, now time.Time) (*jobs.Job, error) {
	var r jobRecord
	err := s.db.View(func(tx *bolt.Tx) error {
		var rec idemRecord
		if err := getJSON(tx.Bucket(bucketIdem), idemKey(owner, idem), &rec, backend.IdempotencyNotFound()); err != nil {
			return err
		}
		if !now.Before(rec.ExpiresAt) {
			return backend.IdempotencyNotFound()
		}
		return getJSON(tx.Bucket(bucketJobs), string(rec.JobID), &r, jobs.JobNotFound(rec.JobID))
	})
	if err != nil {
		return nil, err
	}
	j := jobs.Job(r)
	return &j, nil
}

// deleteIdem removes the idempotency record of job id, if any.
func deleteIdem(tx *bolt.Tx, id jobs.JobID) error {
	b := tx.Bucket(bucketIdem)
	back := []byte(idemBackRef(id))
	if k := b.Get(back); k != nil {
		if err := b.Delete(append([]byte(nil), k...)); err != nil {
			return err
		}
	}
	return b.Delete(back)
}
