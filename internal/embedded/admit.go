package embedded

import (
	"context"
	"encoding/json"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

// Admission (issue 27): a new job, its idempotency record, its place in
// its key's active set and its queue message are written in one bbolt
// transaction, so a crash leaves either all of them or none.

var (
	// bucketActive holds one nested bucket per API key id: the key's
	// running jobs (queued or rendering), job id -> "s" for a heavy (stems)
	// job, "" otherwise. Open rebuilds it from the jobs.
	bucketActive = []byte("active")
	// bucketLeases holds the lease of each job an attempt is rendering:
	// job id -> leaseRecord. Open clears it (no other process can hold one).
	bucketLeases = []byte("leases")
)

var (
	_ jobs.Admitter        = (*Store)(nil)
	_ jobs.AttemptRecorder = (*Store)(nil)
)

// leaseRecord is the stored lease of a job's attempt.
type leaseRecord struct {
	At    time.Time `json:"at"`
	Until time.Time `json:"until"`
}

// Admit implements jobs.Admitter in one transaction (the message is
// written with the job: Queued is always true).
func (s *Store) Admit(ctx context.Context, j *jobs.Job, idem string, lim jobs.Limits) (jobs.Admission, error) {
	var a jobs.Admission
	err := s.db.Update(func(tx *bolt.Tx) error {
		a = jobs.Admission{}
		jb := tx.Bucket(bucketJobs)
		if idem != "" {
			prev, self, err := idemExisting(tx, j, idem)
			switch {
			case err != nil:
				return err
			case prev != nil:
				a.Job = prev // another submission's: created false
				return nil
			case self:
				a = jobs.Admission{Job: j, Created: true, Queued: true}
				return nil // a retried call: stored and queued already
			}
		}
		if v := jb.Get([]byte(j.ID)); v != nil {
			if idem == "" && sameStored(v, j) {
				a = jobs.Admission{Job: j, Created: true, Queued: true}
				return nil // a retried write of this very job: stored and queued already
			}
			return backend.Exists("Job " + string(j.ID))
		}
		heavy := backend.Heavy(j.Options)
		if err := admitActive(tx, j.Owner, j.ID, heavy, lim); err != nil {
			return err
		}
		if err := indexJob(tx, j); err != nil {
			return err
		}
		if err := putJSON(jb, string(j.ID), jobRecord(*j)); err != nil {
			return err
		}
		if idem != "" {
			if err := putIdem(tx, j, idem); err != nil {
				return err
			}
		}
		if s.fault != nil {
			s.fault("admit:job") // between the job and its message, inside the transaction
		}
		if err := s.putMessage(tx, bucketQueue, message{JobID: j.ID, Owner: j.Owner, Heavy: heavy, VisibleAt: s.now().UTC()}); err != nil {
			return err
		}
		a = jobs.Admission{Job: j, Created: true, Queued: true}
		return nil
	})
	if err != nil {
		return jobs.Admission{}, err
	}
	if a.Created {
		s.wake()
	}
	return a, nil
}

// Dispatched implements jobs.Admitter: the message was written with the
// job, so there is no outbox record.
func (s *Store) Dispatched(ctx context.Context, j *jobs.Job) error { return nil }

// SetFault sets the hook Admit calls inside its transaction between the
// job and its message (tests make it panic there to play a crash: bbolt
// rolls the transaction back). Nil removes it.
func (s *Store) SetFault(f func(point string)) { s.fault = f }

// admitActive adds job id to owner's active set, or returns ETooManyJobs
// when the set is at a cap of lim.
func admitActive(tx *bolt.Tx, owner jobs.KeyID, id jobs.JobID, heavy bool, lim jobs.Limits) error {
	b, err := tx.Bucket(bucketActive).CreateBucketIfNotExists([]byte(owner))
	if err != nil {
		return err
	}
	n, h := 0, 0
	if err := b.ForEach(func(k, v []byte) error {
		n++
		if string(v) == "s" {
			h++
		}
		return nil
	}); err != nil {
		return err
	}
	switch {
	case lim.MaxActive > 0 && n >= lim.MaxActive:
		return backend.TooManyJobs(lim, false)
	case heavy && lim.MaxActiveStems > 0 && h >= lim.MaxActiveStems:
		return backend.TooManyJobs(lim, true)
	}
	v := []byte{}
	if heavy {
		v = []byte("s")
	}
	return b.Put([]byte(id), v)
}

// dropActive removes job id from owner's active set.
func dropActive(tx *bolt.Tx, owner jobs.KeyID, id jobs.JobID) error {
	b := tx.Bucket(bucketActive).Bucket([]byte(owner))
	if b == nil {
		return nil
	}
	return b.Delete([]byte(id))
}

// endActive takes a job that stops running (finished, or removed) out of
// its owner's active set and drops its lease.
func endActive(tx *bolt.Tx, owner jobs.KeyID, id jobs.JobID) error {
	if err := dropActive(tx, owner, id); err != nil {
		return err
	}
	return tx.Bucket(bucketLeases).Delete([]byte(id))
}

// ActiveJobs returns how many jobs of owner are queued or running, and how
// many of them make stems.
func (s *Store) ActiveJobs(owner jobs.KeyID) (n, heavy int, err error) {
	err = s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketActive).Bucket([]byte(owner))
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			n++
			if string(v) == "s" {
				heavy++
			}
			return nil
		})
	})
	return n, heavy, err
}

// openQueue prepares the admission buckets at Open: the active sets are
// rebuilt from the running jobs (the records are the truth; this also
// covers databases written before the sets existed) and every lease is
// dropped (the process that held it is gone).
func openQueue(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketActive, bucketLeases} {
		if tx.Bucket(name) != nil {
			if err := tx.DeleteBucket(name); err != nil {
				return err
			}
		}
		if _, err := tx.CreateBucket(name); err != nil {
			return err
		}
	}
	act := tx.Bucket(bucketActive)
	return tx.Bucket(bucketJobs).ForEach(func(k, v []byte) error {
		var r jobRecord
		if err := json.Unmarshal(v, &r); err != nil || r.Status != jobs.StatusRunning {
			return nil // an undecodable record is the open checks' business
		}
		b, err := act.CreateBucketIfNotExists([]byte(r.Owner))
		if err != nil {
			return err
		}
		val := []byte{}
		if backend.Heavy(r.Options) {
			val = []byte("s")
		}
		return b.Put([]byte(r.ID), val)
	})
}

// StartAttempt implements jobs.AttemptRecorder.
func (s *Store) StartAttempt(ctx context.Context, id jobs.JobID, at, until time.Time) (bool, error) {
	ok := false
	err := s.db.Update(func(tx *bolt.Tx) error {
		jb, lb := tx.Bucket(bucketJobs), tx.Bucket(bucketLeases)
		var r jobRecord
		if err := getJSON(jb, string(id), &r, jobs.JobNotFound(id)); err != nil {
			return err
		}
		if r.Status != jobs.StatusRunning {
			return backend.AlreadyFinished(id, r.Status)
		}
		var l leaseRecord
		if err := getJSON(lb, string(id), &l, errMissing); err == nil && l.Until.After(at) {
			return nil // held by another delivery
		} else if err != nil && !isNotFound(err) {
			return err
		}
		r.AttemptedAt = at.UTC()
		if err := putJSON(jb, string(id), r); err != nil {
			return err
		}
		ok = true
		return putJSON(lb, string(id), leaseRecord{At: at.UTC(), Until: until.UTC()})
	})
	return ok, err
}

// EndAttempt implements jobs.AttemptRecorder.
func (s *Store) EndAttempt(ctx context.Context, id jobs.JobID, at time.Time) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		lb := tx.Bucket(bucketLeases)
		var l leaseRecord
		if err := getJSON(lb, string(id), &l, errMissing); isNotFound(err) {
			return nil
		} else if err != nil {
			return err
		}
		if !l.At.Equal(at.UTC()) {
			return nil
		}
		return lb.Delete([]byte(id))
	})
}
