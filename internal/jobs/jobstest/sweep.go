package jobstest

import (
	"context"
	"errors"
	"io"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// SweepStore is a job store with the retention and health ports.
type SweepStore interface {
	jobs.JobStore
	jobs.Sweeper
	jobs.Prober
}

// RunSweeper runs the Sweeper and Prober contract against stores made by
// open. Probe answers nil on a working store. A store that sweeps (ttl
// false) removes an expired job and its idempotency record only after
// deleting every media key the job could have written, keeps the job not
// yet expired, reports the ids it removed, and stops at a media error
// keeping the job; a store whose database expires records by itself (ttl
// true: DynamoDB's TTL) sweeps nothing and deletes no media.
func RunSweeper(t *testing.T, ttl bool, open func(t *testing.T) SweepStore) {
	ctx := context.Background()
	t.Run("Probe", func(t *testing.T) {
		if err := open(t).Probe(ctx); err != nil {
			t.Fatalf("Probe of a working store: %v", err)
		}
	})
	t.Run("Sweep", func(t *testing.T) {
		s := open(t)
		old, fresh := NewJob("sweep-owner"), NewJob("sweep-owner")
		fresh.ExpiresAt = T0.Add(72 * time.Hour)
		for _, j := range []*jobs.Job{old, fresh} {
			mustCreate(t, s, j)
		}
		media := &deleteLog{}
		now := T0.Add(25 * time.Hour)
		removed, err := s.Sweep(ctx, now, time.Hour, media)
		if err != nil {
			t.Fatalf("Sweep: %v", err)
		}
		if ttl {
			if len(removed) != 0 || len(media.keys) != 0 {
				t.Fatalf("a TTL store swept %v and deleted media %v, want nothing", removed, media.keys)
			}
			return
		}
		if !slices.Contains(removed, old.ID) || slices.Contains(removed, fresh.ID) {
			t.Fatalf("Sweep at %v removed %v, want %s (expired) and not %s", now, removed, old.ID, fresh.ID)
		}
		for _, k := range jobs.MediaKeys(old) {
			if !slices.Contains(media.keys, k) {
				t.Errorf("Sweep removed the job but not its media %s (deleted %v)", k, media.keys)
			}
		}
		for _, k := range jobs.MediaKeys(fresh) {
			if slices.Contains(media.keys, k) {
				t.Errorf("Sweep deleted %s of a job not expired", k)
			}
		}
		if _, err := s.Job(ctx, old.ID); !jobs.IsCode(err, jobs.ENotFound) {
			t.Fatalf("the swept job still reads: %v", err)
		}
		if _, err := s.Job(ctx, fresh.ID); err != nil {
			t.Fatalf("the job not expired is gone: %v", err)
		}
	})
	if ttl {
		return
	}
	t.Run("StopsAtMediaError", func(t *testing.T) {
		s := open(t)
		j := NewJob("sweep-owner")
		mustCreate(t, s, j)
		boom := errors.New("media down")
		removed, err := s.Sweep(ctx, T0.Add(25*time.Hour), time.Hour, &deleteLog{err: boom})
		if !errors.Is(err, boom) || slices.Contains(removed, j.ID) {
			t.Fatalf("Sweep with failing media: removed %v, %v; want the media error and the job kept", removed, err)
		}
		if _, err := s.Job(ctx, j.ID); err != nil {
			t.Fatalf("the job whose media could not be deleted is gone: %v", err)
		}
	})
}

// deleteLog is a jobs.Media that records DeleteMedia calls and fails them
// with err when set.
type deleteLog struct {
	mu   sync.Mutex
	keys []string
	err  error
}

func (m *deleteLog) PutMedia(ctx context.Context, key, contentType string, body io.Reader, size int64) error {
	return errors.New("deleteLog: no puts")
}

func (m *deleteLog) MediaURL(ctx context.Context, key string, ttl time.Duration) (string, error) {
	return "", errors.New("deleteLog: no URLs")
}

func (m *deleteLog) DeleteMedia(ctx context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err != nil {
		return m.err
	}
	m.keys = append(m.keys, key)
	return nil
}
