package edit

import (
	"cmp"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// A song with no kit (ambient, a solo piano) has no hats to fill and no
// snare to roll: its parts are held pads and slow swells whose attacks
// neither an ear nor an onset detector counts as rhythm. Its higher
// sections get note attacks instead (pulse), and its rises a swell
// rather than a drum fill (swellInto).

// pulseFrom is the energy from which a song with no kit plays a pulse:
// quarter notes, from pulseEighths eighths.
const (
	pulseFrom    = 0.6
	pulseEighths = 0.8
)

// hasKit says whether s has a drum track.
func hasKit(s *score.Score) bool {
	return slices.ContainsFunc(s.Tracks, func(t score.Track) bool { return t.Instrument == score.Drums })
}

// pulse adds to [from, to) at energy e a harp arpeggio of the notes the
// chords and pads hold (an octave up, rising through them): quarter
// notes, eighths from pulseEighths, on the song's "pulse" track (added
// once, as an arp part).
func pulse(s *score.Score, from, to, e float64) {
	step := 1.0
	if e >= pulseEighths {
		step = 0.5
	}
	var notes []score.Note
	k := 0
	for at := from; at < to-1e-9; at += step {
		ps := heldAt(s, at)
		if len(ps) == 0 {
			continue
		}
		p := ps[k%len(ps)] + 12
		for p > 84 {
			p -= 12
		}
		k++
		v := 0.35 + 0.3*e
		if Weight(at, max(s.BeatsPerBar, 1)) >= weightBeat {
			v += 0.1
		}
		notes = append(notes, score.Note{Start: at, Length: step * 1.5, Pitch: p, Velocity: v})
	}
	if len(notes) == 0 {
		return
	}
	ti := slices.IndexFunc(s.Tracks, func(t score.Track) bool { return t.Name == "pulse" })
	if ti < 0 {
		s.Tracks = append(s.Tracks, score.Track{Name: "pulse", Instrument: score.Harp, Role: score.RoleArp, Part: score.PartArp})
		ti = len(s.Tracks) - 1
	}
	t := &s.Tracks[ti]
	t.Notes = append(t.Notes, notes...)
	slices.SortStableFunc(t.Notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
}

// heldAt is the pitches the chords and pads sound at beat b, low to high,
// each pitch class once.
func heldAt(s *score.Score, b float64) []int {
	var ps []int
	seen := map[int]bool{}
	for _, t := range s.Tracks {
		if t.Role != score.RoleChords && t.Role != score.RolePad {
			continue
		}
		for _, n := range t.Notes {
			if n.Start <= b+1e-9 && n.Start+n.Length > b+1e-9 && !seen[n.Pitch%12] {
				seen[n.Pitch%12] = true
				ps = append(ps, n.Pitch)
			}
		}
	}
	slices.Sort(ps)
	return ps
}

// swellInto writes the rise into the section starting at beat at of a
// song with no kit: the pads and chords restrike what they hold span
// beats before it, an octave up, held into the section (a swell their
// slow attacks make, not a hit).
func swellInto(s *score.Score, at, span float64) {
	start := max(at-span, 0)
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		if t.Role != score.RolePad && t.Role != score.RoleChords {
			continue
		}
		var add []score.Note
		for _, n := range t.Notes {
			if n.Start <= start+1e-9 && n.Start+n.Length > start+1e-9 && n.Pitch+12 < 96 {
				add = append(add, score.Note{Start: start, Length: span + 1, Pitch: n.Pitch + 12, Velocity: n.Velocity * 0.7})
			}
		}
		t.Notes = append(t.Notes, add...)
		slices.SortStableFunc(t.Notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	}
}
