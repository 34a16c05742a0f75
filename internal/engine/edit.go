package engine

import (
	"errors"
	"fmt"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/perform"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// Edit is one change to a composed song (internal/edit): Options.Edits
// apply them in turn to the song the prompt, seed and the other options
// compose.
type Edit = edit.Change

// ErrEdit marks an edit the song cannot take (a section it does not
// have ...); the error's message is for the user.
var ErrEdit = edit.ErrEdit

// EditError is an edit the song cannot take, with a message for the user.
type EditError = edit.Error

// regenSalt spreads the seeds of regenerated material: edit k of a song
// takes its new sections from the composition at seed + (k+1)*regenSalt.
const regenSalt = 0x9E3779B97F4A7C15

// ComposeEdited is ComposeWritten with o.Edits applied in turn (see
// internal/edit): the written score of an edited song, its title (the
// source's) and tags (of the edited song). An edit the song cannot take is
// an error that wraps ErrEdit.
func ComposeEdited(prompt string, seed uint64, o Options) (*score.Score, string, []string, error) {
	plan, mixed := ResolvePlan(prompt, seed, o)
	return editPlan(plan, mixed, seed, o)
}

// editPlan is ComposeEdited from a resolved plan and its mixed seed (a
// prompt's or a recipe's).
func editPlan(plan plan.Plan, mixed, seed uint64, o Options) (*score.Score, string, []string, error) {
	s := music.Compose(plan, mixed)
	for k, e := range o.Edits {
		h := edit.Hooks{Recorded: recordedInstrument}
		if len(e.Regenerate) > 0 {
			h.Alt = func() (*score.Score, error) {
				alt := music.Compose(plan, mixed+uint64(k+1)*regenSalt)
				for _, prev := range o.Edits[:k] {
					var err error
					if alt, err = edit.Apply(alt, prev.WithoutRegenerate(), edit.Hooks{Recorded: recordedInstrument}); err != nil {
						return nil, err
					}
				}
				return alt, nil
			}
		}
		var err error
		if s, err = edit.Apply(s, e, h); err != nil {
			if errors.Is(err, edit.ErrEdit) {
				return nil, "", nil, err
			}
			return nil, "", nil, fmt.Errorf("engine: edit %d: %w", k+1, err)
		}
	}
	plan.BPM, plan.KeyRoot = s.BPM, s.KeyRoot
	title, tags := music.Describe(plan, s, seed)
	return s, title, tags, nil
}

// performPlan is what Render and RenderPlan play from a resolved plan:
// the performed composition, or the performed editPlan when o has edits.
func performPlan(plan plan.Plan, mixed, seed uint64, o Options) (*score.Score, string, []string, error) {
	if len(o.Edits) == 0 {
		s, title, tags := composePlan(plan, mixed, seed)
		return perform.Apply(s), title, tags, nil
	}
	s, title, tags, err := editPlan(plan, mixed, seed, o)
	if err != nil {
		return nil, "", nil, err
	}
	return perform.Apply(s), title, tags, nil
}

// ExactLength is the length Render makes exact (0: none): that of the
// last edit that sets a length or a tempo (0 unless it is exact), else
// the options' own.
func (o Options) ExactLength() float64 {
	for i := len(o.Edits) - 1; i >= 0; i-- {
		if e := o.Edits[i]; e.Seconds > 0 || e.BPM > 0 {
			if e.Exact && e.Seconds > 0 && !e.Loop {
				return e.Seconds
			}
			return 0
		}
	}
	if o.ExactSeconds && o.Seconds > 0 && !o.Loop {
		return min(max(o.Seconds, plan.MinSeconds), plan.MaxSeconds)
	}
	return 0
}

// recordedInstrument reports whether a part swapped to inst plays from
// the sample bank (when one is loaded).
func recordedInstrument(inst score.Instrument) bool {
	_, _, ok := synth.RecordedPreset(&score.Track{Recorded: true, Instrument: inst})
	return ok
}
