package synth

import (
	"testing"

	"github.com/songsmith/songsmith/internal/mixplan"
	"github.com/songsmith/songsmith/internal/score"
)

// TestSeatPans: parts sit by instrument (violins left, cellos right), the
// melody keeps the mix step's place, bass and drums stay centred, and two
// parts on one seat are mirrored.
func TestSeatPans(t *testing.T) {
	s := &score.Score{Tracks: []score.Track{
		{Instrument: score.Drums, Role: score.RoleDrums},
		{Instrument: score.Strings, Role: score.RoleBass},
		{Instrument: score.Strings, Role: score.RoleChords},
		{Instrument: score.Flute, Role: score.RoleLead},
		{Instrument: score.Piano, Role: score.RoleLead},
		{Instrument: score.Guitar, Role: score.RoleArp},
		{Instrument: score.Organ, Role: score.RolePad},
		{Instrument: score.Accordion, Role: score.RoleChords},
		{Instrument: score.Bass, Role: score.RoleBass},
	}}
	o := Options{Channels: []mixplan.Channel{{Pan: 0.3}, {}, {Pan: 0.4}, {Pan: 0.05}, {Pan: 0.5}, {}, {}, {}, {Pan: 0.2}}}
	got := seatPans(s, o)
	// The piano's seat (-0.3) and its mirror are as near the violins' and
	// the cellos': it stays. The guitar's (-0.45) is the violins', its
	// mirror the cellos': it stays.
	want := []float64{0, 0.45, -0.45, 0.05, -0.3, -0.45, 0.2, 0.3, 0}
	// The organ pad sits at half its seat (0.4); the accordion's mirror
	// (-0.3) is the piano's: it keeps its seat.
	for i := range want {
		if d := got[i] - want[i]; d > 1e-9 || d < -1e-9 {
			t.Errorf("track %d (%s %s): pan %.2f, want %.2f", i, s.Tracks[i].Instrument, s.Tracks[i].Role, got[i], want[i])
		}
	}
}

// TestHPCorner: a part is high-passed under its own register, not by its
// role alone: a piano's left hand (its 10th-percentile note E3, 165 Hz)
// keeps its body in a calm piece (corner 99 Hz, not 140) and gives the sub
// band to the kick and bass in a kit-driven one (floor 110 Hz); a high
// flute keeps its role's corner.
func TestHPCorner(t *testing.T) {
	notes := func(p ...int) []score.Note {
		var n []score.Note
		for _, x := range p {
			n = append(n, score.Note{Pitch: x, Length: 1})
		}
		return n
	}
	piano := &score.Track{Instrument: score.Piano, Role: score.RoleChords, Notes: notes(48, 52, 55, 60, 64, 67, 72, 76, 79, 84)}
	flute := &score.Track{Instrument: score.Flute, Role: score.RoleLead, Notes: notes(79, 81, 83, 84, 86)}
	bass := &score.Track{Instrument: score.Bass, Role: score.RoleBass, Notes: notes(36)}
	for _, c := range []struct {
		tr    *score.Track
		floor float64
		lo    float64
		hi    float64
	}{{piano, 40, 98, 100}, {piano, 110, 110, 110}, {flute, 40, 170, 170}, {bass, 100, 28, 28}, {&score.Track{Instrument: score.Drums, Role: score.RoleDrums}, 100, 0, 0}} {
		if got := hpCorner(c.tr, c.floor); got < c.lo || got > c.hi {
			t.Errorf("%s %s, floor %v: corner %.1f Hz, want %v..%v", c.tr.Instrument, c.tr.Role, c.floor, got, c.lo, c.hi)
		}
	}
}
