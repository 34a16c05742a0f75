package music

import (
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// Stating a given chart (issue 30 item 1): where the request gave the
// chords, the band plays each of them so that it is heard where it is
// written, as an arranger writes for a chart. The pass runs over the
// written parts of the sections playing a given chart (form.Section.Given)
// and leaves every other section, and every song without given chords,
// as it was:
//   - the comping and the pad sound the chord's guide tones (its third and
//     seventh, the third and fifth of a triad) a little louder on the
//     chord's first beat (guideBoost);
//   - the bass speaks: a note under C2 (bassFloor), whose fundamental
//     a bass barely sounds, plays an octave up;
//   - the lead's passing notes (those off the chord sounding when they
//     start) are short and not louder than the comping (passingVelocity,
//     passingBeats); its notes on the chords are left as they are (the
//     melody's strong notes are already chord tones, lead.go);
//   - a crash cymbal on a chord's first beat is softer (crashVelocity):
//     its wash of partials covers the chord it starts.
//
// A given melody (tunein.go) keeps its notes; its lead is not touched.

// Figures of the pass.
const (
	guideBoost      = 1.2  // velocity factor of the guide tones on a chord's onset
	bassFloor       = 36   // C2: bass notes below play an octave up
	passingVelocity = 0.75 // a passing note's velocity, at most, as a factor of its own
	passingBeats    = 0.5  // a passing note's length, at most, in beats
	crashVelocity   = 0.6  // a crash's velocity factor on a chord's onset
)

// givenChordAt is the chord of a given chart sounding at beat t of the
// song and the beat it started on; ok is false outside the sections
// playing a given chart.
func givenChordAt(secs []form.Section, t float64) (c harmony.Chord, onset float64, ok bool) {
	for i := range secs {
		s := &secs[i]
		end := s.StartBeat + float64(s.Beats*s.Bars)
		if t < s.StartBeat-1e-9 || t >= end-1e-9 {
			continue
		}
		if !s.Given {
			return c, 0, false
		}
		b := int((t - s.StartBeat + 1e-9) / float64(s.Beats))
		bar := s.StartBeat + float64(s.Beats*b)
		h := s.BarAt(b)
		if h.Split > 0 && t-bar >= h.Split-1e-9 {
			return h.C2, bar + h.Split, true
		}
		return h.C, bar, true
	}
	return c, 0, false
}

// hasGiven reports whether any section plays a given chart.
func hasGiven(secs []form.Section) bool {
	for i := range secs {
		if secs[i].Given {
			return true
		}
	}
	return false
}

// stateGivenChords is the pass described above over the song's tracks.
func (g *song) stateGivenChords() {
	if !hasGiven(g.secs) {
		return
	}
	for i := range g.s.Tracks {
		tr := &g.s.Tracks[i]
		switch tr.Part {
		case score.PartChords, score.PartPad:
			g.stateGuideTones(tr.Notes)
		case score.PartBass:
			for j := range tr.Notes {
				n := &tr.Notes[j]
				if _, _, ok := givenChordAt(g.secs, n.Start); ok && n.Pitch < bassFloor {
					n.Pitch += 12 * ((bassFloor - n.Pitch + 11) / 12)
				}
			}
		case score.PartLead, score.PartAnswer:
			if g.tune == nil {
				g.statePassing(tr.Notes)
			}
		case score.PartDrums:
			for j := range tr.Hits {
				h := &tr.Hits[j]
				if _, on, ok := givenChordAt(g.secs, h.Start); ok && h.Drum == score.Crash && h.Start-on < 0.05 {
					h.Velocity *= crashVelocity
				}
			}
		}
	}
}

// stateGuideTones makes the guide tones of notes starting on a given
// chord's first beat louder.
func (g *song) stateGuideTones(notes []score.Note) {
	for j := range notes {
		n := &notes[j]
		c, on, ok := givenChordAt(g.secs, n.Start)
		if !ok || n.Start-on > 0.05 || !isGuideTone(c, g.k, n.Pitch) {
			continue
		}
		n.Velocity = min(1, n.Velocity*guideBoost)
	}
}

// isGuideTone reports whether pitch p is chord c's third or seventh (a
// triad's third or fifth; a sus chord's suspended note) in key k.
func isGuideTone(c harmony.Chord, k harmony.Key, p int) bool {
	if len(c.Tones) < 2 {
		return false
	}
	pc := ((p-k.Root-c.Root)%12 + 12) % 12
	if pc == c.Tones[1]%12 {
		return true
	}
	guide := c.Tones[len(c.Tones)-1]
	if len(c.Tones) > 3 {
		guide = c.Tones[3]
	}
	return pc == guide%12
}

// statePassing makes the lead's notes off the chord sounding at their
// start short and no louder than passingVelocity of their own.
func (g *song) statePassing(notes []score.Note) {
	for j := range notes {
		n := &notes[j]
		c, _, ok := givenChordAt(g.secs, n.Start)
		if !ok || c.Has(g.k, n.Pitch) {
			continue
		}
		n.Velocity *= passingVelocity
		n.Length = min(n.Length, passingBeats)
	}
}
