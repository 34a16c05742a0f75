package synth

import (
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// TestSeatPans: parts sit by instrument (violins left, cellos right), the
// melody keeps the composer's place, bass and drums stay centred, and two
// parts on one seat are mirrored.
func TestSeatPans(t *testing.T) {
	s := &score.Score{Tracks: []score.Track{
		{Instrument: score.Drums, Role: score.RoleDrums, Pan: 0.3},
		{Instrument: score.Strings, Role: score.RoleBass},
		{Instrument: score.Strings, Role: score.RoleChords, Pan: 0.4},
		{Instrument: score.Flute, Role: score.RoleLead, Pan: 0.05},
		{Instrument: score.Piano, Role: score.RoleLead, Pan: 0.5},
		{Instrument: score.Guitar, Role: score.RoleArp},
		{Instrument: score.Organ, Role: score.RolePad},
		{Instrument: score.Accordion, Role: score.RoleChords},
		{Instrument: score.Bass, Role: score.RoleBass, Pan: 0.2},
	}}
	got := seatPans(s)
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
