package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/songsmith/songsmith/internal/logctx"
	"github.com/songsmith/songsmith/internal/request"
)

// Rate is a request limit: N requests per window Per.
type Rate struct {
	N   int
	Per time.Duration
}

// String renders the rate as "N/duration", the form ParseRate reads.
func (r Rate) String() string { return fmt.Sprintf("%d/%s", r.N, r.Per) }

// Config holds the service's tunable limits. Its defaults live in the one
// table of internal/app (app.Vars); jobstest.Config has them for tests.
type Config struct {
	Retention      time.Duration // how long a job (and its media) stays retrievable
	SubmitRate     Rate          // per key, POST /generate
	PollRate       Rate          // per key, GET /jobs/{id}
	MaxPromptRunes int           // longer prompts are rejected with 400
	URLTTL         time.Duration // lifetime of song_url / image_url (capped by retention)
	JobTimeout     time.Duration // a job whose latest attempt started longer ago is failed when read
	// MaxQueueAge fails a job that waited longer than this for its first
	// attempt (MsgQueueTimeout); none when 0.
	MaxQueueAge time.Duration
	// Limits are the per-key caps of queued plus running jobs (enforced
	// by the Admitter; none without one).
	Limits Limits
}

// Service implements the two operations of the interface on top of the
// ports. It is the same code locally and on AWS.
type Service struct {
	Jobs    JobStore
	Keys    KeyStore
	Limiter Limiter
	Queue   Queue
	Media   Media
	Config  Config
	Now     func() time.Time // injected clock; time.Now when nil
	NewID   func() JobID     // injected id generator; random UUIDv4 when nil
	Logger  *slog.Logger     // slog.Default() when nil
	// WebhookCheck vets a submission's webhook_url (scheme, host, where it
	// resolves); EInvalid when it may not be used. Nil means webhooks are
	// not enabled: a webhook_url is EInvalid.
	WebhookCheck func(ctx context.Context, url string) error
	// RecipeCheck vets a submission's recipe (internal/recipe.Check: its
	// form and engine version); EInvalid when it cannot be rendered. Nil
	// checks only that the recipe is a JSON object.
	RecipeCheck func(recipe []byte) error
	// Admit, when set, stores new jobs under Config.Limits together with
	// their queue message or outbox record (see Admitter); nil stores with
	// Jobs and then queues, with no caps.
	Admit Admitter
	// Fault, when set, is called at the points of Submit, Cancel and
	// Delete between two writes ("submit:stored", "submit:queued",
	// "cancel:failed", "delete:media"): tests make it panic there to play a
	// crash of the process.
	Fault func(point string)
}

func (s *Service) now() time.Time { return logctx.Now(s.Now) }

func (s *Service) log() *slog.Logger { return logctx.LoggerOr(s.Logger) }

// Authenticate returns the active API key whose secret is token (the
// bearer token as sent). Any failure is EUnauthorized: a malformed,
// unknown, revoked or expired key.
func (s *Service) Authenticate(ctx context.Context, token string) (*APIKey, error) {
	invalid := Errorf(EUnauthorized, "Invalid API key.")
	id, secret, ok := SplitKey(strings.TrimSpace(token))
	if !ok {
		return nil, invalid
	}
	k, err := s.Keys.Key(ctx, id)
	if IsCode(err, ENotFound) {
		return nil, invalid
	} else if err != nil {
		return nil, err
	}
	if !k.Matches(secret) {
		return nil, invalid
	}
	if !k.Active(s.now()) {
		return nil, Errorf(EUnauthorized, "This API key has been revoked or has expired. Create a new one.")
	}
	return k, nil
}

// Submission is one request for a song.
type Submission struct {
	Prompt  string   // as sent: Submit trims and checks it
	Options *Options // the extension members; nil for none
	// IdempotencyKey makes the submission safe to retry ("" for none). It
	// must have passed request.ValidateIdempotencyKey (the HTTP layer checks it
	// once, when it reads the header).
	IdempotencyKey string
}

// Submit validates a submission, stores a running job and queues it. Once
// it returns a job, that job will reach a terminal state. The RateStatus
// is the submit window the request was counted in (zero when it was not).
//
// Invalid options are EInvalid; a webhook URL must pass the service's
// WebhookCheck. A repeat of an earlier submission of key with the same
// IdempotencyKey, normalized prompt and options returns the job the first
// one created, creates and enqueues nothing and does not count against the
// submit rate; with another prompt or options it is EConflict. The job may
// since have failed (also when the first request could not queue it).
func (s *Service) Submit(ctx context.Context, key *APIKey, sub Submission) (*Job, RateStatus, error) {
	opts, idem := sub.Options, sub.IdempotencyKey
	if err := s.withRecipe(opts); err != nil {
		return nil, RateStatus{}, err
	}
	if err := opts.Normalize(); err != nil {
		return nil, RateStatus{}, err
	}
	if idem != "" {
		j, err := s.Jobs.IdempotentJob(ctx, key.ID, idem, s.now())
		if err == nil {
			p, err := request.NormalizePrompt(sub.Prompt, s.Config.MaxPromptRunes)
			if err != nil {
				return nil, RateStatus{}, err
			}
			j, err = s.replay(ctx, j, p, opts)
			return j, RateStatus{}, err
		} else if !IsCode(err, ENotFound) {
			return nil, RateStatus{}, err
		}
	}
	rate, err := s.allow(ctx, "submit", key.ID, s.Config.SubmitRate)
	if err != nil {
		return nil, rate, err
	}
	p, err := request.NormalizePrompt(sub.Prompt, s.Config.MaxPromptRunes)
	if err != nil {
		return nil, rate, err
	}
	if opts != nil && opts.WebhookURL != "" {
		switch {
		case s.WebhookCheck == nil:
			return nil, rate, Errorf(EInvalid, "Webhooks are not enabled on this server; leave out 'webhook_url'.")
		case !key.HasWebhookSecret():
			return nil, rate, Errorf(EInvalid, "This API key has no webhook signing secret (it predates webhooks). Create a new key to use 'webhook_url'.")
		}
		if err := s.WebhookCheck(ctx, opts.WebhookURL); err != nil {
			return nil, rate, err
		}
	}
	now := s.now().Truncate(time.Second)
	j := &Job{
		ID:        s.newID(),
		Owner:     key.ID,
		Prompt:    p,
		Status:    StatusRunning,
		StartedAt: now,
		ExpiresAt: now.Add(s.Config.Retention),
		Options:   opts,
	}
	if s.Admit != nil {
		return s.admit(ctx, key, j, sub, rate)
	}
	if idem == "" {
		err = s.Jobs.CreateJob(ctx, j)
	} else {
		var stored *Job
		var created bool
		stored, created, err = s.Jobs.CreateJobIdempotent(ctx, j, idem)
		if err == nil && !created {
			// A concurrent request with the same key won the race.
			j, err := s.replay(ctx, stored, p, opts)
			return j, rate, err
		}
	}
	if err != nil {
		return nil, rate, err
	}
	s.fault("submit:stored")
	if err := s.Queue.Enqueue(ctx, j.ID); err != nil {
		// Not accepted: the client gets an error, and the stored job must
		// not linger as running.
		if ferr := s.Jobs.FailJob(context.WithoutCancel(ctx), j.ID, "The job could not be queued.", s.now()); ferr != nil {
			s.log().ErrorContext(ctx, "fail unqueued job", "job_id", j.ID, "err", ferr)
		}
		return nil, rate, err
	}
	s.fault("submit:queued")
	s.log().InfoContext(ctx, "job accepted", "job_id", j.ID, "key_id", key.ID, "prompt_runes", len([]rune(p)))
	return j, rate, nil
}

// admit stores and queues j through the Admitter: the job and its message
// (or outbox record) together, under the per-key caps.
func (s *Service) admit(ctx context.Context, key *APIKey, j *Job, sub Submission, rate RateStatus) (*Job, RateStatus, error) {
	a, err := s.Admit.Admit(ctx, j, sub.IdempotencyKey, s.Config.Limits)
	if err != nil {
		if IsCode(err, ETooManyJobs) {
			s.log().InfoContext(ctx, "job refused: key at its cap", "key_id", key.ID, "heavy", j.Options != nil && j.Options.Wants(request.OutputStems))
		}
		return nil, rate, err
	}
	if !a.Created {
		// A concurrent request with the same key won the race.
		j, err := s.replay(ctx, a.Job, j.Prompt, j.Options)
		return j, rate, err
	}
	s.fault("submit:stored")
	if !a.Queued {
		// The outbox record stays until the message is sent: if this
		// process dies here, the reconciler (Redeliver) sends it.
		if err := s.Queue.Enqueue(ctx, j.ID); err != nil {
			if ferr := s.Jobs.FailJob(context.WithoutCancel(ctx), j.ID, "The job could not be queued.", s.now()); ferr != nil {
				s.log().ErrorContext(ctx, "fail unqueued job", "job_id", j.ID, "err", ferr)
			}
			return nil, rate, err
		}
		s.fault("submit:queued")
		if err := s.Admit.Dispatched(ctx, j); err != nil {
			// Harmless: the reconciler sends it again, and the worker
			// skips a duplicate.
			s.log().WarnContext(ctx, "could not clear the outbox record of a queued job", "job_id", j.ID, "err", err)
		}
	}
	s.log().InfoContext(ctx, "job accepted", "job_id", j.ID, "key_id", key.ID, "prompt_runes", len([]rune(j.Prompt)))
	return j, rate, nil
}

// Job returns a job owned by key, with fresh media URLs when completed,
// and the poll window the request was counted in. Jobs of other keys,
// expired jobs and malformed ids are ENotFound.
func (s *Service) Job(ctx context.Context, key *APIKey, rawID string) (*Job, RateStatus, error) {
	rate, err := s.allow(ctx, "poll", key.ID, s.Config.PollRate)
	if err != nil {
		return nil, rate, err
	}
	j, err := s.job(ctx, key, rawID)
	return j, rate, err
}

func (s *Service) job(ctx context.Context, key *APIKey, rawID string) (*Job, error) {
	id, err := ParseJobID(rawID)
	if err != nil {
		return nil, err
	}
	notFound := JobNotFound(id)
	j, err := s.Jobs.Job(ctx, id)
	if IsCode(err, ENotFound) {
		return nil, notFound
	} else if err != nil {
		return nil, err
	}
	now := s.now()
	if j.Owner != key.ID || j.Expired(now) {
		return nil, notFound
	}
	if msg := s.Config.overdue(j, now); msg != "" {
		if j, err = s.timeOut(ctx, j, msg, now); err != nil {
			return nil, err
		}
	}
	if j.Status == StatusCompleted && j.Result != nil {
		if err := s.sign(ctx, j, now); err != nil {
			return nil, err
		}
	}
	return j, nil
}

// timeOut fails a job that has waited or run too long (msg says which);
// another writer may win.
func (s *Service) timeOut(ctx context.Context, j *Job, msg string, now time.Time) (*Job, error) {
	err := s.Jobs.FailJob(ctx, j.ID, msg, now)
	if err != nil && !IsCode(err, EConflict) {
		return nil, err
	}
	code := "timed_out"
	if msg == MsgQueueTimeout {
		code = string(EQueueTimeout)
	}
	s.log().WarnContext(ctx, "job timed out", "job_id", j.ID, "code", code)
	return s.Jobs.Job(ctx, j.ID)
}

// sign fills the result's URLs; they never outlive the job.
func (s *Service) sign(ctx context.Context, j *Job, now time.Time) error {
	ttl := s.Config.URLTTL
	if left := j.ExpiresAt.Sub(now); left < ttl {
		ttl = left
	}
	r := j.Result
	for _, f := range []struct {
		key string
		url *string
	}{{r.SongKey, &r.SongURL}, {r.ImageKey, &r.ImageURL}, {r.StemsKey, &r.StemsURL}, {r.MIDIKey, &r.MIDIURL}, {r.TimelineKey, &r.TimelineURL}, {r.MusicXMLKey, &r.MusicXMLURL}, {r.LayersKey, &r.LayersURL}, {r.SegmentsKey, &r.SegmentsURL}} {
		if f.key == "" {
			continue
		}
		u, err := s.Media.MediaURL(ctx, f.key, ttl)
		if err != nil {
			return err
		}
		*f.url = u
	}
	return nil
}

// allow counts a request against key id's window of r, and returns the
// window's state (zero when r is no limit). ERateLimited when it is full.
func (s *Service) allow(ctx context.Context, what string, id KeyID, r Rate) (RateStatus, error) {
	if r.N <= 0 {
		return RateStatus{}, nil
	}
	d, err := s.Limiter.Allow(ctx, what+"#"+string(id), r.N, r.Per, s.now())
	if err != nil {
		return RateStatus{}, err
	}
	st := RateStatus{Limit: r.N, Remaining: max(d.Remaining, 0), Reset: d.Reset}
	if !d.Allowed {
		return st, &Error{Code: ERateLimited, RetryAfter: d.RetryAfter,
			Message: fmt.Sprintf("Rate limit of %d requests per %s exceeded. Retry after %d seconds.", r.N, r.Per, RetrySeconds(d.RetryAfter))}
	}
	return st, nil
}

func (s *Service) newID() JobID {
	if s.NewID != nil {
		return s.NewID()
	}
	return NewJobID()
}

// RetrySeconds rounds a retry delay up to whole seconds (at least 1), as
// sent in the Retry-After header.
func RetrySeconds(d time.Duration) int {
	n := int((d + time.Second - 1) / time.Second)
	if n < 1 {
		n = 1
	}
	return n
}
