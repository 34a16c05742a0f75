package edit_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/score"
)

// TestEnergyHeard: drawn 0.4, 1, 0.4 over a kit that plays open hats and
// rides its crash on every beat, the calm sections play their hats closed
// and the loud one keeps them open; each section's first crash keeps its
// strength and the crashes that ride play at half of it; the loud
// section's chords are not doubled an octave up.
func TestEnergyHeard(t *testing.T) {
	c, err := edit.ParseCurve([]byte(`{"intro": 0.4, "verse": 1, "outro": 0.4}`))
	if err != nil {
		t.Fatal(err)
	}
	in := energyScore()
	for k := range in.Tracks[0].Hits {
		if h := &in.Tracks[0].Hits[k]; h.Drum == score.ClosedHat {
			h.Drum = score.OpenHat
		}
	}
	for b := 8.0; b < 16; b++ {
		in.Tracks[0].Hits = append(in.Tracks[0].Hits, score.Hit{Start: b, Drum: score.Crash, Velocity: 0.8})
	}
	s := edit.Energy(in, c)
	drums, chords := s.Tracks[0], s.Tracks[1]
	if n, _ := countIn(drums, 0, 8, score.OpenHat); n != 0 {
		t.Errorf("%d open hats in the 0.4 intro, want them closed", n)
	}
	if n, _ := countIn(drums, 0, 6, score.ClosedHat); n == 0 {
		t.Error("no closed hats in the 0.4 intro")
	}
	if n, _ := countIn(drums, 8, 16, score.OpenHat); n == 0 {
		t.Error("no open hats in the 1.0 verse")
	}
	var first, ride float64
	for _, h := range drums.Hits {
		switch {
		case h.Drum != score.Crash || h.Start < 8 || h.Start >= 16:
		case h.Start == 8:
			first = max(first, h.Velocity)
		default:
			ride = max(ride, h.Velocity)
		}
	}
	if first == 0 || ride == 0 || ride > 0.55*first {
		t.Errorf("the verse's crashes: %.2f on its downbeat, up to %.2f riding; want the riding ones at half strength", first, ride)
	}
	for _, n := range chords.Notes {
		if n.Pitch != 57 {
			t.Fatalf("the 1.0 verse's chords play pitch %d at beat %g: want the chord's A3 alone, not doubled", n.Pitch, n.Start)
		}
	}
}
