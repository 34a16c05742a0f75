package jobs

import (
	"context"

	"github.com/songsmith/songsmith/internal/request"
)

// Edit makes a new job from a completed job of key: the source's song
// with the changes o asks for (nil: none, the same song again). The new
// job's prompt and seed are the source's; its audio format, sample rate
// and loudness are the source's unless o names them; its outputs and
// webhook are o's own. It counts against the submit rate like Submit and
// is idempotent with idem as Submit is.
//
// An unknown, expired or other key's source is ENotFound; a running one
// EJobRunning; a failed one EJobFailed. A seed (an edit keeps its
// source's) or an edit deeper than request.MaxEditDepth is EInvalid, as is any
// invalid option (see Options.Normalize). Whether the song has the
// sections o regenerates is known only when it is composed: the new job
// fails with a message that lists the song's sections.
func (s *Service) Edit(ctx context.Context, key *APIKey, rawID string, o *Options, idem string) (*Job, RateStatus, error) {
	if err := o.Normalize(); err != nil {
		return nil, RateStatus{}, err
	}
	if o != nil && o.Seed != nil {
		return nil, RateStatus{}, Errorf(EInvalid, "'seed' cannot be edited: an edit keeps its source's seed (and the song); POST /generate with a seed makes a new song.")
	}
	if o != nil && len(o.Melody) > 0 {
		return nil, RateStatus{}, Errorf(EInvalid, "'melody' cannot be edited: an edit keeps its source's melody; POST /generate with a melody arranges a new song.")
	}
	src, err := s.ownJob(ctx, key, rawID)
	if err != nil {
		return nil, RateStatus{}, err
	}
	switch src.Status {
	case StatusRunning:
		return nil, RateStatus{}, Errorf(EJobRunning, "Job %s is still running; edit it once it has completed.", src.ID)
	case StatusFailed:
		return nil, RateStatus{}, Errorf(EJobFailed, "Job %s failed, so it has no song to edit; submit its prompt again with POST /generate.", src.ID)
	}
	if src.Options.Depth()+1 > request.MaxEditDepth {
		return nil, RateStatus{}, Errorf(EInvalid, "Job %s is already an edit of %d edits; a song may be edited at most %d times over. Edit an earlier job instead.", src.ID, src.Options.Depth(), request.MaxEditDepth)
	}
	e := Options{}
	if o != nil {
		e = *o
	}
	seed := src.Seed()
	e.Seed, e.Source = &seed, &request.EditSource{JobID: string(src.ID), Prompt: src.Prompt, Seed: seed, Options: src.Options}
	if so := src.Options; so != nil {
		if e.Format == "" {
			e.Format = so.Format
		}
		if e.SampleRate == nil {
			e.SampleRate = so.SampleRate
		}
		if e.LoudnessLUFS == 0 {
			e.LoudnessLUFS = so.LoudnessLUFS
		}
	}
	return s.Submit(ctx, key, Submission{Prompt: src.Prompt, Options: &e, IdempotencyKey: idem})
}
