package jobs

import (
	"context"
	"time"

	"github.com/songsmith/songsmith/internal/request"
)

// Collections (issue 31 item 5): POST /generate with "count": N (2 to
// request.MaxCount) makes N ordinary jobs for one brief, admitted all or
// none, under one collection id. Piece i's job id derives from the
// collection id (request.PieceJobID), so the collection needs no record of its own:
// GET /collections/{id} reads its pieces by their ids. Each piece is a
// normal job: polled, cancelled, edited, deleted and reported by webhook
// on its own.

// collectionAdmitter stores the jobs of a collection under the per-key
// caps, all or none (internal/jobs/backend.CollectionAdmitter names it for
// the adapters, which implement it beside Admitter).
type collectionAdmitter interface {
	AdmitCollection(ctx context.Context, js []*Job, idem string, lim Limits) (Admission, error)
}

// pieceID is the job id of piece i of collection cid.
func pieceID(cid string, i int) JobID { return JobID(request.PieceJobID(cid, i)) }

// SubmitCollection is Submit for a submission whose options ask for a
// collection (Options.Pieces() of 2 or more): it admits that many jobs
// for the brief, all or none, and returns the collection's id and its
// pieces in order. It counts as one request against the submit rate. A key whose cap of active jobs cannot take them all is
// ETooManyJobs (429) and nothing is stored. A repeat with the same
// Idempotency-Key, prompt and options returns the collection the first
// one made.
func (s *Service) SubmitCollection(ctx context.Context, key *APIKey, sub Submission) (string, []*Job, RateStatus, error) {
	opts, idem := sub.Options, sub.IdempotencyKey
	if err := s.withRecipe(opts); err != nil {
		return "", nil, RateStatus{}, err
	}
	if err := opts.Normalize(); err != nil {
		return "", nil, RateStatus{}, err
	}
	n := opts.Pieces()
	if n < 2 {
		return "", nil, RateStatus{}, Errorf(EInvalid, "'count' must be an integer from 2 to %d for a collection.", request.MaxCount)
	}
	ca, lim, ok := s.collectionAdmitter()
	if !ok {
		return "", nil, RateStatus{}, Errorf(EInvalid, "This server cannot admit collections; leave out 'count'.")
	}
	if idem != "" {
		j, err := s.Jobs.IdempotentJob(ctx, key.ID, idem, s.now())
		if err == nil {
			cid, js, err := s.replayCollection(ctx, key, j, sub.Prompt, opts)
			return cid, js, RateStatus{}, err
		} else if !IsCode(err, ENotFound) {
			return "", nil, RateStatus{}, err
		}
	}
	rate, err := s.allow(ctx, "submit", key.ID, s.Config.SubmitRate)
	if err != nil {
		return "", nil, rate, err
	}
	p, err := request.NormalizePrompt(sub.Prompt, s.Config.MaxPromptRunes)
	if err != nil {
		return "", nil, rate, err
	}
	if err := s.checkWebhook(ctx, key, opts); err != nil {
		return "", nil, rate, err
	}
	js := s.pieces(key, p, opts, n)
	a, err := ca.AdmitCollection(ctx, js, idem, lim)
	if err != nil {
		if IsCode(err, ETooManyJobs) {
			s.log().InfoContext(ctx, "collection refused: key at its cap", "key_id", key.ID, "count", n)
		}
		return "", nil, rate, err
	}
	if !a.Created {
		cid, js, err := s.replayCollection(ctx, key, a.Job, p, opts)
		return cid, js, rate, err
	}
	if !a.Queued && s.Admit != nil {
		s.dispatch(ctx, js)
	}
	cid := js[0].Options.Piece.CollectionID
	s.log().InfoContext(ctx, "collection accepted", "collection_id", cid, "key_id", key.ID, "count", n)
	return cid, js, rate, nil
}

// collectionAdmitter returns what admits a collection and under which
// caps: the Admitter (Config.Limits), or without one a job store that can
// (no caps, as Submit has none then).
func (s *Service) collectionAdmitter() (collectionAdmitter, Limits, bool) {
	if s.Admit != nil {
		ca, ok := s.Admit.(collectionAdmitter)
		return ca, s.Config.Limits, ok
	}
	ca, ok := s.Jobs.(collectionAdmitter)
	return ca, Limits{}, ok
}

// pieces returns the n running jobs of a new collection for prompt p.
func (s *Service) pieces(key *APIKey, p string, opts *Options, n int) []*Job {
	cid := string(s.newID())
	now := s.now().Truncate(time.Second)
	js := make([]*Job, n)
	for i := range js {
		o := *opts
		o.Piece = &request.Piece{CollectionID: cid, Index: i, Count: n}
		js[i] = &Job{ID: pieceID(cid, i), Owner: key.ID, Prompt: p, Status: StatusRunning,
			StartedAt: now, ExpiresAt: now.Add(s.Config.Retention), Options: &o}
	}
	base := js[0].Seed()
	for _, j := range js {
		j.Options.Piece.Seed = base
	}
	return js
}

// dispatch sends the queue messages of admitted jobs whose store keeps an
// outbox: a job whose message cannot be sent now stays in the outbox, and
// the reconciler (Redeliver) sends it; the collection is accepted.
func (s *Service) dispatch(ctx context.Context, js []*Job) {
	for _, j := range js {
		if err := s.Queue.Enqueue(ctx, j.ID); err != nil {
			s.log().WarnContext(ctx, "could not queue a piece of a collection; the reconciler will", "job_id", j.ID, "err", err)
			continue
		}
		if err := s.Admit.Dispatched(ctx, j); err != nil {
			s.log().WarnContext(ctx, "could not clear the outbox record of a queued job", "job_id", j.ID, "err", err)
		}
	}
}

// replayCollection answers a repeated idempotent collection submission
// (j is the first job the first one created) with that collection, or
// EConflict when prompt or options differ.
func (s *Service) replayCollection(ctx context.Context, key *APIKey, j *Job, prompt string, opts *Options) (string, []*Job, error) {
	p, err := request.NormalizePrompt(prompt, s.Config.MaxPromptRunes)
	if err != nil {
		return "", nil, err
	}
	if j, err = s.replay(ctx, j, p, opts); err != nil {
		return "", nil, err
	}
	if j.Options == nil || j.Options.Piece == nil {
		return "", nil, Errorf(EConflict, "This Idempotency-Key was already used with different options. Use a new key for a new submission.")
	}
	cid := j.Options.Piece.CollectionID
	js, err := s.collection(ctx, key, cid)
	if IsCode(err, ENotFound) {
		return cid, []*Job{j}, nil
	}
	return cid, js, err
}

// Collection returns the pieces of collection rawID that key owns, in
// index order (a piece deleted or expired since is left out), each as Job
// returns it (fresh media URLs when completed), and the poll window the
// request was counted in (one request, whatever the count). An unknown,
// expired or other key's collection is ENotFound.
func (s *Service) Collection(ctx context.Context, key *APIKey, rawID string) ([]*Job, RateStatus, error) {
	rate, err := s.allow(ctx, "poll", key.ID, s.Config.PollRate)
	if err != nil {
		return nil, rate, err
	}
	js, err := s.collection(ctx, key, rawID)
	return js, rate, err
}

func (s *Service) collection(ctx context.Context, key *APIKey, rawID string) ([]*Job, error) {
	id, err := ParseJobID(rawID)
	if err != nil {
		return nil, Errorf(ENotFound, "No collection with that id exists. Use the collection_id returned by POST /generate.")
	}
	var js []*Job
	count := request.MaxCount
	for i := 0; i < count; i++ {
		j, err := s.job(ctx, key, string(pieceID(string(id), i)))
		if IsCode(err, ENotFound) {
			continue
		} else if err != nil {
			return nil, err
		}
		if j.Options == nil || j.Options.Piece == nil || j.Options.Piece.CollectionID != string(id) {
			continue
		}
		count = j.Options.Piece.Count
		js = append(js, j)
	}
	if len(js) == 0 {
		return nil, Errorf(ENotFound, "No collection with id %s exists, or it has expired.", id)
	}
	return js, nil
}
