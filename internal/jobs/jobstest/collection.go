package jobstest

import (
	"context"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
	"github.com/songsmith/songsmith/internal/request"
)

// CollectionJobs returns the n running jobs of a new collection of owner
// (issue 31 item 5), as jobs.Service.SubmitCollection makes them; stems
// asks for stems in every piece.
func CollectionJobs(owner jobs.KeyID, n int, stems bool) []*jobs.Job {
	cid := string(jobs.NewJobID())
	count := uint64(n)
	js := make([]*jobs.Job, n)
	for i := range js {
		j := NewJob(owner)
		j.ID = jobs.JobID(request.PieceJobID(cid, i))
		j.Options = &jobs.Options{Count: &count, Piece: &request.Piece{CollectionID: cid, Index: i, Count: n, Seed: 7}}
		if stems {
			j.Options.Outputs = []string{request.OutputStems}
		}
		js[i] = j
	}
	return js
}

// RunCollectionAdmitter runs the contract of backend.CollectionAdmitter: every
// piece or none under the caps (a refused collection leaves nothing
// behind, not even the pieces that would have fitted), and idempotent
// admission naming the first piece.
func RunCollectionAdmitter(t *testing.T, open func(t *testing.T) AdmitStore) {
	ctx := context.Background()
	lim := jobs.Limits{MaxActive: 4, MaxActiveStems: 2}
	ca := func(t *testing.T, s AdmitStore) backend.CollectionAdmitter {
		t.Helper()
		c, ok := s.(backend.CollectionAdmitter)
		if !ok {
			t.Fatalf("%T is no backend.CollectionAdmitter", s)
		}
		return c
	}
	stored := func(t *testing.T, s AdmitStore, js []*jobs.Job, want bool) {
		t.Helper()
		for _, j := range js {
			got, err := s.Job(ctx, j.ID)
			switch {
			case want && (err != nil || got.Status != jobs.StatusRunning || got.Options.Piece == nil || got.Options.Piece.Index != j.Options.Piece.Index):
				t.Fatalf("piece %s: %+v, %v", j.ID, got, err)
			case !want && !jobs.IsCode(err, jobs.ENotFound):
				t.Fatalf("piece %s of a refused collection was stored: %v", j.ID, err)
			}
		}
	}
	t.Run("OK", func(t *testing.T) {
		s := open(t)
		js := CollectionJobs(owner("a"), 4, false)
		a, err := ca(t, s).AdmitCollection(ctx, js, "", lim)
		if err != nil || !a.Created || a.Job.ID != js[0].ID {
			t.Fatalf("admission %+v, %v", a, err)
		}
		stored(t, s, js, true)
	})
	t.Run("ErrTooManyJobsAllOrNothing", func(t *testing.T) {
		s := open(t)
		a := owner("a")
		one := NewJob(a)
		if _, err := s.Admit(ctx, one, "", lim); err != nil {
			t.Fatal(err)
		}
		js := CollectionJobs(a, 4, false) // 3 would fit
		if _, err := ca(t, s).AdmitCollection(ctx, js, "", lim); !jobs.IsCode(err, jobs.ETooManyJobs) {
			t.Fatalf("over the cap: err = %v, want too_many_jobs", err)
		}
		stored(t, s, js, false)
		three := CollectionJobs(a, 3, false)
		if _, err := ca(t, s).AdmitCollection(ctx, three, "", lim); err != nil {
			t.Fatalf("3 beside 1 under a cap of 4: %v", err)
		}
		if _, err := s.Admit(ctx, NewJob(a), "", lim); !jobs.IsCode(err, jobs.ETooManyJobs) {
			t.Fatalf("the pieces do not count against the cap: %v", err)
		}
	})
	t.Run("ErrTooManyJobsStems", func(t *testing.T) {
		s := open(t)
		js := CollectionJobs(owner("a"), 3, true)
		if _, err := ca(t, s).AdmitCollection(ctx, js, "", lim); !jobs.IsCode(err, jobs.ETooManyJobs) {
			t.Fatalf("3 stems pieces under a stems cap of 2: err = %v", err)
		}
		stored(t, s, js, false)
	})
	t.Run("ErrConflict", func(t *testing.T) {
		s := open(t)
		js := CollectionJobs(owner("a"), 3, false)
		if err := s.CreateJob(ctx, js[2]); err != nil {
			t.Fatal(err)
		}
		if _, err := ca(t, s).AdmitCollection(ctx, js, "", lim); !jobs.IsCode(err, jobs.EConflict) {
			t.Fatalf("a piece's id taken: err = %v, want conflict", err)
		}
		stored(t, s, js[:2], false)
	})
	t.Run("Idempotent", func(t *testing.T) {
		s := open(t)
		a := owner("a")
		js := CollectionJobs(a, 2, false)
		if _, err := ca(t, s).AdmitCollection(ctx, js, "k", lim); err != nil {
			t.Fatal(err)
		}
		if j, err := s.IdempotentJob(ctx, a, "k", T0); err != nil || j.ID != js[0].ID {
			t.Fatalf("the record names %v (%v), want the first piece %s", j, err, js[0].ID)
		}
		other := CollectionJobs(a, 2, false)
		again, err := ca(t, s).AdmitCollection(ctx, other, "k", lim)
		if err != nil || again.Created || again.Job.ID != js[0].ID {
			t.Fatalf("repeat with the same key: %+v, %v; want the first piece, not created", again, err)
		}
		stored(t, s, other, false)
	})
}
