package music_test

import (
	"math"
	"slices"
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

// A slow blues is counted in: under 78 bpm the intro's first bar is a
// finger snap on each of the four beats with nothing else sounding,
// and the band enters on the next downbeat (aubio's first estimate of the
// beat period, 1.49 s in, took the half beat of a slow blues whatever its
// band played: docs/engine.md, "slow-start"). Both of the style's 4/4
// grooves (seeds 1 and 2: the shuffle's ride, the slow blues' hats) count
// in; the song keeps its length. A blues at 100 bpm starts with its band.
func TestSlowBluesCountsIn(t *testing.T) {
	for _, c := range []struct {
		prompt  string
		countIn bool
	}{
		{"slow blues in a smoky bar, 45 seconds", true},
		{"slow blues in a smoky bar", true},
		{"blues at 100 bpm, 45 seconds", false},
	} {
		grooves := map[string]bool{}
		for seed := uint64(1); seed <= 2; seed++ {
			s := composeResolved(c.prompt, seed)
			bar := float64(s.BeatsPerBar)
			if c.countIn != (s.BPM < 78) || s.BeatsPerBar != 4 {
				t.Fatalf("%q seed %d: %.0f bpm in %d/4", c.prompt, seed, s.BPM, s.BeatsPerBar)
			}
			var snaps []float64
			others, entering := 0, 0
			for _, tr := range s.Tracks {
				for _, n := range tr.Notes {
					if n.Start < bar {
						others++
					} else if n.Start == bar {
						entering++
					}
				}
				for _, h := range tr.Hits {
					switch {
					case h.Start >= bar:
					case h.Drum == score.Snap:
						snaps = append(snaps, h.Start)
					default:
						others++
					}
				}
				if tr.Role == score.RoleDrums {
					grooves[groovePlayed(tr, bar)] = true
				}
			}
			counted := others == 0 && slices.Equal(snaps, []float64{0, 1, 2, 3})
			if counted != c.countIn || c.countIn && entering == 0 {
				t.Errorf("%q seed %d (%.0f bpm): first bar snaps at %v and %d other notes or hits, %d notes on the next downbeat; count-in %v",
					c.prompt, seed, s.BPM, snaps, others, entering, c.countIn)
			}
			if want := s.Sections[0]; want.Name != "intro" || want.Bars < 2 {
				t.Errorf("%q seed %d: the song opens with %s of %d bars", c.prompt, seed, want.Name, want.Bars)
			}
		}
		if len(grooves) != 2 {
			t.Errorf("%q: seeds 1-2 play grooves %v, want the shuffle's ride and the slow blues' hats", c.prompt, grooves)
		}
	}
}

// groovePlayed names the time-keeping cymbal of drums' second bar: the
// shuffle's ride or the slow blues' closed hi-hat.
func groovePlayed(drums score.Track, bar float64) string {
	for _, h := range drums.Hits {
		if h.Start >= bar && h.Start < 2*bar && (h.Drum == score.Ride || h.Drum == score.ClosedHat) {
			return string(h.Drum)
		}
	}
	return ""
}
