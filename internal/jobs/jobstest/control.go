package jobstest

import (
	"context"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
)

// runControls checks what cancelling and deleting a job need of a store:
// a cancelled job reads back as cancelled, DeleteJob refuses a running
// job, removes a finished one with its idempotency record (the key can
// be used again) and its history entry, and answers ENotFound after.
func runControls(t *testing.T, open func(t *testing.T) jobs.JobStore) {
	ctx := context.Background()
	t.Run("CanceledReadsBack", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner-cancel")
		mustCreate(t, s, j)
		if err := s.FailJob(ctx, j.ID, jobs.MsgCanceled, T0); err != nil {
			t.Fatal(err)
		}
		got, err := s.Job(ctx, j.ID)
		if err != nil || !got.Canceled() || got.Result != nil {
			t.Fatalf("got %+v, %v; want a cancelled job", got, err)
		}
		if err := s.CompleteJob(ctx, j.ID, jobs.Result{Title: "late"}, T0); !jobs.IsCode(err, jobs.EConflict) {
			t.Fatalf("complete after cancel: %v, want conflict", err)
		}
	})
	t.Run("DeleteJob", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner-delete")
		if _, created, err := s.CreateJobIdempotent(ctx, j, "del-1"); err != nil || !created {
			t.Fatalf("create: %v %v", created, err)
		}
		SameError(t, "delete running", s.DeleteJob(ctx, j.ID), jobs.JobStillRunning(j.ID))
		if _, err := s.Job(ctx, j.ID); err != nil {
			t.Fatalf("a refused delete removed the job: %v", err)
		}
		if err := s.CompleteJob(ctx, j.ID, jobs.Result{Title: "T", SongKey: "a", ImageKey: "b"}, T0); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteJob(ctx, j.ID); err != nil {
			t.Fatalf("delete completed: %v", err)
		}
		_, err := s.Job(ctx, j.ID)
		SameError(t, "read deleted", err, jobs.JobNotFound(j.ID))
		SameError(t, "delete again", s.DeleteJob(ctx, j.ID), jobs.JobNotFound(j.ID))
		_, err = s.IdempotentJob(ctx, j.Owner, "del-1", T0)
		if !jobs.IsCode(err, jobs.ENotFound) {
			t.Fatalf("idempotency record outlived its job: %v", err)
		}
		again := NewJob(j.Owner)
		if got, created, err := s.CreateJobIdempotent(ctx, again, "del-1"); err != nil || !created || got.ID != again.ID {
			t.Fatalf("reuse of a deleted job's idempotency key: %+v %v %v", got, created, err)
		}
		page, _, err := s.ListJobs(ctx, j.Owner, 10, "", T0)
		if err != nil || len(page) != 1 || page[0].ID != again.ID {
			t.Fatalf("history after delete: %d jobs, %v", len(page), err)
		}
	})
	t.Run("DeleteFailedJob", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner-delete-failed")
		mustCreate(t, s, j)
		if err := s.FailJob(ctx, j.ID, jobs.MsgCanceled, T0); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteJob(ctx, j.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Job(ctx, j.ID); !jobs.IsCode(err, jobs.ENotFound) {
			t.Fatalf("read after delete: %v", err)
		}
	})
}
