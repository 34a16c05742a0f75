package edit

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/songsmith/songsmith/internal/score"
)

// bringBass gives a section at energy e whose bass plays fewer than two
// notes a bar the harmony's bass notes (the chord's root, or its slash
// bass) on every beat (from energy 0.8 on the eighths) in the register
// the bass plays elsewhere: the bass comes in with energy. A section in
// another key (KeyShift) is left as it is.
func bringBass(s *score.Score, sec score.Section, e float64) {
	bpb := float64(max(s.BeatsPerBar, 1))
	from, to := sec.StartBeat, sec.StartBeat+float64(sec.Bars)*bpb
	if sec.KeyShift != 0 || len(s.Chords) == 0 {
		return
	}
	step := 1.0
	if e >= 0.8 {
		step = 0.5
	}
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		if t.Role != score.RoleBass || len(t.Notes) == 0 {
			continue
		}
		here, pitches, vel := 0, []int{}, 0.0
		for _, n := range t.Notes {
			if n.Start >= from-1e-9 && n.Start < to-1e-9 {
				here++
			}
			pitches, vel = append(pitches, n.Pitch), max(vel, n.Velocity)
		}
		if float64(here) >= 2*float64(sec.Bars) {
			continue
		}
		slices.Sort(pitches)
		low := pitches[len(pitches)/4]
		t.Notes = slices.DeleteFunc(t.Notes, func(n score.Note) bool { return n.Start >= from-1e-9 && n.Start < to-1e-9 })
		for at := from; at < to-1e-9; at += step {
			pc, ok := bassOf(s, at)
			if !ok {
				continue
			}
			p := low - ((low-pc)%12+12)%12 // at or below low
			if p < low-6 {
				p += 12
			}
			v := vel * 0.8
			if Weight(at, int(bpb)) == weightBar {
				v = vel
			}
			t.Notes = append(t.Notes, score.Note{Start: at, Length: step * 0.9, Pitch: p, Velocity: v})
		}
		slices.SortStableFunc(t.Notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	}
}

// bassOf is the pitch class of the bass of the chord sounding at beat b.
func bassOf(s *score.Score, b float64) (int, bool) {
	for _, c := range s.Chords {
		if b >= c.StartBeat-1e-9 && b < c.StartBeat+c.Beats-1e-9 {
			sym := c.Symbol
			if i := strings.IndexByte(sym, '/'); i >= 0 {
				sym = sym[i+1:]
			}
			return pitchClass(sym)
		}
	}
	return 0, false
}

// pitchClass reads the note name a chord symbol starts with ("F#m7": 6).
func pitchClass(sym string) (int, bool) {
	if sym == "" {
		return 0, false
	}
	pc, ok := map[byte]int{'C': 0, 'D': 2, 'E': 4, 'F': 5, 'G': 7, 'A': 9, 'B': 11}[sym[0]]
	if !ok {
		return 0, false
	}
	if len(sym) > 1 {
		switch sym[1] {
		case '#':
			pc++
		case 'b':
			pc--
		}
	}
	return (pc + 12) % 12, true
}

// thinDrums drops the drum hits a section at energy e is too calm for:
// below 0.55 the sixteenths (ghost notes), below calmBelow the
// off-beat eighths too, the kick's off-beat hits with them, and the hats
// that strike with another drum: a calm groove is kick and backbeat on
// the beats, each stroke one sound (a hat struck with the kick or the rim
// of a sparse section is heard as a second onset, a flam). Above it the
// kick keeps its hits.
func thinDrums(t *score.Track, in func(float64) bool, bpb int, e float64) {
	drop := -1
	switch {
	case e < calmBelow:
		drop = weightEighth
	case e < 0.55:
		drop = weightSixteenth
	}
	calm := e < calmBelow
	struck := map[int]bool{}
	for _, h := range t.Hits {
		if in(h.Start) && !isHat(h.Drum) && Weight(h.Start, bpb) > drop {
			struck[slot(h.Start)] = true
		}
	}
	t.Hits = slices.DeleteFunc(t.Hits, func(h score.Hit) bool {
		if !in(h.Start) {
			return false
		}
		kick := h.Drum == score.Kick || h.Drum == score.Kick808
		return (calm || !kick) && Weight(h.Start, bpb) <= drop || calm && isHat(h.Drum) && struck[slot(h.Start)]
	})
}

// calmBelow is the energy under which a section plays calm: the drums a
// calm groove (thinDrums) and the lead its notes on the beats, each off
// the beat joining the note before it (shapeTrack). Measured on
// TestEnergyThirtyBriefs (engine 2026.11.29.3, drums from the intro's
// first bar in beat styles): the hip hop brief's intro drawn 0.35 kept
// the boom bap's swung kicks, hats on every kick and rim and the answer's
// swung eighths, 2.9 onsets a second over its chorus's 2.4 drawn 0.70
// (order counts the sixteenth slots played, not the strokes heard); 1.9
// with this.
const calmBelow = 0.4

// levelDBPerEnergy is how far the arrangement's power (the sum of its
// squared velocities a beat) of two drawn sections lies apart per unit of
// energy once balance has run.
const levelDBPerEnergy = 6.0

// balance scales the velocities of each drawn section so that its power
// (the sum of squared velocities a beat, the lead's left out) follows its
// energy: levelDBPerEnergy per unit about the drawn sections' mean, each
// section's gain within 0.6..1.6 and no velocity above 1. It evens out
// what the composer's form puts between sections (a sparse intro drawn
// loud, a busy chorus drawn soft).
func balance(s *score.Score, levels []float64, set []bool) {
	bpb := float64(max(s.BeatsPerBar, 1))
	type span struct{ from, to, db float64 }
	var spans []span
	meanDB, meanE, n := 0.0, 0.0, 0.0
	for i, sec := range s.Sections {
		if !set[i] {
			continue
		}
		from, to := sec.StartBeat, sec.StartBeat+float64(sec.Bars)*bpb
		db := sectionPowerDB(s, from, to)
		spans = append(spans, span{from, to, db})
		meanDB, meanE, n = meanDB+db, meanE+levels[i], n+1
	}
	if n < 2 {
		return
	}
	meanDB, meanE = meanDB/n, meanE/n
	k := 0
	for i := range s.Sections {
		if !set[i] {
			continue
		}
		sp := spans[k]
		k++
		want := meanDB + levelDBPerEnergy*(levels[i]-meanE)
		g := min(max(math.Pow(10, (want-sp.db)/20), 0.6), 1.6)
		scaleVelocities(s, sp.from, sp.to, g)
	}
}

// scaleVelocities multiplies the velocities of every part but the lead in
// [from, to) by g, within 0.02..1.
func scaleVelocities(s *score.Score, from, to, g float64) {
	in := func(b float64) bool { return b >= from-1e-9 && b < to-1e-9 }
	for ti := range s.Tracks {
		if s.Tracks[ti].Role != score.RoleLead {
			scaleTrack(&s.Tracks[ti], in, g)
		}
	}
}

// cleanBelow is the energy under which a distorted guitar's part plays
// clean: a held, distorted chord in a sparse section rings with a rough
// edge that sounds (and measures) busier than the section is. It is the
// calm half of the curve, under the energy where the hats fill the
// eighths (the bluesy rock shuffle's verse drawn 0.53 measured 6.1 onsets
// a second distorted with open hats, over 4.8 in its chorus drawn 0.81;
// 4.2 clean with closed hats).
const cleanBelow = 0.6

// playClean moves the notes a distorted guitar plays in [from, to) to a
// clean guitar of the same part (a track added once, after the others,
// named like the part with the clean guitar in it): the calm sections of
// a rock song play clean, as a band does.
func playClean(s *score.Score, from, to float64) {
	in := func(b float64) bool { return b >= from-1e-9 && b < to-1e-9 }
	n := len(s.Tracks)
	for ti := 0; ti < n; ti++ {
		t := &s.Tracks[ti]
		if t.Instrument != score.DistGuitar || t.Role == score.RoleLead || !slices.ContainsFunc(t.Notes, func(x score.Note) bool { return in(x.Start) }) {
			continue
		}
		name := strings.Replace(t.Name, string(score.DistGuitar), string(score.Guitar), 1)
		if name == t.Name {
			name += " (clean)"
		}
		ci := slices.IndexFunc(s.Tracks, func(c score.Track) bool { return c.Name == name })
		if ci < 0 {
			c := *t
			c.Name, c.Instrument, c.Cast, c.Notes, c.Controls, c.Noises = name, score.Guitar, "", nil, nil, nil
			s.Tracks = append(s.Tracks, c)
			ci = len(s.Tracks) - 1
			t = &s.Tracks[ti]
		}
		for _, x := range t.Notes {
			if in(x.Start) {
				s.Tracks[ci].Notes = append(s.Tracks[ci].Notes, x)
			}
		}
		t.Notes = slices.DeleteFunc(t.Notes, func(x score.Note) bool { return in(x.Start) })
		slices.SortStableFunc(s.Tracks[ci].Notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	}
}
