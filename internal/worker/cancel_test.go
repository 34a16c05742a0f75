package worker_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/worker"
)

// TestCancelDuringGeneration cancels a job while its generator runs: the
// generation context is cancelled within the poll interval, nothing is
// uploaded, every media key the job could have is deleted, and the job
// stays failed with the error "canceled".
func TestCancelDuringGeneration(t *testing.T) {
	ctx := context.Background()
	started := make(chan struct{})
	stopped := make(chan time.Time, 1)
	gen := &jobstest.Generator{Func: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
		close(started)
		<-ctx.Done() // a render that only a cancellation ends
		stopped <- time.Now()
		return nil, ctx.Err()
	}}
	var mu sync.Mutex
	var puts, deletes []string
	m := &media{put: func(k string) error { mu.Lock(); puts = append(puts, k); mu.Unlock(); return nil }}
	m.del = func(k string) { mu.Lock(); deletes = append(deletes, k); mu.Unlock() }
	w, st, id := setup(t, gen, m)
	w.CancelPoll = 50 * time.Millisecond
	done := make(chan worker.Outcome, 1)
	go func() { out, _ := w.Process(ctx, id, 1); done <- out }()
	<-started
	cancelled := time.Now()
	if err := st.FailJob(ctx, id, jobs.MsgCanceled, time.Now()); err != nil {
		t.Fatal(err)
	}
	var out worker.Outcome
	select {
	case out = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the generation did not stop within 10 s of the cancellation")
	}
	// Generous for shared machines: the poll interval is 50 ms.
	if lag := (<-stopped).Sub(cancelled); lag > 2*time.Second {
		t.Errorf("the generator saw the cancellation after %v", lag)
	}
	if out != worker.Canceled {
		t.Errorf("outcome %s, want canceled", out)
	}
	j, _ := st.Job(ctx, id)
	if !j.Canceled() {
		t.Errorf("job %+v, want cancelled", j)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(puts) != 0 {
		t.Errorf("a cancelled job uploaded %v", puts)
	}
	if want := len(jobs.MediaKeys(&jobs.Job{ID: id})); len(deletes) != want {
		t.Errorf("deleted %v, want every key of the job (%d)", deletes, want)
	}
}

// TestCancelWhileUploading cancels the job after the generator finished,
// while its files are uploading: the completion loses, and the files the
// attempt stored are deleted again.
func TestCancelWhileUploading(t *testing.T) {
	ctx := context.Background()
	var st interface {
		FailJob(context.Context, jobs.JobID, string, time.Time) error
	}
	var id jobs.JobID
	var mu sync.Mutex
	var puts, deletes []string
	m := &media{put: func(k string) error {
		mu.Lock()
		first := len(puts) == 0
		puts = append(puts, k)
		mu.Unlock()
		if first {
			if err := st.FailJob(ctx, id, jobs.MsgCanceled, time.Now()); err != nil {
				t.Error(err)
			}
		}
		return nil
	}}
	m.del = func(k string) { mu.Lock(); deletes = append(deletes, k); mu.Unlock() }
	w, s, jid := setup(t, &jobstest.Generator{}, m)
	st, id = s, jid
	out, err := w.Process(ctx, id, 1)
	if out != worker.Canceled || err != nil {
		t.Fatalf("outcome %s %v, want canceled", out, err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range puts {
		found := false
		for _, d := range deletes {
			found = found || d == p
		}
		if !found {
			t.Errorf("%s was uploaded and not deleted (deleted %v)", p, deletes)
		}
	}
}

// A duplicate delivery whose job another delivery completes meanwhile
// stops generating and deletes nothing: the files are the completed job's.
func TestDuplicateDeliveryKeepsTheWinnersFiles(t *testing.T) {
	ctx := context.Background()
	started := make(chan struct{})
	gen := &jobstest.Generator{Func: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
		close(started)
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	var deletes []string
	var mu sync.Mutex
	m := &media{del: func(k string) { mu.Lock(); deletes = append(deletes, k); mu.Unlock() }}
	w, st, id := setup(t, gen, m)
	w.CancelPoll = 50 * time.Millisecond
	done := make(chan worker.Outcome, 1)
	go func() { out, _ := w.Process(ctx, id, 1); done <- out }()
	<-started
	if err := st.CompleteJob(ctx, id, jobs.Result{Title: "won", SongKey: mediakey.Song(id, "wav"), ImageKey: mediakey.Image(id, "png")}, time.Now()); err != nil {
		t.Fatal(err)
	}
	select {
	case out := <-done:
		if out != worker.Skipped {
			t.Errorf("outcome %s, want skipped", out)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the duplicate did not stop")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(deletes) != 0 {
		t.Errorf("the duplicate deleted the completed job's files: %v", deletes)
	}
}
