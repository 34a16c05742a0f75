package embedded

import (
	"context"
	"encoding/json"
	"sort"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

// CreateKey implements jobs.KeyStore.
func (s *Store) CreateKey(ctx context.Context, k *jobs.APIKey) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketKeys)
		var old jobs.APIKey
		switch err := getJSON(b, string(k.ID), &old, backend.KeyNotFound(k.ID)); {
		case err == nil && backend.SameKey(&old, k):
			return nil
		case err == nil:
			return backend.Exists("API key " + string(k.ID))
		case !isNotFound(err):
			return err
		}
		return putJSON(b, string(k.ID), k)
	})
}

// Key implements jobs.KeyStore.
func (s *Store) Key(ctx context.Context, id jobs.KeyID) (*jobs.APIKey, error) {
	var k jobs.APIKey
	if err := s.db.View(func(tx *bolt.Tx) error {
		return getJSON(tx.Bucket(bucketKeys), string(id), &k, backend.KeyNotFound(id))
	}); err != nil {
		return nil, err
	}
	return &k, nil
}

// Keys implements jobs.KeyStore.
func (s *Store) Keys(ctx context.Context) ([]*jobs.APIKey, error) {
	var out []*jobs.APIKey
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketKeys).ForEach(func(_, v []byte) error {
			var k jobs.APIKey
			if err := json.Unmarshal(v, &k); err != nil {
				return err
			}
			out = append(out, &k)
			return nil
		})
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].CreatedAt.Before(out[j].CreatedAt) })
	return out, err
}

// RevokeKey implements jobs.KeyStore.
func (s *Store) RevokeKey(ctx context.Context, id jobs.KeyID, at time.Time) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketKeys)
		var k jobs.APIKey
		if err := getJSON(b, string(id), &k, backend.KeyNotFound(id)); err != nil {
			return err
		}
		k.RevokedAt = at.UTC()
		return putJSON(b, string(id), k)
	})
}
