package edit

import (
	"cmp"
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// What a section is heard to play is its attacks over what rings between
// them: a cymbal's wash or a ringing hat that fills the gaps covers the
// rhythm under it (an ear, like the onset detector of the engine's tests,
// hears a busy section under a wash as less busy, and a calm one whose
// hats ring as busier). These moves keep what rings in proportion to the
// drawn energy, as a drummer and a rhythm player do.

// hatsCloseBelow is the energy under which open hats play closed: a calm
// verse keeps time on a tight hat, the loud sections open it (the rock
// brief's verse drawn 0.33 measured 4.6 onsets a second with its open hats
// ringing, 2.0 closed). Distorted guitars play clean under the same energy
// (cleanBelow).
const hatsCloseBelow = cleanBelow

// rideCrashGain is the strength of the crashes a drawn section keeps time
// on (a crash after the section's first hit): the section's opening crash
// is its accent, the crashes that ride play softer, as a drummer rides a
// crash lighter than he accents it.
const rideCrashGain = 0.5

// closeHats plays the open hats of [from, to) closed.
func closeHats(t *score.Track, in func(float64) bool) {
	for k := range t.Hits {
		if in(t.Hits[k].Start) && t.Hits[k].Drum == score.OpenHat {
			t.Hits[k].Drum = score.ClosedHat
		}
	}
}

// rideCrashesSoft scales by rideCrashGain the crashes of [from, to) that
// come after the section's first hit.
func rideCrashesSoft(t *score.Track, in func(float64) bool) {
	first, ok := 0.0, false
	for _, h := range t.Hits {
		if in(h.Start) && (!ok || h.Start < first) {
			first, ok = h.Start, true
		}
	}
	for k := range t.Hits {
		if h := &t.Hits[k]; h.Drum == score.Crash && in(h.Start) && h.Start > first+1e-9 {
			h.Velocity *= rideCrashGain
		}
	}
}

// The top of the curve does not double the chords and pads an octave up
// on their own parts: a held octave over the strums and hits is a wash
// too. Measured on TestEnergyThirtyBriefs (engine 2026.11.29.1 with the
// moves above): with the doubling above 0.85, the top section of the folk
// brief made 3.3 onsets a second against 3.5 in the section drawn under it
// (3.8 without), and the epic trailer, thriller and trap briefs followed
// the curve's order with rho 0.80 (1.00 without).

// ghostFrom is the energy from which a drawn section's backbeat kit plays
// ghost notes: a soft snare (or rim, the drum the section's backbeat
// plays) on the last sixteenth of every beat where nothing plays near it,
// as a drummer digs in. The top of a curve then plays more onsets than
// eighths can hold (the lo-fi brief's 0.83 verse and 0.84 chorus filled
// their eighths, and the order's thinning kept every section under them
// too sparse to tell apart).
const (
	ghostFrom     = 0.8
	ghostVelocity = 0.3
)

// ghosts adds ghost notes to the drawn sections of s at ghostFrom or more
// (after order: the ghost notes do not loosen what the sections under them
// may play).
func ghosts(s *score.Score, levels []float64, set []bool) {
	bpb := max(s.BeatsPerBar, 1)
	for i, sec := range s.Sections {
		if !set[i] || levels[i] < ghostFrom {
			continue
		}
		from, to := sec.StartBeat, s.SectionEnd(i)
		in := func(b float64) bool { return b >= from-1e-9 && b < to-1e-9 }
		for ti := range s.Tracks {
			if s.Tracks[ti].Instrument == score.Drums {
				ghostNotes(&s.Tracks[ti], in, bpb)
			}
		}
	}
}

// ghostNotes adds the ghost notes of ghostFrom to the bars of [from, to)
// of t whose drums play a snare, rim or clap (a kit with a backbeat).
func ghostNotes(t *score.Track, in func(float64) bool, bpb int) {
	bars := map[int]score.Drum{}
	for _, h := range t.Hits {
		if in(h.Start) && (h.Drum == score.Snare || h.Drum == score.Rim) {
			if _, ok := bars[int(h.Start)/bpb]; !ok || h.Drum == score.Snare {
				bars[int(h.Start)/bpb] = h.Drum
			}
		}
	}
	var add []score.Hit
	for bar, d := range bars {
		for b := 0; b < bpb; b++ {
			at := float64(bar*bpb+b) + 0.75
			if !in(at) || slices.ContainsFunc(t.Hits, func(h score.Hit) bool { return math.Abs(h.Start-at) < 0.2 }) {
				continue
			}
			add = append(add, score.Hit{Start: at, Drum: d, Velocity: ghostVelocity})
		}
	}
	t.Hits = append(t.Hits, add...)
	slices.SortStableFunc(t.Hits, func(a, b score.Hit) int { return cmp.Compare(a.Start, b.Start) })
}
