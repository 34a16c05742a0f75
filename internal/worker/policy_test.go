package worker_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/worker"
)

// deletes records DeleteMedia calls of a media fake.
type deletingMedia struct {
	media
	deleted []string
}

func (m *deletingMedia) DeleteMedia(_ context.Context, key string) error {
	m.deleted = append(m.deleted, key)
	return nil
}

func TestHandle(t *testing.T) {
	ctx := context.Background()
	t.Run("PanicIsAFailedAttempt", func(t *testing.T) {
		gen := &jobstest.Generator{Func: func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) { panic("index out of range") }}
		w, st, id := setup(t, gen, &media{})
		w.RetryBase, w.RetryMax = 2*time.Second, time.Minute
		dec := w.Handle(ctx, jobs.Delivery{JobID: id, Attempt: 1}, false)
		if dec.Outcome != worker.Retry || !dec.Release || dec.Delay != 2*time.Second || dec.Err == nil {
			t.Fatalf("attempt 1: %+v", dec)
		}
		dec = w.Handle(ctx, jobs.Delivery{JobID: id, Attempt: 2}, false)
		if dec.Outcome != worker.Failed || dec.Release {
			t.Fatalf("last attempt: %+v", dec)
		}
		if j, _ := st.Job(ctx, id); j.Status != jobs.StatusFailed || j.Error != worker.MsgRetriesExhausted {
			t.Fatalf("job %+v", j)
		}
	})
	t.Run("DeadlineOnLastAttemptFails", func(t *testing.T) {
		// The generator overruns the invocation's deadline; the worker
		// stops it DeadlineReserve early and records the outcome.
		gen := &jobstest.Generator{Func: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}}
		w, st, id := setup(t, gen, &media{})
		w.Timeout, w.DeadlineReserve = time.Hour, 200*time.Millisecond
		for i, want := range []worker.Outcome{worker.Retry, worker.Failed} {
			attempt := i + 1
			dctx, cancel := context.WithTimeout(ctx, 400*time.Millisecond)
			start := time.Now()
			dec := w.Handle(dctx, jobs.Delivery{JobID: id, Attempt: attempt}, false)
			cancel()
			if dec.Outcome != want || dec.Release != (want == worker.Retry) {
				t.Fatalf("attempt %d: %+v, want %s", attempt, dec, want)
			}
			if el := time.Since(start); el > 350*time.Millisecond {
				t.Fatalf("attempt %d took %v: the reserve was not kept", attempt, el)
			}
		}
		if j, _ := st.Job(ctx, id); j.Status != jobs.StatusFailed {
			t.Fatalf("job %s after the last attempt ran out of time", j.Status)
		}
	})
	t.Run("GenerationTimeoutIsAFailedAttempt", func(t *testing.T) {
		gen := &jobstest.Generator{Func: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
			<-ctx.Done()
			return jobstest.TinySong(), nil // ignores the deadline's error: still too late
		}}
		w, _, id := setup(t, gen, &media{})
		w.MaxAttempts, w.Timeout = 1, 50*time.Millisecond
		if dec := w.Handle(ctx, jobs.Delivery{JobID: id, Attempt: 1}, false); dec.Outcome != worker.Failed {
			t.Fatalf("%+v", dec)
		}
	})
	t.Run("ShutdownDoesNotCount", func(t *testing.T) {
		gen := &jobstest.Generator{Func: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}}
		w, st, id := setup(t, gen, &media{})
		w.RetryBase = time.Second
		cctx, cancel := context.WithCancel(ctx)
		time.AfterFunc(20*time.Millisecond, cancel)
		dec := w.Handle(cctx, jobs.Delivery{JobID: id, Attempt: 2}, false) // the last attempt
		if dec.Outcome != worker.Retry || !dec.Release || dec.Delay != 0 || !dec.Interrupted {
			t.Fatalf("%+v", dec)
		}
		if j, _ := st.Job(ctx, id); j.Status != jobs.StatusRunning {
			t.Fatalf("job %s after an interrupted attempt", j.Status)
		}
	})
	t.Run("CrashHeadroom", func(t *testing.T) {
		w, st, id := setup(t, &jobstest.Generator{Func: func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) {
			return nil, errors.New("flaky")
		}}, &media{})
		w.CrashHeadroom = 2
		// Attempt 1 on the 4th delivery: three deliveries crashed.
		if dec := w.Handle(ctx, jobs.Delivery{JobID: id, Attempt: 1, Received: 4}, false); dec.Outcome != worker.Retry {
			t.Fatalf("within headroom: %+v", dec)
		}
		dec := w.Handle(ctx, jobs.Delivery{JobID: id, Attempt: 1, Received: 5}, false)
		if dec.Outcome != worker.Failed || dec.Release {
			t.Fatalf("beyond headroom: %+v", dec)
		}
		if j, _ := st.Job(ctx, id); j.Status != jobs.StatusFailed {
			t.Fatalf("job %s", j.Status)
		}
	})
	t.Run("DeadLetter", func(t *testing.T) {
		gen := &jobstest.Generator{}
		w, _, id := setup(t, gen, &media{})
		if dec := w.Handle(ctx, jobs.Delivery{JobID: id, Attempt: 1}, true); dec.Outcome != worker.Failed || gen.Calls.Load() != 0 {
			t.Fatalf("%+v, %d generations", dec, gen.Calls.Load())
		}
	})
	t.Run("FailedAttemptDeletesWhatItStored", func(t *testing.T) {
		m := &deletingMedia{}
		m.put = func(key string) error {
			if strings.HasSuffix(key, ".png") {
				return errors.New("disk full")
			}
			return nil
		}
		w, _, id := setup(t, &jobstest.Generator{}, &media{})
		w.Media = m
		if out, _ := w.Process(ctx, id, 1); out != worker.Retry {
			t.Fatalf("%s", out)
		}
		if len(m.deleted) != 1 || m.deleted[0] != mediakey.Song(id, "wav") {
			t.Fatalf("deleted %v, want the song stored before the cover failed", m.deleted)
		}
	})
}

func TestRetryDelay(t *testing.T) {
	w := &worker.Worker{RetryBase: 2 * time.Second, RetryMax: 64 * time.Second}
	for attempt, want := range map[int]time.Duration{0: 2 * time.Second, 1: 2 * time.Second, 2: 4 * time.Second, 6: 64 * time.Second, 40: 64 * time.Second} {
		if got := w.RetryDelay(attempt); got != want {
			t.Errorf("attempt %d: %v, want %v", attempt, got, want)
		}
	}
	if (&worker.Worker{}).RetryDelay(3) != 0 {
		t.Error("no base, no delay")
	}
}
