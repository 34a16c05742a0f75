package jobstest

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

// runIdempotency is the idempotency part of the JobStore contract.
func runIdempotency(t *testing.T, open func(t *testing.T) jobs.JobStore) {
	ctx := context.Background()
	t.Run("IdempotentFirstCreate", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner1")
		got, created, err := s.CreateJobIdempotent(ctx, j, "retry-1")
		if err != nil || !created || got.ID != j.ID {
			t.Fatalf("create: got %+v created %v err %v, want job %s created", got, created, err, j.ID)
		}
		if _, err := s.Job(ctx, j.ID); err != nil {
			t.Fatalf("created job not stored: %v", err)
		}
		found, err := s.IdempotentJob(ctx, "owner1", "retry-1", T0)
		if err != nil || found.ID != j.ID || found.Prompt != j.Prompt {
			t.Fatalf("IdempotentJob = %+v, %v; want job %s", found, err, j.ID)
		}
	})
	t.Run("IdempotentReplayReturnsFirstJob", func(t *testing.T) {
		s := open(t)
		j1 := NewJob("owner1")
		mustCreateIdem(t, s, j1, "k")
		j2 := NewJob("owner1")
		j2.Prompt = "a different prompt"
		got, created, err := s.CreateJobIdempotent(ctx, j2, "k")
		if err != nil || created || got.ID != j1.ID || got.Prompt != j1.Prompt {
			t.Fatalf("replay: got %+v created %v err %v, want job %s not created", got, created, err, j1.ID)
		}
		if _, err := s.Job(ctx, j2.ID); !jobs.IsCode(err, jobs.ENotFound) {
			t.Fatalf("replay stored a second job: err = %v", err)
		}
	})
	t.Run("IdempotentScopedPerOwner", func(t *testing.T) {
		s := open(t)
		mustCreateIdem(t, s, NewJob("owner1"), "k")
		j := NewJob("owner2")
		if got, created, err := s.CreateJobIdempotent(ctx, j, "k"); err != nil || !created || got.ID != j.ID {
			t.Fatalf("other owner: got %+v created %v err %v", got, created, err)
		}
		_, err := s.IdempotentJob(ctx, "owner3", "k", T0)
		SameError(t, "unknown owner", err, backend.IdempotencyNotFound())
	})
	t.Run("IdempotentReplaySeesState", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner1")
		mustCreateIdem(t, s, j, "k")
		if err := s.FailJob(ctx, j.ID, "The job could not be queued.", T0); err != nil {
			t.Fatal(err)
		}
		got, created, err := s.CreateJobIdempotent(ctx, NewJob("owner1"), "k")
		if err != nil || created || got.ID != j.ID || got.Status != jobs.StatusFailed {
			t.Fatalf("replay of failed job: got %+v created %v err %v", got, created, err)
		}
	})
	t.Run("IdempotentRepeatedCallCreates", func(t *testing.T) {
		// The same call again (its first answer lost) reports created, so
		// the caller still enqueues the job.
		s := open(t)
		j := NewJob("owner1")
		for i := 0; i < 2; i++ {
			got, created, err := s.CreateJobIdempotent(ctx, j, "k")
			if err != nil || !created || got.ID != j.ID {
				t.Fatalf("call %d: got %+v created %v err %v", i+1, got, created, err)
			}
		}
		got, created, err := s.CreateJobIdempotent(ctx, NewJob("owner1"), "k")
		if err != nil || created || got.ID != j.ID {
			t.Fatalf("replay: got %+v created %v err %v", got, created, err)
		}
	})
	t.Run("IdempotentErrConflictOnDuplicateID", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner1")
		mustCreate(t, s, j)
		if _, _, err := s.CreateJobIdempotent(ctx, j, "fresh"); !jobs.IsCode(err, jobs.EConflict) {
			t.Fatalf("err = %v, want conflict", err)
		}
		if _, err := s.IdempotentJob(ctx, "owner1", "fresh", T0); !jobs.IsCode(err, jobs.ENotFound) {
			t.Fatalf("failed create left a record: err = %v", err)
		}
	})
	t.Run("IdempotentConcurrentCreatesOneJob", func(t *testing.T) {
		s := open(t)
		const n = 8
		var wins atomic.Int32
		ids := make([]jobs.JobID, n)
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				got, created, err := s.CreateJobIdempotent(ctx, NewJob("owner1"), "race")
				if err != nil {
					t.Errorf("create %d: %v", i, err)
					return
				}
				if created {
					wins.Add(1)
				}
				ids[i] = got.ID
			}(i)
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Fatalf("%d creates won, want exactly 1", wins.Load())
		}
		for i, id := range ids {
			if id != ids[0] {
				t.Fatalf("call %d got job %s, call 0 got %s", i, id, ids[0])
			}
		}
	})
	t.Run("IdempotentExpiryFreesKey", func(t *testing.T) {
		s := open(t)
		j1 := NewJob("owner1")
		j1.ExpiresAt = T0.Add(time.Hour)
		mustCreateIdem(t, s, j1, "k")
		if _, err := s.IdempotentJob(ctx, "owner1", "k", T0.Add(time.Hour-time.Second)); err != nil {
			t.Fatalf("before expiry: %v", err)
		}
		later := T0.Add(time.Hour)
		if _, err := s.IdempotentJob(ctx, "owner1", "k", later); !jobs.IsCode(err, jobs.ENotFound) {
			t.Fatalf("at expiry: err = %v, want not_found", err)
		}
		j2 := NewJob("owner1")
		j2.StartedAt, j2.ExpiresAt = later, later.Add(time.Hour)
		if got, created, err := s.CreateJobIdempotent(ctx, j2, "k"); err != nil || !created || got.ID != j2.ID {
			t.Fatalf("reuse after expiry: got %+v created %v err %v", got, created, err)
		}
		if got, err := s.IdempotentJob(ctx, "owner1", "k", later); err != nil || got.ID != j2.ID {
			t.Fatalf("after reuse: got %+v err %v, want %s", got, err, j2.ID)
		}
	})
}

func mustCreateIdem(t *testing.T, s jobs.JobStore, j *jobs.Job, idem string) {
	t.Helper()
	if _, created, err := s.CreateJobIdempotent(context.Background(), j, idem); err != nil || !created {
		t.Fatalf("create %s with %q: created %v err %v", j.ID, idem, created, err)
	}
}
