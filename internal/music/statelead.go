package music

import (
	"cmp"
	"slices"

	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// The colour chords of a given chart (issue 30 item 1): a diminished
// seventh and a thirteenth are the chords a chart's reader hears least
// when the band plays them as it plays a triad, and the pass of state.go
// writes for them as an arranger does:
//   - a diminished seventh sounds whole in the comping and the pad: its
//     four notes, two tritones a minor third apart, are the chord, and
//     any three of them spell another (completeDim7); the lead and the
//     answer play under it at passingDimVelocity, as over a passing
//     chord: its four equal notes, each one's partials and undertones
//     falling on the other diminished sevenths, are heard only when no
//     line louder than the comping sits on one of them (the jazz chart's
//     I-#Idim7-ii went unheard under a sax holding its seventh, 1.9 times
//     as strong as the other classes, 2.3 with the sax under it);
//   - a note of the lead or the answer held on a thirteenth chord's
//     seventh (half a beat or longer, heldSeventhBeats) takes the
//     thirteenth, a semitone below it: with the ninth and the fifth
//     around it, the held seventh spells the chord a fifth above the
//     root over it (D minor over G for G13, the neo-soul chart's G13 heard
//     1.8 times as strong as the others, 2.8 with the thirteenth), and the
//     comping keeps the seventh.

// Figures of the colour chords.
const (
	passingDimVelocity = 0.6 // a lead note's velocity factor over a given diminished seventh
	heldSeventhBeats   = 0.5 // a lead note this long on a thirteenth chord's seventh takes the thirteenth
)

// isDim7 reports whether c is a diminished seventh chord.
func isDim7(c harmony.Chord) bool {
	return len(c.Tones) == 4 && c.Tones[1] == 3 && c.Tones[2] == 6 && c.Tones[3] == 9
}

// isThirteenth reports whether c is a thirteenth chord: a seventh chord
// whose highest tone is its thirteenth.
func isThirteenth(c harmony.Chord) bool {
	n := len(c.Tones)
	return n >= 5 && c.Tones[n-1] > 12 && c.Tones[n-1]%12 == 9 && (c.Tones[3] == 10 || c.Tones[3] == 11)
}

// stateColourLead writes the lead's or the answer's notes over a given
// chart's colour chords as described above.
func (g *song) stateColourLead(notes []score.Note) {
	for j := range notes {
		n := &notes[j]
		c, _, ok := givenChordAt(g.secs, n.Start)
		switch {
		case !ok:
		case isDim7(c):
			n.Velocity *= passingDimVelocity
		case isThirteenth(c) && n.Length >= heldSeventhBeats-1e-9:
			if ((n.Pitch-g.k.Root-c.Root)%12+12)%12 == c.Tones[3] {
				n.Pitch--
			}
		}
	}
}

// strumBeats is how far apart, at most, the notes of one hit start (a
// guitar's strum spreads them).
const strumBeats = 0.05

// completeDim7 adds to each hit of notes (two notes or more starting
// within strumBeats) on a given diminished seventh the chord's notes it
// lacks, each just above the hit's lowest note, at the hit's velocity
// and length.
func (g *song) completeDim7(notes []score.Note) []score.Note {
	var add []score.Note
	slices.SortStableFunc(notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	for i := 0; i < len(notes); {
		j := i + 1
		for j < len(notes) && notes[j].Start < notes[i].Start+strumBeats {
			j++
		}
		hit := notes[i:j]
		i = j
		c, _, ok := givenChordAt(g.secs, hit[0].Start)
		if !ok || !isDim7(c) || len(hit) < 2 {
			continue
		}
		low, v, length := hit[0].Pitch, 0.0, 0.0
		var have [12]bool
		for _, n := range hit {
			low, v, length = min(low, n.Pitch), max(v, n.Velocity), max(length, n.Length)
			have[(n.Pitch%12+12)%12] = true
		}
		for _, tone := range c.Tones {
			pc := (g.k.Root + c.Root + tone) % 12
			if !have[pc] {
				add = append(add, score.Note{Start: hit[0].Start, Length: length, Pitch: harmony.PlaceAbove(pc, low+1), Velocity: v})
			}
		}
	}
	if len(add) == 0 {
		return notes
	}
	notes = append(notes, add...)
	slices.SortStableFunc(notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	return notes
}
