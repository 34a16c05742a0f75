package embedded_test

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

func MustOpen(t *testing.T, opts embedded.Options) *embedded.Store {
	t.Helper()
	s, err := embedded.Open(filepath.Join(t.TempDir(), "songsmith.db"), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestJobStore(t *testing.T) {
	jobstest.RunJobStore(t, func(t *testing.T) jobs.JobStore { return MustOpen(t, embedded.Options{}) })
}

func TestKeyStore(t *testing.T) {
	jobstest.RunKeyStore(t, func(t *testing.T) jobs.KeyStore { return MustOpen(t, embedded.Options{}) })
}

func TestWebhookRecorder(t *testing.T) {
	jobstest.RunWebhookRecorder(t, func(t *testing.T) interface {
		jobs.JobStore
		jobs.WebhookRecorder
	} {
		return MustOpen(t, embedded.Options{})
	})
}

func TestSweeper(t *testing.T) {
	jobstest.RunSweeper(t, false, func(t *testing.T) jobstest.SweepStore { return MustOpen(t, embedded.Options{}) })
}

func TestLimiter(t *testing.T) {
	jobstest.RunLimiter(t, func(t *testing.T) jobs.Limiter { return MustOpen(t, embedded.Options{}) })
}

func TestQueue(t *testing.T) {
	jobstest.RunQueue(t, time.Second, func(t *testing.T) (jobs.Queue, jobs.Consumer) {
		s := MustOpen(t, embedded.Options{Visibility: time.Second})
		return s, s
	})
}

func TestMedia(t *testing.T) {
	jobstest.RunMedia(t, func(t *testing.T) jobs.Media {
		m := &embedded.Media{Dir: t.TempDir(), Key: []byte("test-signing-key")}
		srv := httptest.NewServer(m)
		t.Cleanup(srv.Close)
		m.BaseURL = srv.URL
		return m
	})
}

// A message in flight when the process died is delivered again at once
// after reopening; the attempt the crash cut short is not counted, the
// delivery is.
func TestReopenRedeliversInFlight(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "songsmith.db")
	s, err := embedded.Open(path, embedded.Options{Visibility: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	id := jobs.NewJobID()
	if err := s.Enqueue(ctx, id); err != nil {
		t.Fatal(err)
	}
	if ds, _ := s.Receive(ctx, 1, 0); len(ds) != 1 {
		t.Fatalf("first receive got %d", len(ds))
	}
	s.Close()
	s, err = embedded.Open(path, embedded.Options{Visibility: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ds, err := s.Receive(ctx, 1, 0)
	if err != nil || len(ds) != 1 || ds[0].JobID != id || ds[0].Attempt != 1 || ds[0].Receives() != 2 {
		t.Fatalf("after reopen got %+v, %v; want job %s attempt 1, delivery 2", ds, err, id)
	}
}

// After a crash, the messages that were in flight wait RestartDelay per
// interrupted delivery, so other jobs are taken first; a released (failed)
// attempt counts.
func TestReopenHoldsBackCrashedMessages(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "songsmith.db")
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	opts := embedded.Options{Visibility: time.Hour, RestartDelay: time.Minute, Now: func() time.Time { return now }}
	s, err := embedded.Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	crashed, failed, waiting := jobs.NewJobID(), jobs.NewJobID(), jobs.NewJobID()
	for _, id := range []jobs.JobID{crashed, failed, waiting} {
		if err := s.Enqueue(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	ds, _ := s.Receive(ctx, 2, 0)
	if len(ds) != 2 || ds[0].JobID != crashed || ds[1].JobID != failed {
		t.Fatalf("first receive %+v", ds)
	}
	if err := s.Release(ctx, ds[1], 0); err != nil { // attempt 1 of failed ended
		t.Fatal(err)
	}
	s.Close() // crashed is still in flight: the process "died"
	if s, err = embedded.Open(path, opts); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ds, _ = s.Receive(ctx, 3, 0)
	if len(ds) != 2 || ds[0].JobID != failed || ds[0].Attempt != 2 || ds[1].JobID != waiting {
		t.Fatalf("after restart got %+v; want failed (attempt 2) and waiting, not crashed", ds)
	}
	now = now.Add(time.Minute)
	ds, _ = s.Receive(ctx, 3, 0)
	if len(ds) != 1 || ds[0].JobID != crashed || ds[0].Attempt != 1 || ds[0].Receives() != 2 {
		t.Fatalf("a minute later got %+v; want crashed, attempt 1, delivery 2", ds)
	}
}

func TestExpiredJobsAndPurge(t *testing.T) {
	ctx := context.Background()
	s := MustOpen(t, embedded.Options{})
	old, fresh := jobstest.NewJob("k"), jobstest.NewJob("k")
	fresh.ExpiresAt = jobstest.T0.Add(48 * time.Hour)
	for _, j := range []*jobs.Job{old, fresh} {
		if err := s.CreateJob(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	exp, err := s.ExpiredJobs(jobstest.T0.Add(25 * time.Hour))
	if err != nil || len(exp) != 1 || exp[0].ID != old.ID {
		t.Fatalf("expired = %v, %v; want only %s", exp, err, old.ID)
	}
	if err := s.RemoveJob(old.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Job(ctx, old.ID); !jobs.IsCode(err, jobs.ENotFound) {
		t.Fatalf("deleted job: err = %v", err)
	}
}

func TestSecretIsStable(t *testing.T) {
	s := MustOpen(t, embedded.Options{})
	a, err := s.Secret("signing", 32)
	if err != nil || len(a) != 32 {
		t.Fatalf("secret %x, %v", a, err)
	}
	b, _ := s.Secret("signing", 32)
	if string(a) != string(b) {
		t.Fatal("secret changed between calls")
	}
}

// An interrupted delivery (a shutdown cancelled its attempt) is visible
// again at once and its attempt is not counted.
func TestInterruptDoesNotCount(t *testing.T) {
	ctx := context.Background()
	s := MustOpen(t, embedded.Options{Visibility: time.Hour})
	id := jobs.NewJobID()
	if err := s.Enqueue(ctx, id); err != nil {
		t.Fatal(err)
	}
	ds, _ := s.Receive(ctx, 1, 0)
	if len(ds) != 1 {
		t.Fatal("nothing received")
	}
	if err := s.Interrupt(ctx, ds[0]); err != nil {
		t.Fatal(err)
	}
	ds, _ = s.Receive(ctx, 1, 0)
	if len(ds) != 1 || ds[0].Attempt != 1 || ds[0].Receives() != 2 {
		t.Fatalf("after interrupt: %+v", ds)
	}
}

func TestWebhookQueue(t *testing.T) {
	jobstest.RunQueue(t, time.Second, func(t *testing.T) (jobs.Queue, jobs.Consumer) {
		s := MustOpen(t, embedded.Options{Visibility: time.Second})
		return s.Webhooks(), s.Webhooks()
	})
	// The two queues are apart.
	s := MustOpen(t, embedded.Options{})
	ctx := context.Background()
	if err := s.Webhooks().Enqueue(ctx, jobs.NewJobID()); err != nil {
		t.Fatal(err)
	}
	if ds, _ := s.Receive(ctx, 1, 0); len(ds) != 0 {
		t.Fatalf("the jobs queue got a webhook message: %+v", ds)
	}
	if ds, _ := s.Webhooks().Receive(ctx, 1, 0); len(ds) != 1 {
		t.Fatalf("webhook queue: %+v", ds)
	}
}
