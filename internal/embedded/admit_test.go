package embedded_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

func TestAdmitter(t *testing.T) {
	jobstest.RunAdmitter(t, func(t *testing.T) jobstest.AdmitStore { return MustOpen(t, embedded.Options{}) })
}

// admitAll admits jobs for owners in the order given (no caps).
func admitAll(t *testing.T, s *embedded.Store, owners ...jobs.KeyID) {
	t.Helper()
	for _, o := range owners {
		if _, err := s.Admit(context.Background(), jobstest.NewJob(o), "", jobs.Limits{}); err != nil {
			t.Fatal(err)
		}
	}
}

// takeOwners receives (and acks) n messages one at a time and returns the
// owner of each job.
func takeOwners(t *testing.T, s *embedded.Store, n int) string {
	t.Helper()
	ctx := context.Background()
	var got []string
	for range n {
		ds, err := s.Receive(ctx, 1, 0)
		if err != nil || len(ds) != 1 {
			t.Fatalf("receive: %v %v", ds, err)
		}
		j, err := s.Job(ctx, ds[0].JobID)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(j.Owner))
		if err := s.Ack(ctx, ds[0]); err != nil {
			t.Fatal(err)
		}
	}
	return strings.Join(got, "")
}

// TestQueueRoundRobin: the queue takes one job per key in turn, each
// key's oldest first, whatever order they were queued in.
func TestQueueRoundRobin(t *testing.T) {
	s := MustOpen(t, embedded.Options{})
	admitAll(t, s, "a", "a", "a", "a", "a", "b", "b", "c")
	if got, want := takeOwners(t, s, 8), "abcabaaa"; got != want {
		t.Fatalf("order %s, want %s (FIFO would be aaaaabbc)", got, want)
	}
	admitAll(t, s, "c", "a", "b", "b") // the cursor carries on after "a"
	if got, want := takeOwners(t, s, 4), "bcab"; got != want {
		t.Fatalf("order %s, want %s", got, want)
	}
}

// TestQueueHeavyPerKey: a key's stems jobs are handed out HeavyPerKey at
// a time; its light jobs and other keys' jobs pass them.
func TestQueueHeavyPerKey(t *testing.T) {
	ctx := context.Background()
	s := MustOpen(t, embedded.Options{HeavyPerKey: 1})
	for range 2 {
		if _, err := s.Admit(ctx, jobstest.StemsJob("a"), "", jobs.Limits{}); err != nil {
			t.Fatal(err)
		}
	}
	admitAll(t, s, "a")
	ds, err := s.Receive(ctx, 3, 0)
	if err != nil || len(ds) != 2 {
		t.Fatalf("received %d (%v), want one stems job and the light one", len(ds), err)
	}
	if more, _ := s.Receive(ctx, 1, 0); len(more) != 0 {
		t.Fatalf("a second stems job of the key went out while one is in flight")
	}
	for _, d := range ds {
		if j, _ := s.Job(ctx, d.JobID); backend.Heavy(j.Options) {
			if err := s.Ack(ctx, d); err != nil {
				t.Fatal(err)
			}
		}
	}
	if more, _ := s.Receive(ctx, 1, time.Second); len(more) != 1 {
		t.Fatalf("the second stems job did not go out after the first ended")
	}
}

// TestAdmitCrashLeavesNothing: a crash inside Admit's transaction, between
// the job and its message, stores neither; the active sets survive a
// restart as the jobs say.
func TestAdmitCrashLeavesNothing(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "songsmith.db")
	s, err := embedded.Open(path, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.SetFault(func(string) { panic("crash") })
	j := jobstest.NewJob("a")
	func() {
		defer func() { _ = recover() }()
		_, _ = s.Admit(ctx, j, "idem", jobs.Limits{MaxActive: 1})
		t.Fatal("the fault did not fire")
	}()
	s.SetFault(nil)
	if _, err := s.Job(ctx, j.ID); !jobs.IsCode(err, jobs.ENotFound) {
		t.Fatalf("job stored without its message: %v", err)
	}
	if n, _ := s.Pending(); n != 0 {
		t.Fatalf("%d messages", n)
	}
	if _, err := s.IdempotentJob(ctx, "a", "idem", jobstest.T0); !jobs.IsCode(err, jobs.ENotFound) {
		t.Fatalf("idempotency record without its job: %v", err)
	}
	admitAll(t, s, "a", "a")
	s.Close()
	if s, err = embedded.Open(path, embedded.Options{}); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if n, _, err := s.ActiveJobs("a"); n != 2 || err != nil {
		t.Fatalf("after restart: %d active (%v), want 2", n, err)
	}
	if n, _ := s.Pending(); n != 2 {
		t.Fatalf("%d messages, want 2", n)
	}
}
