package jobstest

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// AdmitStore is a store with the admission ports (issue 27): the embedded
// database and the DynamoDB table implement all three.
type AdmitStore interface {
	jobs.JobStore
	jobs.Admitter
	jobs.AttemptRecorder
}

// StemsJob returns NewJob(owner) asking for stems (a heavy job).
func StemsJob(owner jobs.KeyID) *jobs.Job {
	j := NewJob(owner)
	j.Options = &jobs.Options{Outputs: []string{jobs.OutputStems}}
	return j
}

// RunAdmitter runs the contract of Admitter and AttemptRecorder: the caps
// per key (all or nothing: a refused job leaves nothing behind), their
// release when a job ends, idempotent admission, and attempt leases.
func RunAdmitter(t *testing.T, open func(t *testing.T) AdmitStore) {
	ctx := context.Background()
	lim := jobs.Limits{MaxActive: 3, MaxActiveStems: 1}
	admit := func(t *testing.T, s AdmitStore, j *jobs.Job, idem string) jobs.Admission {
		t.Helper()
		a, err := s.Admit(ctx, j, idem, lim)
		if err != nil {
			t.Fatalf("admit %s: %v", j.ID, err)
		}
		return a
	}
	refused := func(t *testing.T, s AdmitStore, j *jobs.Job) {
		t.Helper()
		if _, err := s.Admit(ctx, j, "", lim); !jobs.IsCode(err, jobs.ETooManyJobs) {
			t.Fatalf("admit over the cap: err = %v, want too_many_jobs", err)
		}
		if _, err := s.Job(ctx, j.ID); !jobs.IsCode(err, jobs.ENotFound) {
			t.Fatalf("a refused job was stored: err = %v", err)
		}
	}
	t.Run("OK", func(t *testing.T) {
		s := open(t)
		j := NewJob(owner("a"))
		a := admit(t, s, j, "")
		if !a.Created || a.Job.ID != j.ID {
			t.Fatalf("admission %+v", a)
		}
		got, err := s.Job(ctx, j.ID)
		if err != nil || got.Status != jobs.StatusRunning || !got.AttemptedAt.IsZero() {
			t.Fatalf("stored %+v, %v", got, err)
		}
	})
	t.Run("ErrTooManyJobs", func(t *testing.T) {
		s := open(t)
		a, b := owner("a"), owner("b")
		var first *jobs.Job
		for i := range lim.MaxActive {
			j := NewJob(a)
			if i == 0 {
				first = j
			}
			admit(t, s, j, "")
		}
		refused(t, s, NewJob(a))
		admit(t, s, NewJob(b), "") // another key has its own cap
		if err := s.FailJob(ctx, first.ID, jobs.MsgCanceled, T0); err != nil {
			t.Fatal(err)
		}
		admit(t, s, NewJob(a), "") // an ended job frees its place
		refused(t, s, NewJob(a))
	})
	t.Run("ErrTooManyJobsStems", func(t *testing.T) {
		s := open(t)
		a := owner("a")
		heavy := StemsJob(a)
		admit(t, s, heavy, "")
		refused(t, s, StemsJob(a))
		admit(t, s, NewJob(a), "") // a light job still fits
		if err := s.CompleteJob(ctx, heavy.ID, jobs.Result{Title: "t", SongKey: "s", ImageKey: "i"}, T0); err != nil {
			t.Fatal(err)
		}
		admit(t, s, StemsJob(a), "")
	})
	t.Run("ConcurrentAdmitsKeepTheCap", func(t *testing.T) {
		s := open(t)
		a := owner("a")
		var ok atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.Admit(ctx, NewJob(a), "", lim)
				switch {
				case err == nil:
					ok.Add(1)
				case !jobs.IsCode(err, jobs.ETooManyJobs) && !jobs.IsCode(err, jobs.EUnavailable):
					t.Errorf("admit: %v", err)
				}
			}()
		}
		wg.Wait()
		if n := ok.Load(); n > int32(lim.MaxActive) || n == 0 {
			t.Fatalf("%d of 8 concurrent admissions succeeded, cap %d", n, lim.MaxActive)
		}
	})
	t.Run("Idempotent", func(t *testing.T) {
		s := open(t)
		a := owner("a")
		j := NewJob(a)
		admit(t, s, j, "k")
		again := admit(t, s, j, "k") // a retried call
		if !again.Created || again.Job.ID != j.ID {
			t.Fatalf("retried call: %+v", again)
		}
		other := admit(t, s, NewJob(a), "k")
		if other.Created || other.Job.ID != j.ID {
			t.Fatalf("repeat with the same key: %+v, want job %s not created", other, j.ID)
		}
	})
	t.Run("Lease", func(t *testing.T) {
		s := open(t)
		j := NewJob(owner("a"))
		admit(t, s, j, "")
		at1, at2 := T0.Add(time.Minute), T0.Add(2*time.Minute)
		if ok, err := s.StartAttempt(ctx, j.ID, at1, at1.Add(10*time.Minute)); !ok || err != nil {
			t.Fatalf("first attempt: %v %v", ok, err)
		}
		if got, err := s.Job(ctx, j.ID); err != nil || !got.AttemptedAt.Equal(at1) {
			t.Fatalf("attempted_at %v, want %v (%v)", got.AttemptedAt, at1, err)
		}
		if ok, err := s.StartAttempt(ctx, j.ID, at2, at2.Add(10*time.Minute)); ok || err != nil {
			t.Fatalf("a duplicate delivery took a held lease: %v %v", ok, err)
		}
		if err := s.EndAttempt(ctx, j.ID, at2); err != nil { // not its lease: no effect
			t.Fatal(err)
		}
		if ok, _ := s.StartAttempt(ctx, j.ID, at2, at2.Add(10*time.Minute)); ok {
			t.Fatal("another attempt's EndAttempt released the lease")
		}
		if err := s.EndAttempt(ctx, j.ID, at1); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.StartAttempt(ctx, j.ID, at2, at2.Add(10*time.Minute)); !ok || err != nil {
			t.Fatalf("after release: %v %v", ok, err)
		}
		late := at2.Add(11 * time.Minute) // the lease has expired: its holder died
		if ok, err := s.StartAttempt(ctx, j.ID, late, late.Add(time.Minute)); !ok || err != nil {
			t.Fatalf("after expiry: %v %v", ok, err)
		}
		if err := s.CompleteJob(ctx, j.ID, jobs.Result{Title: "t", SongKey: "s", ImageKey: "i"}, late); err != nil {
			t.Fatal(err)
		}
		if _, err := s.StartAttempt(ctx, j.ID, late.Add(2*time.Minute), late.Add(3*time.Minute)); !jobs.IsCode(err, jobs.EConflict) {
			t.Fatalf("attempt of a finished job: err = %v, want conflict", err)
		}
		if _, err := s.StartAttempt(ctx, jobs.NewJobID(), at1, at2); !jobs.IsCode(err, jobs.ENotFound) {
			t.Fatalf("attempt of a missing job: err = %v, want not found", err)
		}
	})
}

// owner returns a key id unique to the test (stores shared between
// subtests keep their caps apart).
func owner(name string) jobs.KeyID {
	return jobs.KeyID(name + string(jobs.NewJobID())[:8])
}
