package embedded

import (
	"context"

	bolt "go.etcd.io/bbolt"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

// Collections (issue 31 item 5): every piece of a collection, with its
// place in its key's active set and its queue message, is written in one
// bbolt transaction; a key that cannot take them all rolls it back.

var _ backend.CollectionAdmitter = (*Store)(nil)

// AdmitCollection implements backend.CollectionAdmitter in one transaction
// (Queued is always true: the messages are written with the jobs).
func (s *Store) AdmitCollection(ctx context.Context, js []*jobs.Job, idem string, lim jobs.Limits) (jobs.Admission, error) {
	if len(js) == 0 {
		return jobs.Admission{}, jobs.Errorf(jobs.EInvalid, "A collection has at least one piece.")
	}
	var a jobs.Admission
	err := s.db.Update(func(tx *bolt.Tx) error {
		a = jobs.Admission{}
		if idem != "" {
			prev, self, err := idemExisting(tx, js[0], idem)
			switch {
			case err != nil:
				return err
			case prev != nil:
				a.Job = prev // another submission's: created false
				return nil
			case self:
				a = jobs.Admission{Job: js[0], Created: true, Queued: true}
				return nil // a retried call: stored and queued already
			}
		}
		jb := tx.Bucket(bucketJobs)
		for _, j := range js {
			if v := jb.Get([]byte(j.ID)); v != nil {
				return backend.Exists("Job " + string(j.ID))
			}
			heavy := backend.Heavy(j.Options)
			if err := admitActive(tx, j.Owner, j.ID, heavy, lim); err != nil {
				return err // every piece or none: the transaction rolls back
			}
			if err := indexJob(tx, j); err != nil {
				return err
			}
			if err := putJSON(jb, string(j.ID), jobRecord(*j)); err != nil {
				return err
			}
			if err := s.putMessage(tx, bucketQueue, message{JobID: j.ID, Owner: j.Owner, Heavy: heavy, VisibleAt: s.now().UTC()}); err != nil {
				return err
			}
		}
		if idem != "" {
			if err := putIdem(tx, js[0], idem); err != nil {
				return err
			}
		}
		a = jobs.Admission{Job: js[0], Created: true, Queued: true}
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
