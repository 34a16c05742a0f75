package music

import (
	"cmp"
	"slices"

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
//   - the comping strikes each chord on its first beat: where its rhythm
//     (a style's line anticipating or delaying the chord) leaves the beat
//     empty, the guide tones of its next hit on that chord sound there
//     too (onsetHit); that first hit is held until the comping's next hit
//     on the chord, two beats at most (holdOnsets: a swing stab or a
//     march's staccato chord left the chord's first half to the bass and
//     the lead);
//   - the comping and the pad sound the chord's guide tones (its third and
//     seventh, the third and fifth of a triad) a little louder on the
//     chord's first beat (guideBoost), and its root below their hit where
//     no bass plays it (a rootless ninth voicing, an intro without bass);
//   - an eleventh or thirteenth is voiced root, third and seventh below,
//     its extensions above and softer (statevoice.go);
//   - the bass speaks: a note under C2 (bassFloor), whose fundamental
//     a bass barely sounds, plays an octave up;
//   - the lead's passing notes (those off the chord sounding when they
//     start) are short and not louder than the comping (passingVelocity,
//     passingBeats: at 0.65 of their velocity, a swing brass answer's
//     neighbour a semitone above an E7's root, on the beat, left the E7
//     2.0 times as strong as the other classes, 2.5 at 0.5); its notes
//     on the chords are left as they are (the melody's strong notes are
//     already chord tones, lead.go); the colour chords (a diminished
//     seventh, a thirteenth) have rules of their own (statelead.go);
//   - a crash cymbal on a chord's first beat is softer (crashVelocity):
//     its wash of partials covers the chord it starts;
//   - the snare plays lighter in the intro (introSnareVelocity), where
//     the drums come in lightly with the chords alone (a jazz trio's
//     brushes under Tea for Two's first Eb13 left it 1.5 times as strong
//     as the other classes);
//   - the toms play softer (tomVelocity): a tom rings at a pitch of its
//     own, and a groove of toms (the celtic bodhran's triplets) sounded
//     two classes no chord of the chart holds (at 0.6 of their velocity,
//     a D major under toms ringing near B-flat and C: its root 4th, its
//     third 5th strongest; a big band's tom fill sounded E minor major
//     seventh as F minor major seventh).
//
// The pass runs after the song's ending is written (form.EndFor), so
// the ending's notes follow it too (a big band's last tag played the
// melody's F over E7 at full velocity: Five Foot Two's last E7 read 1.9).
//
// A song arranged around a given melody (tunein.go) is left as it is,
// with or without given chords: there the tune is what must be heard
// first, and louder comping hits over it masked some of its notes
// (TestMelodyAudible: 23 of 27 in the jazz trio, against 25).

// Figures of the pass.
const (
	guideBoost         = 1.2  // velocity factor of the guide tones on a chord's onset
	bassFloor          = 36   // C2: bass notes below play an octave up
	passingVelocity    = 0.5  // a passing note's velocity, at most, as a factor of its own
	passingBeats       = 0.35 // a passing note's length, at most, in beats
	holdBeats          = 2    // how long a comping chord's first hit is held, at most, in beats
	crashVelocity      = 0.6  // a crash's velocity factor on a chord's onset
	tomVelocity        = 0.4  // a tom's velocity factor in a section playing a given chart
	introSnareVelocity = 0.5  // a snare's velocity factor in the intro of a song playing a given chart
	onsetVelocity      = 0.9  // an onset hit's velocity, as a factor of the hit it repeats
)

// givenOnset is the first beat of a chord of a given chart and where it
// ends.
type givenOnset struct {
	c       harmony.Chord
	at, end float64
}

// givenOnsets are the chords of the sections playing a given chart, one
// per bar (two in a bar that changes chord).
func givenOnsets(secs []form.Section) []givenOnset {
	var out []givenOnset
	for i := range secs {
		s := &secs[i]
		if !s.Given {
			continue
		}
		for b := 0; b < s.Bars; b++ {
			t, h := s.StartBeat+float64(s.Beats*b), s.BarAt(b)
			end := t + float64(s.Beats)
			if h.Split > 0 {
				out = append(out, givenOnset{h.C, t, t + h.Split}, givenOnset{h.C2, t + h.Split, end})
			} else {
				out = append(out, givenOnset{h.C, t, end})
			}
		}
	}
	return out
}

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
	if !hasGiven(g.secs) || g.tune != nil {
		return
	}
	g.s.GivenChart = true
	bass := g.bassNotes()
	for i := range g.s.Tracks {
		tr := &g.s.Tracks[i]
		switch tr.Part {
		case score.PartChords, score.PartPad:
			if tr.Part == score.PartChords {
				tr.Notes = g.voiceBigChords(tr.Notes) // statevoice.go
				tr.Notes = g.onsetHits(tr.Notes)
				g.holdOnsets(tr.Notes)
			}
			tr.Notes = g.completeDim7(tr.Notes) // statelead.go
			g.stateGuideTones(tr.Notes)
			tr.Notes = g.rootsWithoutBass(tr.Notes, bass)
		case score.PartBass:
			for j := range tr.Notes {
				n := &tr.Notes[j]
				if _, _, ok := givenChordAt(g.secs, n.Start); ok && n.Pitch < bassFloor {
					n.Pitch += 12 * ((bassFloor - n.Pitch + 11) / 12)
				}
			}
		case score.PartLead, score.PartAnswer:
			g.statePassing(tr.Notes)
			g.stateColourLead(tr.Notes) // statelead.go
		case score.PartDrums:
			for j := range tr.Hits {
				h := &tr.Hits[j]
				_, on, ok := givenChordAt(g.secs, h.Start)
				switch {
				case !ok:
				case h.Drum == score.Snare && g.inIntro(h.Start):
					h.Velocity *= introSnareVelocity
				case h.Drum == score.Crash && h.Start-on < 0.05:
					h.Velocity *= crashVelocity
				case h.Drum == score.TomLow || h.Drum == score.TomMid || h.Drum == score.TomHigh:
					h.Velocity *= tomVelocity
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

// bassNotes are the notes of the song's bass part (nil without one).
func (g *song) bassNotes() []score.Note {
	for i := range g.s.Tracks {
		if g.s.Tracks[i].Part == score.PartBass {
			return g.s.Tracks[i].Notes
		}
	}
	return nil
}

// sounding reports whether a note of notes sounds at beat t.
func sounding(notes []score.Note, t float64) bool {
	for _, n := range notes {
		if n.Start <= t+0.05 && n.Start+n.Length > t+0.05 {
			return true
		}
	}
	return false
}

// onsetHits adds, on each given chord's first beat where no note of the
// comping starts, the guide tones of its next hit on the chord (all its
// chord tones when none is a guide tone; a pickup into the next chord
// adds nothing), held until that hit (a beat at most).
func (g *song) onsetHits(notes []score.Note) []score.Note {
	var add []score.Note
	for _, o := range givenOnsets(g.secs) {
		next := -1.0
		for _, n := range notes {
			if n.Start >= o.at-0.05 && n.Start < o.at+0.1 {
				next = -2
				break
			}
			if n.Start >= o.at+0.1 && n.Start < o.end-0.05 && (next < 0 || n.Start < next) {
				next = n.Start
			}
		}
		if next < 0 {
			continue
		}
		var hit []score.Note
		for _, n := range notes {
			if n.Start >= next-0.05 && n.Start < next+0.05 && isGuideTone(o.c, g.k, n.Pitch) {
				hit = append(hit, n)
			}
		}
		if len(hit) == 0 {
			for _, n := range notes {
				if n.Start >= next-0.05 && n.Start < next+0.05 && o.c.Has(g.k, n.Pitch) {
					hit = append(hit, n)
				}
			}
		}
		for _, n := range hit {
			add = append(add, score.Note{Start: o.at, Length: min(1, next-o.at), Pitch: n.Pitch, Velocity: n.Velocity * onsetVelocity})
		}
	}
	if len(add) == 0 {
		return notes
	}
	notes = append(notes, add...)
	slices.SortStableFunc(notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	return notes
}

// rootsWithoutBass adds the chord's root, below the lowest note of the
// hit, to each hit on a given chord's first beat that lacks it while no
// bass note sounds.
func (g *song) rootsWithoutBass(notes []score.Note, bass []score.Note) []score.Note {
	var add []score.Note
	for _, o := range givenOnsets(g.secs) {
		if sounding(bass, o.at) {
			continue
		}
		low, has, v, length := 1000, false, 0.0, 0.0
		root := (g.k.Root + o.c.Root) % 12
		for _, n := range notes {
			if n.Start < o.at-0.05 || n.Start >= o.at+0.1 {
				continue
			}
			low, v, length = min(low, n.Pitch), max(v, n.Velocity), max(length, n.Length)
			has = has || (n.Pitch%12+12)%12 == root
		}
		if has || low == 1000 {
			continue
		}
		p := low - ((low-root)%12+12)%12
		if p == low {
			p -= 12
		}
		add = append(add, score.Note{Start: o.at, Length: length, Pitch: p, Velocity: v * onsetVelocity})
	}
	if len(add) == 0 {
		return notes
	}
	notes = append(notes, add...)
	slices.SortStableFunc(notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	return notes
}

// holdOnsets holds the comping's hit on each given chord's first beat
// until its next hit on that chord (holdBeats at most): a short stab on
// the downbeat left the rest of the chord's first half to the bass and
// the lead.
func (g *song) holdOnsets(notes []score.Note) {
	for _, o := range givenOnsets(g.secs) {
		next := o.end
		for _, n := range notes {
			if n.Start >= o.at+0.1 && n.Start < next {
				next = n.Start
			}
		}
		for j := range notes {
			n := &notes[j]
			if n.Start >= o.at-0.05 && n.Start < o.at+0.1 {
				n.Length = max(n.Length, min(next-n.Start, holdBeats))
			}
		}
	}
}

// inIntro reports whether beat t of the song is in its intro.
func (g *song) inIntro(t float64) bool {
	s := g.secs[0]
	return s.Name == "intro" && t < s.StartBeat+float64(s.Beats*s.Bars)-1e-9
}
