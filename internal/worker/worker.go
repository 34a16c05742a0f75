// Package worker processes one queued job: generate the song, store its
// media, complete or fail the job. Processing is idempotent, so duplicate
// queue deliveries never regenerate or double-complete a job.
//
// The package also holds the one delivery policy (attempts, backoff, dead
// letters, timeouts; see Handle) that the local consumer and the SQS Lambda
// handler both apply.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/logctx"
	"github.com/songsmith/songsmith/internal/request"
)

// Messages shown to clients in the error field of jobs the worker fails
// (the service's own failures, MsgQueueTimeout and MsgCanceled, are the
// jobs package's).
const (
	// MsgGenerationFailed is the error of a job whose generation failed.
	MsgGenerationFailed = "Generation failed. Submit the prompt again."
	// MsgRetriesExhausted is the error of a job that failed every attempt.
	MsgRetriesExhausted = "Generation failed after repeated attempts. Submit the prompt again."
)

// Worker generates songs for queued jobs. Every field that shapes the
// delivery policy is a value the caller supplies (internal/app holds the
// defaults); a zero value means "none" as documented per field.
type Worker struct {
	Jobs      jobs.JobStore
	Media     jobs.Media
	Generator jobs.Generator
	// MaxAttempts is how many generation attempts a job gets; a failure
	// on attempt MaxAttempts fails the job. Values below 1 mean 1.
	MaxAttempts int
	// CrashHeadroom is how many extra deliveries a job may receive for
	// attempts cut short by a process crash (they never report back);
	// beyond MaxAttempts+CrashHeadroom deliveries the job is dead-lettered.
	CrashHeadroom int
	// Timeout limits one generation attempt; none when 0.
	Timeout time.Duration
	// DeadlineReserve is kept free before the deadline of the context a
	// delivery is handled with (the Lambda deadline), so that a
	// generation overrunning it still leaves time to record its outcome.
	DeadlineReserve time.Duration
	// RetryBase and RetryMax shape the backoff between attempts:
	// RetryBase doubled per attempt, at most RetryMax (no delay when 0).
	RetryBase, RetryMax time.Duration
	Now                 func() time.Time // time.Now when nil
	Logger              *slog.Logger     // slog.Default() when nil
	// Metrics receives one Observation per delivery handled; nil records
	// nothing.
	Metrics func(context.Context, Observation)
	// CancelPoll is how often a generation re-reads its job to notice a
	// cancellation (POST /jobs/{id}/cancel); never when 0. See watch.
	CancelPoll time.Duration
	// MaxQueueAge fails a job that waited longer than this for its first
	// attempt with jobs.MsgQueueTimeout instead of rendering it; none when 0.
	MaxQueueAge time.Duration
	// Leases, when set, records each attempt's start on the job (the run
	// timeout counts from it) under a lease, so a duplicate delivery never
	// renders a job another delivery is rendering. Nil records nothing.
	Leases jobs.AttemptRecorder
}

// Observation is what handling one delivery did, for metrics.
type Observation struct {
	JobID        jobs.JobID
	Outcome      Outcome
	Attempt      int           // the attempt number; 0 for a dead-lettered job
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
	Canceled  Outcome = "canceled"  // the job was cancelled while generating; nothing stored
)

// Process runs generation attempt number attempt (from 1) of a job. It
// returns Retry with the error when the message should be redelivered;
// every other outcome means the message can be deleted. A panic in the
// generator, a generation timeout and the context's deadline (less
// DeadlineReserve) all count as a failed attempt: the job fails on its
// last attempt. Only a cancelled context (shutdown) returns Retry
// without judging the attempt.
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
	if queueExpired(j, w.MaxQueueAge, w.now()) {
		log.WarnContext(ctx, "job waited in the queue too long; failing it unstarted", "code", jobs.EQueueTimeout, "waited_s", w.now().Sub(j.StartedAt).Seconds())
		return w.fail(ctx, id, jobs.MsgQueueTimeout)
	}
	start := time.Now()
	end, out, err := w.startAttempt(ctx, j, log)
	if end == nil {
		return out, err
	}
	defer end()
	gctx, stopWatch := w.watch(ctx, id)
	res, err := w.generate(gctx, j, log)
	stopWatch()
	if errors.Is(context.Cause(gctx), errCanceled) {
		return w.canceled(ctx, j, log)
	}
	if err == nil {
		err = w.Jobs.CompleteJob(ctx, id, *res, w.now())
		if jobs.IsCode(err, jobs.EConflict) {
			return w.lost(ctx, j, res, log)
		}
		if err == nil {
			*audio = res.Duration
			log.InfoContext(ctx, "job completed", "title", res.Title, "bpm", res.BPM, "duration_s", res.Duration, "elapsed_ms", time.Since(start).Milliseconds())
			return Completed, nil
		}
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		log.WarnContext(ctx, "generation interrupted; the job stays queued", "err", err)
		return Retry, err // shutting down: leave the job for the next delivery
	}
	if errors.Is(err, backend.ErrStorageFull) {
		// A full disk is the service's fault, not the job's: the job waits
		// for space (each retry after RetryDelay) instead of failing on
		// its last attempt; only the delivery bound (MaxAttempts +
		// CrashHeadroom receives, then the dead letter) ends it.
		log.WarnContext(ctx, "storage full; the job will be retried", "err", err)
		return Retry, err
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

// leaseSlack is added to an attempt's deadline for its lease: time to
// record the attempt's outcome.
const leaseSlack = 30 * time.Second

// defaultLease is the lease of an attempt without any deadline.
const defaultLease = 15 * time.Minute

// startAttempt records the attempt's start and takes the job's lease (see
// Leases). It returns the function that releases the lease, or nil with
// the outcome of a delivery that must not render: another delivery holds
// the lease (this one is a duplicate: its message is done, the holder's
// own message stays queued until it finishes), the job ended meanwhile,
// or the store failed (Retry).
func (w *Worker) startAttempt(ctx context.Context, j *jobs.Job, log *slog.Logger) (func(), Outcome, error) {
	if w.Leases == nil {
		return func() {}, "", nil
	}
	at := w.now()
	until := at.Add(defaultLease)
	if dl, ok := w.attemptDeadline(ctx); ok {
		until = at.Add(time.Until(dl) + leaseSlack)
	}
	ok, err := w.Leases.StartAttempt(ctx, j.ID, at, until)
	switch {
	case jobs.IsCode(err, jobs.EConflict), jobs.IsCode(err, jobs.ENotFound):
		log.InfoContext(ctx, "job ended before its attempt started; duplicate delivery")
		return nil, Skipped, nil
	case err != nil:
		return nil, Retry, err
	case !ok:
		log.WarnContext(ctx, "another delivery is rendering this job; dropping the duplicate")
		return nil, Skipped, nil
	}
	return func() {
		if err := w.Leases.EndAttempt(context.WithoutCancel(ctx), j.ID, at); err != nil {
			log.WarnContext(ctx, "could not release the job's lease (it expires on its own)", "err", err)
		}
	}, "", nil
}

// DeadLetter fails a job whose message exhausted its deliveries (the SQS
// dead-letter queue, or deliveries beyond the crash headroom).
func (w *Worker) DeadLetter(ctx context.Context, id jobs.JobID) (Outcome, error) {
	start := time.Now()
	w.log().ErrorContext(ctx, "dead-lettered job", "job_id", id)
	out, err := w.fail(ctx, id, MsgRetriesExhausted)
	w.record(ctx, Observation{JobID: id, Outcome: out, Elapsed: time.Since(start)})
	return out, err
}

// fail marks the job failed. When ctx is already past its deadline (the
// Lambda is about to end) the write gets a few seconds of its own.
func (w *Worker) fail(ctx context.Context, id jobs.JobID, msg string) (Outcome, error) {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
	}
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
// the job id, so a retry overwrites rather than duplicates. When it fails
// after storing a file, it deletes what it stored.
func (w *Worker) generate(ctx context.Context, j *jobs.Job, log *slog.Logger) (*jobs.Result, error) {
	var deadline time.Time // of the attempt, for waits on a full disk
	if w.Timeout > 0 {
		deadline = time.Now().Add(w.Timeout)
	}
	song, err := w.run(ctx, j, log)
	if song != nil {
		defer song.Stems.Remove() // large outputs come in temporary files
		defer song.MIDI.Remove()
		defer song.Layers.Remove()
		defer song.Segments.Remove()
	}
	if err != nil {
		return nil, err
	}
	if song == nil || len(song.Audio.Data) == 0 || len(song.Cover.Data) == 0 {
		return nil, errors.New("generator returned no media")
	}
	r := &jobs.Result{
		Title: song.Title, BPM: song.BPM, Duration: song.Duration, Tags: song.Tags,
		SongKey: mediakey.Song(j.ID, song.Audio.Ext), ImageKey: mediakey.Image(j.ID, song.Cover.Ext),
		EngineVersion: song.EngineVersion, Recipe: song.Recipe, License: song.License,
		Measured: song.Measured,
	}
	type file struct {
		key  string
		file jobs.File
	}
	files := []file{{r.SongKey, song.Audio}, {r.ImageKey, song.Cover}}
	if o := j.Options; o != nil {
		r.Seed, r.Format, r.LoopEnd = j.Seed(), song.Audio.Ext, song.LoopEnd
		if o.Wants(request.OutputStems) {
			if song.Stems.Empty() {
				return nil, errors.New("generator returned no stems")
			}
			r.StemsKey = mediakey.Stems(j.ID)
			files = append(files, file{r.StemsKey, *song.Stems})
		}
		if o.Wants(request.OutputMIDI) {
			if song.MIDI.Empty() {
				return nil, errors.New("generator returned no MIDI")
			}
			r.MIDIKey = mediakey.MIDI(j.ID)
			files = append(files, file{r.MIDIKey, *song.MIDI})
		}
		if o.Wants(request.OutputTimeline) {
			if song.Timeline.Empty() {
				return nil, errors.New("generator returned no timeline")
			}
			r.TimelineKey = mediakey.Timeline(j.ID)
			files = append(files, file{r.TimelineKey, *song.Timeline})
		}
		if o.Wants(request.OutputMusicXML) {
			if song.MusicXML.Empty() {
				return nil, errors.New("generator returned no MusicXML")
			}
			r.MusicXMLKey = mediakey.MusicXML(j.ID)
			files = append(files, file{r.MusicXMLKey, *song.MusicXML})
		}
		if err := packageFiles(o, song, j.ID, r, func(k string, f jobs.File) { files = append(files, file{k, f}) }); err != nil {
			return nil, err
		}
	}
	var stored []string
	for _, f := range files {
		if err := w.putWaiting(ctx, log, f.key, &f.file, deadline); err != nil {
			w.deleteMedia(ctx, log, stored)
			return nil, err
		}
		stored = append(stored, f.key)
	}
	return r, nil
}

// run calls the generator within the attempt's time limit and turns a
// panic into an error.
func (w *Worker) run(ctx context.Context, j *jobs.Job, log *slog.Logger) (song *jobs.Song, err error) {
	gctx, cancel := w.attemptContext(ctx)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			log.ErrorContext(ctx, "generator panicked", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			song, err = nil, fmt.Errorf("generator panicked: %v", p)
		}
	}()
	var opts jobs.Options
	if j.Options != nil {
		opts = *j.Options
	}
	song, err = w.Generator.Generate(gctx, j.Prompt, j.Seed(), opts)
	if err == nil && gctx.Err() != nil {
		err = gctx.Err() // finished too late to count
	}
	return song, err
}

// attemptContext limits one attempt to Timeout and to ctx's deadline less
// DeadlineReserve, whichever comes first.
func (w *Worker) attemptContext(ctx context.Context) (context.Context, context.CancelFunc) {
	deadline, ok := w.attemptDeadline(ctx)
	if !ok {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, deadline)
}

// attemptDeadline is the end of an attempt starting now: Timeout from
// now or ctx's deadline less DeadlineReserve, whichever comes first; ok
// is false when there is neither.
func (w *Worker) attemptDeadline(ctx context.Context) (deadline time.Time, ok bool) {
	if w.Timeout > 0 {
		deadline = time.Now().Add(w.Timeout)
	}
	if dl, ok := ctx.Deadline(); ok {
		if reserved := dl.Add(-w.DeadlineReserve); deadline.IsZero() || reserved.Before(deadline) {
			deadline = reserved
		}
	}
	return deadline, !deadline.IsZero()
}

// deleteMedia removes files a failed attempt stored; errors are logged
// (the janitor or the bucket's lifecycle removes what is left).
func (w *Worker) deleteMedia(ctx context.Context, log *slog.Logger, keys []string) {
	bg := context.WithoutCancel(ctx)
	for _, k := range keys {
		if err := w.Media.DeleteMedia(bg, k); err != nil {
			log.WarnContext(ctx, "could not delete media of a failed attempt", "key", k, "err", err)
		}
	}
}

// Attempts returns the number of generation attempts a job gets.
func (w *Worker) Attempts() int { return w.maxAttempts() }

func (w *Worker) maxAttempts() int { return max(w.MaxAttempts, 1) }

func (w *Worker) now() time.Time { return logctx.Now(w.Now) }

func (w *Worker) log() *slog.Logger { return logctx.LoggerOr(w.Logger) }

// putWaiting is put that, while the storage is full, keeps the finished
// song and tries again (after RetryDelay, doubling, at least
// storageFullPoll) until space is freed, or until the attempt's deadline
// (Timeout from its start; zero: none) or ctx's end: a song made is not
// thrown away for a disk an operator can clear, and the attempt still ends
// within Timeout (before the queue would deliver the job again).
func (w *Worker) putWaiting(ctx context.Context, log *slog.Logger, key string, f *jobs.File, deadline time.Time) error {
	for n := 1; ; n++ {
		err := w.put(ctx, key, f)
		if !errors.Is(err, backend.ErrStorageFull) {
			return err
		}
		delay := max(w.RetryDelay(n), storageFullPoll)
		if !deadline.IsZero() && time.Now().Add(delay).After(deadline) {
			return err
		}
		log.WarnContext(ctx, "storage full; the song waits for space", "key", key, "retry_in_s", delay.Seconds())
		select {
		case <-ctx.Done():
			return err
		case <-time.After(delay):
		}
	}
}

// storageFullPoll is the shortest wait between two writes to a full disk.
const storageFullPoll = 100 * time.Millisecond

// put stores one generated file under key.
func (w *Worker) put(ctx context.Context, key string, f *jobs.File) error {
	r, size, err := f.Open()
	if err != nil {
		return err
	}
	defer r.Close()
	return w.Media.PutMedia(ctx, key, f.ContentType, r, size)
}

// queueExpired reports whether a job that has not started an attempt
// waited longer than maxAge at now (never when maxAge is 0): the worker
// then fails it with jobs.MsgQueueTimeout instead of rendering it.
func queueExpired(j *jobs.Job, maxAge time.Duration, now time.Time) bool {
	return maxAge > 0 && j.AttemptedAt.IsZero() && now.Sub(j.StartedAt) > maxAge
}

// packageFiles sets the keys of the adaptive package's files (outputs
// layers and segments) in r and hands each file to add under its key.
func packageFiles(o *jobs.Options, song *jobs.Song, id jobs.JobID, r *jobs.Result, add func(string, jobs.File)) error {
	for _, x := range []struct {
		out, key string
		f        *jobs.File
		set      *string
	}{{request.OutputLayers, mediakey.Layers(id), song.Layers, &r.LayersKey}, {request.OutputSegments, mediakey.Segments(id), song.Segments, &r.SegmentsKey}} {
		if o.Wants(x.out) {
			if x.f.Empty() {
				return errors.New("generator returned no " + x.out)
			}
			*x.set = x.key
			add(x.key, *x.f)
		}
	}
	return nil
}
