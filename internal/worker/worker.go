// Package worker processes one queued job: generate the song, store its
// media, complete or fail the job. Processing is idempotent, so duplicate
// queue deliveries never regenerate or double-complete a job.
package worker

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// DefaultMaxAttempts is how many deliveries a job gets before it is failed.
const DefaultMaxAttempts = 3

// Messages shown to clients in the error field of failed jobs.
const (
	MsgGenerationFailed = "Generation failed. Submit the prompt again."
	MsgRetriesExhausted = "Generation failed after repeated attempts. Submit the prompt again."
)

// Worker generates songs for queued jobs.
type Worker struct {
	Jobs        jobs.JobStore
	Media       jobs.Media
	Generator   jobs.Generator
	MaxAttempts int              // DefaultMaxAttempts when 0
	Timeout     time.Duration    // per generation; none when 0
	Now         func() time.Time // time.Now when nil
	Logger      *slog.Logger     // slog.Default() when nil
	// Metrics receives one Observation per delivery handled; nil records
	// nothing.
	Metrics func(context.Context, Observation)
}

// Observation is what handling one delivery did, for metrics.
type Observation struct {
	JobID        jobs.JobID
	Outcome      Outcome
	Attempt      int           // the delivery count; 0 for a dead-lettered job
	Elapsed      time.Duration // time spent on this delivery
	AudioSeconds float64       // length of the song made; 0 unless Completed
}

// Outcome says what Process did.
type Outcome string

// Process outcomes.
const (
	Completed Outcome = "completed" // the job completed now
	Failed    Outcome = "failed"    // the job failed now (permanent error or last attempt)
	Skipped   Outcome = "skipped"   // nothing to do: missing, expired or already terminal
	Retry     Outcome = "retry"     // a transient error; deliver the message again
)

// Process handles one delivery of a job. attempt counts deliveries from 1.
// It returns Retry with the error when the message should be redelivered;
// every other outcome means the message can be deleted.
func (w *Worker) Process(ctx context.Context, id jobs.JobID, attempt int) (Outcome, error) {
	start := time.Now()
	var audio float64
	out, err := w.process(ctx, id, attempt, &audio)
	w.record(ctx, Observation{JobID: id, Outcome: out, Attempt: attempt, Elapsed: time.Since(start), AudioSeconds: audio})
	return out, err
}

func (w *Worker) record(ctx context.Context, o Observation) {
	if w.Metrics != nil {
		w.Metrics(ctx, o)
	}
}

// process is Process without the metrics; it sets *audio to the song's
// length when it completes the job.
func (w *Worker) process(ctx context.Context, id jobs.JobID, attempt int, audio *float64) (Outcome, error) {
	log := w.log().With("job_id", id, "attempt", attempt)
	j, err := w.Jobs.Job(ctx, id)
	if jobs.IsCode(err, jobs.ENotFound) {
		log.WarnContext(ctx, "job not found; dropping message")
		return Skipped, nil
	} else if err != nil {
		return Retry, err
	}
	if j.Status.Terminal() || j.Expired(w.now()) {
		log.InfoContext(ctx, "job already finished or expired; duplicate delivery", "status", j.Status)
		return Skipped, nil
	}
	start := time.Now()
	res, err := w.generate(ctx, j)
	if err == nil {
		err = w.Jobs.CompleteJob(ctx, id, *res, w.now())
		if jobs.IsCode(err, jobs.EConflict) {
			log.InfoContext(ctx, "job finished elsewhere meanwhile")
			return Skipped, nil
		}
		if err == nil {
			*audio = res.Duration
			log.InfoContext(ctx, "job completed", "title", res.Title, "bpm", res.BPM, "duration_s", res.Duration, "elapsed_ms", time.Since(start).Milliseconds())
			return Completed, nil
		}
	}
	if ctx.Err() != nil {
		return Retry, err // shutting down: leave the job for the next delivery
	}
	permanent := jobs.IsCode(err, jobs.EInvalid)
	if !permanent && attempt < w.maxAttempts() {
		log.WarnContext(ctx, "generation attempt failed; will retry", "err", err)
		return Retry, err
	}
	msg := MsgRetriesExhausted
	if permanent {
		msg = jobs.ErrorMessage(err)
	}
	log.ErrorContext(ctx, "job failed", "err", err)
	return w.fail(ctx, id, msg)
}

// DeadLetter fails a job whose message exhausted its deliveries (the SQS
// dead-letter queue, or the local queue's attempt limit).
func (w *Worker) DeadLetter(ctx context.Context, id jobs.JobID) (Outcome, error) {
	start := time.Now()
	w.log().ErrorContext(ctx, "dead-lettered job", "job_id", id)
	out, err := w.fail(ctx, id, MsgRetriesExhausted)
	w.record(ctx, Observation{JobID: id, Outcome: out, Elapsed: time.Since(start)})
	return out, err
}

func (w *Worker) fail(ctx context.Context, id jobs.JobID, msg string) (Outcome, error) {
	err := w.Jobs.FailJob(ctx, id, msg, w.now())
	switch {
	case err == nil:
		return Failed, nil
	case jobs.IsCode(err, jobs.EConflict), jobs.IsCode(err, jobs.ENotFound):
		return Skipped, nil
	default:
		return Retry, err
	}
}

// generate makes the song and stores both files under keys derived from
// the job id, so a retry overwrites rather than duplicates.
func (w *Worker) generate(ctx context.Context, j *jobs.Job) (*jobs.Result, error) {
	gctx := ctx
	if w.Timeout > 0 {
		var cancel context.CancelFunc
		gctx, cancel = context.WithTimeout(ctx, w.Timeout)
		defer cancel()
	}
	song, err := w.Generator.Generate(gctx, j.Prompt, j.ID.Seed())
	if err != nil {
		return nil, err
	}
	if song == nil || len(song.Audio.Data) == 0 || len(song.Cover.Data) == 0 {
		return nil, errors.New("generator returned no media")
	}
	r := &jobs.Result{
		Title: song.Title, BPM: song.BPM, Duration: song.Duration, Tags: song.Tags,
		SongKey: jobs.SongKey(j.ID, song.Audio.Ext), ImageKey: jobs.ImageKey(j.ID, song.Cover.Ext),
	}
	for _, f := range []struct {
		key  string
		file jobs.File
	}{{r.SongKey, song.Audio}, {r.ImageKey, song.Cover}} {
		if err := w.Media.PutMedia(ctx, f.key, f.file.ContentType, bytes.NewReader(f.file.Data), int64(len(f.file.Data))); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// RetryDelay is how long a job waits before its next attempt after a
// transient failure: 2, 4, 8 ... seconds, at most 64.
func RetryDelay(attempt int) time.Duration {
	return time.Duration(1<<min(max(attempt, 1), 6)) * time.Second
}

// Attempts returns the number of deliveries a job gets before it fails.
func (w *Worker) Attempts() int { return w.maxAttempts() }

func (w *Worker) maxAttempts() int {
	if w.MaxAttempts > 0 {
		return w.MaxAttempts
	}
	return DefaultMaxAttempts
}

func (w *Worker) now() time.Time {
	if w.Now != nil {
		return w.Now().UTC()
	}
	return time.Now().UTC()
}

func (w *Worker) log() *slog.Logger {
	if w.Logger != nil {
		return w.Logger
	}
	return slog.Default()
}
