package engine_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/score"
)

// onGrid is the share of a score's note starts that land exactly on a
// sixteenth or triplet-eighth position at 480 ticks a beat, as its MIDI
// file places them.
func onGrid(s *score.Score) float64 {
	on, n := 0, 0
	count := func(b float64) {
		t := int(math.Round(b * 480))
		if t%120 == 0 || t%160 == 0 {
			on++
		}
		n++
	}
	for _, t := range s.Tracks {
		for _, h := range t.Hits {
			count(h.Start)
		}
		for _, nt := range t.Notes {
			count(nt.Start)
		}
	}
	return float64(on) / float64(max(1, n))
}

// TestComposePerforms: the engine's score (what the synthesizer plays and
// the MIDI export writes) is the performed one: a bossa nova is off the
// grid, a techno track's starts and velocities as written; ComposeWritten
// keeps the grid.
func TestComposePerforms(t *testing.T) {
	bossa, _, _ := composePerformed("bossa nova, 30 seconds", 1, engine.Options{})
	written, _, _ := composeWritten("bossa nova, 30 seconds", 1, engine.Options{})
	techno, _, _ := composePerformed("minimal techno, 30 seconds", 1, engine.Options{})
	technoWritten, _, _ := composeWritten("minimal techno, 30 seconds", 1, engine.Options{})
	if g := onGrid(bossa); g >= 0.5 {
		t.Errorf("performed bossa nova: %.0f %% on the grid, want under 50 %%", 100*g)
	}
	if g := onGrid(written); g < 0.99 {
		t.Errorf("written bossa nova: %.0f %% on the grid, want all", 100*g)
	}
	// A programmed track keeps its timing and dynamics: only its gates
	// and controls are performed.
	for i, tr := range technoWritten.Tracks {
		played := techno.Tracks[i]
		starts := func(ns []score.Note) (out [][3]float64) {
			for _, n := range ns {
				out = append(out, [3]float64{n.Start, float64(n.Pitch), n.Velocity})
			}
			return out
		}
		if !reflect.DeepEqual(tr.Hits, played.Hits) || !reflect.DeepEqual(starts(tr.Notes), starts(played.Notes)) || len(techno.Tempo) != 0 {
			t.Errorf("a programmed techno track's %s was performed off its grid", tr.Name)
		}
	}
	if bossa.BPM != written.BPM || bossa.TotalBeats != written.TotalBeats || len(bossa.Sections) != len(written.Sections) {
		t.Error("the performance changed the tempo, length or form")
	}
}
