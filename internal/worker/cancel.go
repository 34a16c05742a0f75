package worker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// errCanceled is the cause of a generation context cancelled because its
// job was cancelled (or otherwise ended) while it ran.
var errCanceled = errors.New("worker: the job was cancelled")

// watch returns a context for one generation that is cancelled (cause
// errCanceled) once the job is no longer running: every CancelPoll the
// job is read again (a DynamoDB GetItem on AWS, a bbolt read locally), so
// a cancelled job stops rendering within CancelPoll. stop ends the watch
// and must be called.
func (w *Worker) watch(ctx context.Context, id jobs.JobID) (gctx context.Context, stop func()) {
	gctx, cancel := context.WithCancelCause(ctx)
	if w.CancelPoll <= 0 {
		return gctx, func() { cancel(nil) }
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(w.CancelPoll)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-gctx.Done():
				return
			case <-t.C:
			}
			j, err := w.Jobs.Job(gctx, id)
			switch {
			case jobs.IsCode(err, jobs.ENotFound), err == nil && j.Status.Terminal():
				cancel(errCanceled)
				return
			case err != nil && gctx.Err() == nil:
				w.log().WarnContext(ctx, "could not read the job to check for a cancellation", "job_id", id, "err", err)
			}
		}
	}()
	return gctx, func() {
		close(done)
		<-finished
		cancel(nil)
	}
}

// canceled ends the attempt of a job that ended while it generated. A job
// another delivery completed meanwhile keeps its files (they are that
// delivery's: keys derive from the id); for a failed job (cancelled, or
// timed out) whatever an attempt stored is deleted. The message is done.
func (w *Worker) canceled(ctx context.Context, j *jobs.Job, log *slog.Logger) (Outcome, error) {
	now, err := w.Jobs.Job(context.WithoutCancel(ctx), j.ID)
	if err == nil && now.Status == jobs.StatusCompleted {
		log.InfoContext(ctx, "job completed by another delivery meanwhile; this attempt stops")
		return Skipped, nil
	}
	w.deleteMedia(ctx, log, jobs.MediaKeys(&jobs.Job{ID: j.ID}))
	log.InfoContext(ctx, "job ended (cancelled or timed out) during generation; its media is deleted")
	return Canceled, nil
}

// lost handles a completion that lost its conditional write: the job
// ended meanwhile. When it was cancelled (failed), the files this attempt
// stored are deleted; when another delivery completed it, they are that
// job's files (keys derive from the id) and stay.
func (w *Worker) lost(ctx context.Context, j *jobs.Job, res *jobs.Result, log *slog.Logger) (Outcome, error) {
	now, err := w.Jobs.Job(context.WithoutCancel(ctx), j.ID)
	if err == nil && now.Status == jobs.StatusCompleted {
		log.InfoContext(ctx, "job finished elsewhere meanwhile")
		return Skipped, nil
	}
	w.deleteMedia(ctx, log, jobs.MediaKeys(&jobs.Job{ID: j.ID, Result: res}))
	log.InfoContext(ctx, "job ended before its completion was stored (cancelled?); its media is deleted")
	return Canceled, nil
}
