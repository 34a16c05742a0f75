package music

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

// liftStyles are the styles that lift their last chorus, with the step in
// semitones.
var liftStyles = map[string]int{
	"pop": 2, "latin pop": 2, "gospel": 2, "country": 2, "christmas": 2, "soul": 2, "r&b": 2,
	"power ballad": 1, "k-pop": 1, "j-pop": 1,
}

// modulation is a section played in another key: its index and the
// semitones it moves; index -1 for none.
type modulation struct{ index, shift int }

// planModulation chooses the section a song modulates in: the last chorus,
// when it follows at least one other chorus and an outro follows it, in a
// major or minor key of a style in liftStyles. It writes the pivots into
// the harmony: the bar before the chorus becomes the new key's dominant
// seventh and the chorus's last bar the home key's dominant. Call it after
// endSong, before the parts are written.
func planModulation(secs []section, k harmony.Key, prof genre.Profile, beats int) modulation {
	shift, ok := liftStyles[prof.Style.Name]
	if !ok || k.Mode != "major" && k.Mode != "minor" || prof.Harmony == "blues" {
		return modulation{index: -1}
	}
	last, choruses := -1, 0
	for i := range secs {
		if secs[i].Name == "chorus" {
			last, choruses = i, choruses+1
		}
	}
	if choruses < 2 || last < 1 || last+1 >= len(secs) || secs[last+1].Name != "outro" {
		return modulation{index: -1}
	}
	c, prev := &secs[last], &secs[last-1]
	if c.Bars < 4 || len(c.ending) > 0 || len(prev.ending) > 0 {
		return modulation{index: -1}
	}
	mk := harmony.ChordMaker(k, prof)
	prev.ending = []harmony.BarChord{{C: harmony.Chord{Degree: 4, Root: (7 + shift) % 12, Tones: []int{0, 4, 7, 10}}}}
	home := mk(4)
	home.Tones = []int{0, 4, 7} // the home dominant, major also in minor keys
	if beats == 4 {
		home.Tones = []int{0, 4, 7, 10}
	}
	c.ending = []harmony.BarChord{{C: home}}
	return modulation{index: last, shift: shift}
}

// modulate transposes every pitched note that starts in the modulated
// section (its last bar, back on the home dominant, aside) by the shift,
// cuts notes held across its edges, moves the section's chords with it and
// writes the chart again. The parts were written in the home key, so the
// section sounds as they are, a step higher: the hook returns as it was,
// transposed.
func modulate(s *score.Score, secs []section, mod modulation, k harmony.Key) {
	if mod.index < 0 {
		return
	}
	sec := &secs[mod.index]
	if mod.index < len(s.Sections) {
		s.Sections[mod.index].KeyShift = mod.shift
	}
	from := sec.StartBeat
	to := from + float64(sec.beats*(sec.Bars-len(sec.ending)))
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
				n.Pitch += mod.shift
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
	prog := make([]harmony.BarChord, len(sec.prog))
	for i, h := range sec.prog {
		prog[i] = harmony.BarChord{C: h.C.Moved(mod.shift), C2: h.C2.Moved(mod.shift), Split: h.Split}
	}
	sec.prog = prog
	s.Chords = chart(secs, k, s.BeatsPerBar)
}
