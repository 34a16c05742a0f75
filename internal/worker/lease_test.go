package worker_test

import (
	"context"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/worker"
)

// TestQueueAge: a job that waited longer than MaxQueueAge without an
// attempt fails with the busy-service message and is not rendered; one
// that started an attempt before is rendered whatever its age.
func TestQueueAge(t *testing.T) {
	ctx := context.Background()
	t.Run("ErrQueueTimeout", func(t *testing.T) {
		gen := &jobstest.Generator{}
		w, st, id := setup(t, gen, &media{})
		w.MaxQueueAge, w.Now = time.Minute, func() time.Time { return time.Now().Add(2 * time.Minute) }
		if out, err := w.Process(ctx, id, 1); out != worker.Failed || err != nil {
			t.Fatalf("%s %v", out, err)
		}
		if j, _ := st.Job(ctx, id); j.Error != jobs.MsgQueueTimeout || gen.Calls.Load() != 0 {
			t.Fatalf("job %+v, %d renders", j, gen.Calls.Load())
		}
	})
	t.Run("OKAfterAnAttempt", func(t *testing.T) {
		gen := &jobstest.Generator{}
		w, st, id := setup(t, gen, &media{})
		if _, err := st.StartAttempt(ctx, id, time.Now(), time.Now()); err != nil { // an earlier attempt
			t.Fatal(err)
		}
		w.MaxQueueAge, w.Now = time.Minute, func() time.Time { return time.Now().Add(2 * time.Minute) }
		if out, err := w.Process(ctx, id, 2); out != worker.Completed || err != nil {
			t.Fatalf("%s %v", out, err)
		}
	})
}

// TestLease: with Leases, an attempt records its start on the job and
// holds the job's lease while it renders: a duplicate delivery of the
// same job meanwhile is dropped without rendering; after the attempt the
// lease is released (a retry may run).
func TestLease(t *testing.T) {
	ctx := context.Background()
	started, release := make(chan struct{}), make(chan struct{})
	gen := &jobstest.Generator{Func: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
		close(started)
		<-release
		return nil, context.DeadlineExceeded // a transient failure: the job stays running
	}}
	w, st, id := setup(t, gen, &media{})
	w.Leases, w.Timeout = st, time.Minute
	done := make(chan worker.Outcome)
	go func() { out, _ := w.Process(ctx, id, 1); done <- out }()
	<-started
	if j, _ := st.Job(ctx, id); j.AttemptedAt.IsZero() {
		t.Fatal("the attempt's start was not recorded")
	}
	dup := &worker.Worker{Jobs: st, Media: &media{}, Generator: &jobstest.Generator{}, Leases: st, MaxAttempts: 2}
	if out, err := dup.Process(ctx, id, 1); out != worker.Skipped || err != nil {
		t.Fatalf("duplicate delivery: %s %v, want skipped", out, err)
	}
	close(release)
	if out := <-done; out != worker.Retry {
		t.Fatalf("first delivery: %s", out)
	}
	if out, err := dup.Process(ctx, id, 2); out != worker.Completed || err != nil {
		t.Fatalf("retry after the lease was released: %s %v", out, err)
	}
}
