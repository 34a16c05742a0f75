package music_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// drumsIn reports whether s's drums play in [from, to) beats.
func drumsIn(s *score.Score, from, to float64) bool {
	for _, tr := range s.Tracks {
		for _, h := range tr.Hits {
			if h.Start >= from && h.Start < to {
				return true
			}
		}
	}
	return false
}

// A groove counts itself in: an r&b or soul song under 95 bpm, and a beat
// style's song at any tempo (r&b at 100 bpm, disco, jazz), plays its drums
// (lightly) from the intro's first bar, so its pulse is heard from the
// start; a calm style's groove at 95 bpm or more (tango), and a piano
// ballad, keep the intro for chords alone. Lo-fi swings its sixteenths only: no off-beat eighth of its
// drums is late.
func TestSlowGrooveCountsIn(t *testing.T) {
	for _, c := range []struct {
		prompt string
		drums  bool
	}{
		{"r&b at 75 bpm", true},
		{"soul at 80 bpm", true},
		{"r&b at 100 bpm", true},
		{"funky disco with slap bass", true},
		{"smooth jazz with saxophone", true},
		{"passionate tango at 120 bpm", false},
		{"sad piano ballad", false},
	} {
		for seed := uint64(1); seed <= 2; seed++ {
			s := composeResolved(c.prompt, seed)
			if len(s.Sections) == 0 || s.Sections[0].Name != "intro" {
				continue
			}
			in := s.Sections[0]
			if got := drumsIn(s, in.StartBeat, in.StartBeat+float64(s.BeatsPerBar)); got != c.drums {
				t.Errorf("%q seed %d (%.0f bpm): drums in the intro's first bar %v, want %v", c.prompt, seed, s.BPM, got, c.drums)
			}
		}
	}
	s := composeResolved("lo-fi hip hop", 1)
	if !s.SwingSixteenths || s.Swing == 0 {
		t.Fatalf("lo-fi: swing %v, sixteenths %v", s.Swing, s.SwingSixteenths)
	}
	for _, tr := range s.Tracks {
		for _, h := range tr.Hits {
			if f := h.Start - math.Floor(h.Start); math.Abs(f-0.5-s.Swing/6) < 1e-6 {
				t.Errorf("lo-fi: a swung off-beat eighth at %.3f", h.Start)
			}
		}
	}
}
