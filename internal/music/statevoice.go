package music

import (
	"cmp"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// Voicing a given chart's big chords (issue 30 item 1): an eleventh or a
// thirteenth of six tones, voiced close and rootless by the comping (a
// 13th's third, fifth, seventh and ninth), left its root to a walking bass
// that moves on and its thirteenth unplayed. The pass voices each hit
// on such a chord as an arranger writes it for a chart: root, third
// and seventh below at the hit's velocity, the extensions (9, 11, 13)
// above them and softer (extensionVelocity); the fifth is left out.

// extensionVelocity is the velocity of a big chord's extensions, as a
// factor of its hit's.
const extensionVelocity = 0.8

// bigChordFloor is the lowest root of a big chord's voicing (C3): a
// guitar's or a piano's comping voiced from G2 muddied the chord.
const bigChordFloor = 48

// bigChordTones is the least number of tones of a chord the pass voices
// anew: elevenths and thirteenths.
const bigChordTones = 6

// voiceBigChords voices, in place of each hit of notes on a given big
// chord (bigChordTones or more, without a slash bass), its root, third
// and seventh from the root below the hit's lowest note (bigChordFloor
// at least), and its extensions above them.
func (g *song) voiceBigChords(notes []score.Note) []score.Note {
	var out []score.Note
	done := make([]bool, len(notes))
	for i, n := range notes {
		if done[i] {
			continue
		}
		c, _, ok := givenChordAt(g.secs, n.Start)
		if !ok || len(c.Tones) < bigChordTones || c.Slash != 0 {
			out = append(out, n)
			continue
		}
		low, v, length := n.Pitch, 0.0, 0.0
		for j := i; j < len(notes) && notes[j].Start < n.Start+0.02; j++ {
			low, v, length = min(low, notes[j].Pitch), max(v, notes[j].Velocity), max(length, notes[j].Length)
			done[j] = true
		}
		root := g.k.Root + c.Root
		root = low - ((low-root)%12+12)%12
		if root < bigChordFloor {
			root += 12
		}
		for k, tone := range c.Tones {
			switch {
			case k == 0 || k == 1 || k == 3:
				out = append(out, score.Note{Start: n.Start, Length: length, Pitch: root + tone%12, Velocity: v})
			case k >= 4:
				out = append(out, score.Note{Start: n.Start, Length: length, Pitch: root + 12 + tone%12, Velocity: v * extensionVelocity})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	return out
}
