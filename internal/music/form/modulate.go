package form

import (
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// A modulation where the form calls for it: the last chorus of a pop song,
// a ballad or a gospel tune goes up a whole step (a half step in the styles
// that favour the "truck driver's" lift), entered from the new key's
// dominant and left, in its last bar, on the home key's dominant, so that
// the outro and the final cadence are in the song's key again.

// LiftStyles are the styles that lift their last chorus, with the step in
// semitones.
var LiftStyles = map[string]int{
	"pop": 2, "latin pop": 2, "gospel": 2, "country": 2, "christmas": 2, "soul": 2, "r&b": 2,
	"power ballad": 1, "k-pop": 1, "j-pop": 1,
}

// Modulation is a section played in another key: its index and the
// semitones it moves; index -1 for none.
type Modulation struct{ Index, Shift int }

// PlanModulation chooses the section a song modulates in: the last chorus,
// when it follows at least one other chorus and an outro follows it, in a
// major or minor key of a style in liftStyles. It writes the pivots into
// the harmony: the bar before the chorus becomes the new key's dominant
// seventh and the chorus's last bar the home key's dominant. Call it after
// endSong, before the parts are written.
func PlanModulation(secs []Section, k harmony.Key, prof genre.Profile, beats int) Modulation {
	shift, ok := LiftStyles[prof.Style.Name]
	if !ok || k.Mode != "major" && k.Mode != "minor" || prof.Harmony == "blues" {
		return Modulation{Index: -1}
	}
	last, choruses := -1, 0
	for i := range secs {
		if secs[i].Name == "chorus" {
			last, choruses = i, choruses+1
		}
	}
	if choruses < 2 || last < 1 || last+1 >= len(secs) || secs[last+1].Name != "outro" {
		return Modulation{Index: -1}
	}
	c, prev := &secs[last], &secs[last-1]
	if c.Bars < 4 || len(c.Ending) > 0 || len(prev.Ending) > 0 {
		return Modulation{Index: -1}
	}
	mk := harmony.ChordMaker(k, prof)
	prev.Ending = []harmony.BarChord{{C: harmony.Chord{Degree: 4, Root: (7 + shift) % 12, Tones: []int{0, 4, 7, 10}}}}
	home := mk(4)
	home.Tones = []int{0, 4, 7} // the home dominant, major also in minor keys
	if beats == 4 {
		home.Tones = []int{0, 4, 7, 10}
	}
	c.Ending = []harmony.BarChord{{C: home}}
	return Modulation{Index: last, Shift: shift}
}

// Modulate transposes every pitched note that starts in the modulated
// section (its last bar, back on the home dominant, aside) by the shift,
// cuts notes held across its edges, moves the section's chords with it and
// writes the chart again. The parts were written in the home key, so the
// section sounds as they are, a step higher: the hook returns as it was,
// transposed.
func Modulate(s *score.Score, secs []Section, mod Modulation, k harmony.Key) {
	if mod.Index < 0 {
		return
	}
	sec := &secs[mod.Index]
	if mod.Index < len(s.Sections) {
		s.Sections[mod.Index].KeyShift = mod.Shift
	}
	from := sec.StartBeat
	to := from + float64(sec.Beats*(sec.Bars-len(sec.Ending)))
	const eps = 1e-6
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		if t.Role == score.RoleDrums || t.Role == score.RoleFX {
			continue
		}
		for ni := range t.Notes {
			n := &t.Notes[ni]
			switch {
			case n.Start >= from-eps && n.Start < to-eps:
				n.Pitch += mod.Shift
				if n.Start+n.Length > to {
					n.Length = to - n.Start
				}
			case n.Start < from && n.Start+n.Length > from+eps:
				n.Length = from - n.Start
			case n.Start < to && n.Start+n.Length > to+eps:
				n.Length = to - n.Start
			}
		}
	}
	prog := make([]harmony.BarChord, len(sec.Prog))
	for i, h := range sec.Prog {
		prog[i] = harmony.BarChord{C: h.C.Moved(mod.Shift), C2: h.C2.Moved(mod.Shift), Split: h.Split}
	}
	sec.Prog = prog
	s.Chords = Chart(secs, k, s.BeatsPerBar)
}
