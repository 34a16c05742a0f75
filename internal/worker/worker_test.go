package worker_test

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/worker"
)

// media is a func-field fake of jobs.Media.
type media struct {
	put func(key string) error
	del func(key string)
}

func (m *media) PutMedia(_ context.Context, key, _ string, body io.Reader, _ int64) error {
	_, _ = io.Copy(io.Discard, body)
	if m.put != nil {
		return m.put(key)
	}
	return nil
}
func (m *media) MediaURL(context.Context, string, time.Duration) (string, error) { return "", nil }
func (m *media) DeleteMedia(_ context.Context, key string) error {
	if m.del != nil {
		m.del(key)
	}
	return nil
}

func setup(t *testing.T, gen *jobstest.Generator, m *media) (*worker.Worker, *embedded.Store, jobs.JobID) {
	t.Helper()
	st, err := embedded.Open(filepath.Join(t.TempDir(), "db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	j := jobstest.NewJob("k")
	j.StartedAt, j.ExpiresAt = time.Now().UTC(), time.Now().UTC().Add(time.Hour)
	if err := st.CreateJob(context.Background(), j); err != nil {
		t.Fatal(err)
	}
	return &worker.Worker{Jobs: st, Media: m, Generator: gen, MaxAttempts: 2}, st, j.ID
}

func TestProcess(t *testing.T) {
	ctx := context.Background()
	t.Run("OK", func(t *testing.T) {
		var keys []string
		w, st, id := setup(t, &jobstest.Generator{}, &media{put: func(k string) error { keys = append(keys, k); return nil }})
		if out, err := w.Process(ctx, id, 1); out != worker.Completed || err != nil {
			t.Fatalf("%s %v", out, err)
		}
		j, _ := st.Job(ctx, id)
		if j.Status != jobs.StatusCompleted || j.Result.SongKey != mediakey.Song(id, "wav") || len(keys) != 2 ||
			keys[0] != j.Result.SongKey || keys[1] != mediakey.Image(id, "png") {
			t.Fatalf("job %+v, keys %v", j, keys)
		}
	})
	t.Run("MediaFailureRetriesThenFails", func(t *testing.T) {
		w, st, id := setup(t, &jobstest.Generator{}, &media{put: func(string) error { return errors.New("s3 down") }})
		if out, _ := w.Process(ctx, id, 1); out != worker.Retry {
			t.Fatalf("attempt 1: %s", out)
		}
		if j, _ := st.Job(ctx, id); j.Status != jobs.StatusRunning {
			t.Fatalf("job %s after a transient failure", j.Status)
		}
		if out, _ := w.Process(ctx, id, 2); out != worker.Failed {
			t.Fatalf("last attempt: %s", out)
		}
		if j, _ := st.Job(ctx, id); j.Status != jobs.StatusFailed || j.Error != worker.MsgRetriesExhausted {
			t.Fatalf("job %+v", j)
		}
	})
	t.Run("EmptyGeneratorOutputIsRetried", func(t *testing.T) {
		gen := &jobstest.Generator{Func: func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) { return &jobs.Song{}, nil }}
		w, _, id := setup(t, gen, &media{})
		if out, err := w.Process(ctx, id, 1); out != worker.Retry || err == nil {
			t.Fatalf("%s %v", out, err)
		}
	})
	t.Run("UnknownJobSkipped", func(t *testing.T) {
		w, _, _ := setup(t, &jobstest.Generator{}, &media{})
		if out, err := w.Process(ctx, jobs.NewJobID(), 1); out != worker.Skipped || err != nil {
			t.Fatalf("%s %v", out, err)
		}
	})
	t.Run("SameSeedOnRetry", func(t *testing.T) {
		var seeds []uint64
		gen := &jobstest.Generator{Func: func(_ context.Context, _ string, seed uint64, _ jobs.Options) (*jobs.Song, error) {
			seeds = append(seeds, seed)
			return nil, errors.New("flaky")
		}}
		w, _, id := setup(t, gen, &media{})
		w.Process(ctx, id, 1)
		w.Process(ctx, id, 2)
		if len(seeds) != 2 || seeds[0] != seeds[1] || seeds[0] != (&jobs.Job{ID: id}).Seed() {
			t.Fatalf("seeds %v, want the job's seed twice", seeds)
		}
	})
}

func TestDeadLetter(t *testing.T) {
	ctx := context.Background()
	w, st, id := setup(t, &jobstest.Generator{}, &media{})
	if out, _ := w.DeadLetter(ctx, id); out != worker.Failed {
		t.Fatalf("running job: %s", out)
	}
	if out, _ := w.DeadLetter(ctx, id); out != worker.Skipped {
		t.Fatalf("already failed: %s", out)
	}
	if j, _ := st.Job(ctx, id); j.Status != jobs.StatusFailed || j.Error != worker.MsgRetriesExhausted {
		t.Fatalf("job %+v", j)
	}
	if w.Attempts() != 2 || (&worker.Worker{}).Attempts() != 1 {
		t.Fatal("Attempts does not report the effective limit")
	}
}
