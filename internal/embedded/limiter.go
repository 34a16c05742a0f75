package embedded

import (
	"context"
	"encoding/binary"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Allow implements jobs.Limiter with a fixed-window counter per bucket.
func (s *Store) Allow(ctx context.Context, bucket string, limit int, window time.Duration, now time.Time) (jobs.Decision, error) {
	start := now.Truncate(window)
	reset := start.Add(window)
	key := []byte(bucket)
	var d jobs.Decision
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketLimits)
		var count uint64
		if v := b.Get(key); len(v) == 16 && int64(binary.BigEndian.Uint64(v[:8])) == start.UnixNano() {
			count = binary.BigEndian.Uint64(v[8:])
		}
		if count >= uint64(limit) {
			d = jobs.Decision{Allowed: false, Reset: reset.Sub(now), RetryAfter: reset.Sub(now)}
			return nil
		}
		count++
		var v [16]byte
		binary.BigEndian.PutUint64(v[:8], uint64(start.UnixNano()))
		binary.BigEndian.PutUint64(v[8:], count)
		d = jobs.Decision{Allowed: true, Remaining: limit - int(count), Reset: reset.Sub(now)}
		return b.Put(key, v[:])
	})
	return d, err
}

// PurgeLimits drops rate windows that ended before now.
// It writes only when there is something to delete (an idle server does
// not write to its database).
func (s *Store) PurgeLimits(now time.Time, maxWindow time.Duration) error {
	stale := func(v []byte) bool {
		return len(v) != 16 || time.Unix(0, int64(binary.BigEndian.Uint64(v[:8]))).Add(maxWindow).Before(now)
	}
	found := false
	if err := s.db.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketLimits).Cursor()
		for k, v := c.First(); k != nil && !found; k, v = c.Next() {
			found = stale(v)
		}
		return nil
	}); err != nil || !found {
		return err
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketLimits).Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if stale(v) {
				if err := c.Delete(); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
