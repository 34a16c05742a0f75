package engine

import (
	"errors"
	"fmt"
	"maps"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/music/describe"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// Edit is one change to a composed song (internal/edit): Request.Edits
// apply them in turn to the song its plan composes.
type Edit = edit.Change

// ErrEdit marks an edit the song cannot take (a section it does not
// have ...); the error's message is for the user.
var ErrEdit = edit.ErrEdit

// EditError is an edit the song cannot take, with a message for the user.
type EditError = edit.Error

// regenSalt spreads the seeds of regenerated material: edit k of a song
// takes its new sections from the composition at seed + (k+1)*regenSalt.
const regenSalt = 0x9E3779B97F4A7C15

// compose is the written score of r: its plan composed with its song
// seed, then each of r.Edits applied in turn (see internal/edit), and the
// tags of the result. Edit k takes its regenerated sections from the same
// plan composed at SongSeed + (k+1)*regenSalt, with the earlier edits
// applied.
func compose(r Request) (*score.Score, []string, error) {
	plan, mixed := r.Plan, r.SongSeed
	s := music.Compose(plan, mixed)
	for k, e := range r.Edits {
		h := edit.Hooks{Recorded: recordedInstrument}
		if len(e.Regenerate) > 0 {
			h.Alt = func() (*score.Score, error) {
				alt := music.Compose(withChords(r, k-1), mixed+uint64(k+1)*regenSalt)
				for _, prev := range r.Edits[:k] {
					var err error
					if alt, err = edit.Apply(alt, prev.WithoutRegenerate(), edit.Hooks{Recorded: recordedInstrument}); err != nil {
						return nil, err
					}
				}
				return alt, nil
			}
		}
		if len(e.Chords) > 0 {
			h.Chorded = func() (*score.Score, error) { return chorded(r, k) }
		}
		var err error
		if s, err = edit.Apply(s, e, h); err != nil {
			if errors.Is(err, edit.ErrEdit) {
				return nil, nil, err
			}
			return nil, nil, fmt.Errorf("engine: edit %d: %w", k+1, err)
		}
	}
	if len(r.Edits) > 0 {
		plan.BPM, plan.KeyRoot = s.BPM, s.KeyRoot
	}
	return s, describe.Tags(plan, s), nil
}

// chorded is the song of r composed again with the chords of its plan
// and of its edits up to edit k, those before k applied: what edit k's
// chords splice in.
func chorded(r Request, k int) (*score.Score, error) {
	alt := music.Compose(withChords(r, k), r.SongSeed)
	for _, prev := range r.Edits[:k] {
		var err error
		if alt, err = edit.Apply(alt, prev.WithoutRegenerate(), edit.Hooks{Recorded: recordedInstrument}); err != nil {
			return nil, err
		}
	}
	return alt, nil
}

// withChords is r's plan with the chords of its edits up to edit k
// (none for k < 0) over its own.
func withChords(r Request, k int) plan.Plan {
	p, cloned := r.Plan, false
	for _, e := range r.Edits[:k+1] {
		if len(e.Chords) == 0 {
			continue
		}
		if !cloned {
			p.Chords, cloned = maps.Clone(p.Chords), true
			if p.Chords == nil {
				p.Chords = map[string]string{}
			}
		}
		maps.Copy(p.Chords, e.Chords)
	}
	return p
}

// ExactLength is the length Render makes exact (0: none): that of the
// last edit that sets a length or a tempo (0 unless it is exact), else
// the plan's own.
func (r Request) ExactLength() float64 {
	for i := len(r.Edits) - 1; i >= 0; i-- {
		if e := r.Edits[i]; e.Seconds > 0 || e.BPM > 0 {
			if e.Exact && e.Seconds > 0 && !e.Loop {
				return e.Seconds
			}
			return 0
		}
	}
	if r.Plan.ExactSeconds && r.Plan.Seconds > 0 && !r.Plan.Loop {
		return r.Plan.Seconds
	}
	return 0
}

// recordedInstrument reports whether a part swapped to inst plays from
// the sample bank (when one is loaded).
func recordedInstrument(inst score.Instrument) bool {
	_, _, ok := synth.RecordedPreset(&score.Track{Recorded: true, Instrument: inst})
	return ok
}

// The difference an energy curve guarantees between a section drawn at
// 0.2 and one at 1.0 of the same song (issue 31 item 1, docs/api.md;
// TestEnergyCurveOnTheAudio measures it): the high section's median
// short-term loudness is at least EnergyLoudnessLU above the low one's,
// and its onsets per second at least EnergyOnsetRatio times as many.
const (
	EnergyLoudnessLU = 3.0
	EnergyOnsetRatio = 1.3
)
