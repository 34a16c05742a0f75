package edit_test

import (
	"math"
	"slices"
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

// TestEnergyCalmGroove: drawn 0.35, 1, 0.45 over a kit with hats on the
// eighths, kicks on the beats and a swung kick after beat 3 of every bar,
// and a lead in swung eighths, the 0.35 intro plays kick on the beats
// without hats doubling them and its lead on the beats, each note held
// through the off-beat after it; the 0.45 outro keeps its off-beat kicks,
// its hats and lead notes off the beat.
func TestEnergyCalmGroove(t *testing.T) {
	c, err := edit.ParseCurve([]byte(`{"intro": 0.35, "verse": 1, "outro": 0.45}`))
	if err != nil {
		t.Fatal(err)
	}
	in := energyScore()
	lead := score.Track{Name: "lead", Instrument: score.Flute, Role: score.RoleLead}
	for bar := 0.0; bar < 24; bar += 4 {
		in.Tracks[0].Hits = append(in.Tracks[0].Hits, score.Hit{Start: bar + 2.5333, Drum: score.Kick, Velocity: 0.6})
		for b := bar; b < bar+4; b++ {
			lead.Notes = append(lead.Notes, score.Note{Start: b, Length: 0.5, Pitch: 72, Velocity: 0.7},
				score.Note{Start: b + 0.5333, Length: 0.4, Pitch: 74, Velocity: 0.6})
		}
	}
	in.Tracks = append(in.Tracks, lead)
	s := edit.Energy(in, c)
	drums, melody := s.Tracks[0], s.Tracks[len(s.Tracks)-1]
	kicks := map[float64]bool{}
	for _, h := range drums.Hits {
		if h.Drum == score.Kick {
			kicks[h.Start] = true
		}
	}
	for _, h := range drums.Hits {
		switch {
		case h.Start >= 6 && h.Start < 16:
		case h.Start < 6 && h.Drum == score.Kick && h.Start != math.Trunc(h.Start):
			t.Errorf("the 0.35 intro keeps the kick off the beat at %g", h.Start)
		case h.Start < 6 && h.Drum == score.ClosedHat && kicks[h.Start]:
			t.Errorf("the 0.35 intro's hat doubles the kick at %g", h.Start)
		}
	}
	if !kicks[18.5333] || !kicks[16] {
		t.Error("the 0.45 outro lost its kicks (want the off-beat kick at 18.5333 and the downbeat's)")
	}
	if n, _ := countIn(drums, 16, 24, score.ClosedHat); n == 0 {
		t.Error("no hats in the 0.45 outro")
	}
	for _, n := range melody.Notes {
		switch {
		case n.Start < 8 && n.Start != math.Trunc(n.Start):
			t.Errorf("the 0.35 intro's lead plays off the beat at %g", n.Start)
		case n.Start < 7 && n.Length < 0.9:
			t.Errorf("the 0.35 intro's lead note at %g holds %g beats, want it through the off-beat after it", n.Start, n.Length)
		}
	}
	if !slices.ContainsFunc(melody.Notes, func(n score.Note) bool { return n.Start >= 16 && n.Start != math.Trunc(n.Start) }) {
		t.Error("the 0.45 outro's lead plays nothing off the beat")
	}
}
