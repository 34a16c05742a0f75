package embedded

import (
	"bytes"
	"context"
	"encoding/json"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

// bucketOwners indexes jobs by owner in history order: the key is
// owner NUL backend.SortKey, the value the job id. Every write of a
// new job adds its entry in the same transaction; DeleteJob removes it.
var bucketOwners = []byte("owner_jobs")

// metaOwnerIndex marks a database whose owner index is complete (built
// for the jobs stored before the index existed).
var metaOwnerIndex = []byte("owner_index_v1")

func ownerKey(owner jobs.KeyID, c jobs.Cursor) []byte {
	return []byte(string(owner) + "\x00" + backend.SortKey(c))
}

// indexJob adds j to its owner's history.
func indexJob(tx *bolt.Tx, j *jobs.Job) error {
	return tx.Bucket(bucketOwners).Put(ownerKey(j.Owner, backend.CursorOf(j)), []byte(j.ID))
}

// buildOwnerIndex indexes every stored job once, for databases written
// before the index existed.
func buildOwnerIndex(tx *bolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	if meta.Get(metaOwnerIndex) != nil {
		return nil
	}
	err := tx.Bucket(bucketJobs).ForEach(func(_, v []byte) error {
		var r jobRecord
		if err := json.Unmarshal(v, &r); err != nil {
			return err
		}
		return indexJob(tx, (*jobs.Job)(&r))
	})
	if err != nil {
		return err
	}
	return meta.Put(metaOwnerIndex, []byte{1})
}

// ListJobs implements jobs.JobLister.
func (s *Store) ListJobs(ctx context.Context, owner jobs.KeyID, limit int, cursor string, now time.Time) ([]*jobs.Job, string, error) {
	prefix := []byte(string(owner) + "\x00")
	start := []byte(string(owner) + "\x01") // just after the owner's last entry
	if cursor != "" {
		c, err := jobs.ParseCursor(cursor)
		if err != nil {
			return nil, "", err
		}
		start = ownerKey(owner, c)
	}
	var page []*jobs.Job
	next := ""
	err := s.db.View(func(tx *bolt.Tx) error {
		cur, jb := tx.Bucket(bucketOwners).Cursor(), tx.Bucket(bucketJobs)
		var k, v []byte
		if first, _ := cur.Seek(start); first == nil {
			k, v = cur.Last()
		} else {
			k, v = cur.Prev()
		}
		for ; k != nil && bytes.HasPrefix(k, prefix); k, v = cur.Prev() {
			if len(page) == limit {
				next = backend.CursorOf(page[len(page)-1]).Encode()
				return nil
			}
			var r jobRecord
			if err := getJSON(jb, string(v), &r, errMissing); isNotFound(err) {
				continue // deleted meanwhile
			} else if err != nil {
				return err
			}
			if j := jobs.Job(r); !j.Expired(now) {
				page = append(page, &j)
			}
		}
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	return page, next, nil
}

// unindexJob removes the history entry of the job stored under id.
func unindexJob(tx *bolt.Tx, id jobs.JobID) error {
	var r jobRecord
	if err := getJSON(tx.Bucket(bucketJobs), string(id), &r, errMissing); isNotFound(err) {
		return nil
	} else if err != nil {
		return err
	}
	return tx.Bucket(bucketOwners).Delete(ownerKey(r.Owner, backend.CursorOf((*jobs.Job)(&r))))
}
