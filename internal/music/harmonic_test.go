package music

import (
	"fmt"
	"testing"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// splitBar is one bar with two chords, located in the score.
type splitBar struct {
	start float64 // beat where the bar starts
	h     harmony.BarChord
}

// splitBars returns the two-chord bars of sections where layer l plays.
func splitBars(secs []form.Section, l form.Layer) []splitBar {
	var out []splitBar
	for _, s := range secs {
		if !s.On[l] {
			continue
		}
		for b := 0; b < s.Bars; b++ {
			if h := s.BarAt(b); h.Split > 0 {
				out = append(out, splitBar{s.StartBeat + float64(4*b), h})
			}
		}
	}
	return out
}

func trackOf(s *score.Score, role score.Role) *score.Track {
	for i := range s.Tracks {
		if s.Tracks[i].Role == role {
			return &s.Tracks[i]
		}
	}
	return nil
}

func pc(p int) int { return ((p % 12) + 12) % 12 }

// TestHarmonicRhythm checks that jazz and blues change chords inside bars,
// that pop, rock, folk and country sometimes do, and that on the beat the
// chord changes the bass plays the new root, the comping plays the new chord
// and the melody's strong notes are tones of it.
func TestHarmonicRhythm(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, c := range []struct {
		genre string
		every bool // every song must have two-chord bars
	}{{"jazz", true}, {"blues", true}, {"lo-fi", true}, {"pop", false}, {"rock", false}, {"folk", false}, {"country", false}} {
		t.Run(c.genre, func(t *testing.T) {
			songs := 0
			for seed := uint64(1); seed <= 6; seed++ {
				s, secs, k := compose(reader.Parse(fmt.Sprintf("%s, 150 seconds", c.genre)), seed)
				if s.BeatsPerBar != 4 {
					t.Fatalf("beats per bar %d", s.BeatsPerBar)
				}
				var all []splitBar
				for _, sec := range secs {
					for b := 0; b < sec.Bars; b++ {
						if h := sec.BarAt(b); h.Split > 0 {
							all = append(all, splitBar{sec.StartBeat + float64(4*b), h})
						}
					}
				}
				if len(all) > 0 {
					songs++
				} else if c.every {
					t.Errorf("seed %d: no bar with two chords", seed)
				}
				checkBassFollows(t, s, k, splitBars(secs, form.LayerBass), seed)
				checkCompFollows(t, s, k, splitBars(secs, form.LayerChords), seed)
				checkLeadFollows(t, s, k, splitBars(secs, form.LayerLead), seed)
			}
			if songs == 0 {
				t.Errorf("no %s song of 6 has a bar with two chords", c.genre)
			}
		})
	}
}

func checkBassFollows(t *testing.T, s *score.Score, k harmony.Key, bars []splitBar, seed uint64) {
	t.Helper()
	bass := trackOf(s, score.RoleBass)
	for _, sb := range bars {
		at := sb.start + sb.h.Split
		want := pc(k.Root + sb.h.C2.BassPC())
		ok := false
		for _, n := range bass.Notes {
			ok = ok || n.Start == at && pc(n.Pitch) == want
		}
		if !ok {
			t.Errorf("seed %d: no bass root %d on beat %v where the chord changes", seed, want, at)
		}
	}
}

func checkCompFollows(t *testing.T, s *score.Score, k harmony.Key, bars []splitBar, seed uint64) {
	t.Helper()
	comp := trackOf(s, score.RoleChords)
	for _, sb := range bars {
		at := sb.start + sb.h.Split
		n1, n2 := 0, 0
		for _, n := range comp.Notes {
			if n.Start >= at && n.Start < sb.start+4 {
				n2++
				if !sb.h.C2.Has(k, n.Pitch) {
					t.Errorf("seed %d: comping note %d at %v is not in the second chord", seed, n.Pitch, n.Start)
				}
			}
			if n.Start < at && n.Start+n.Length > at+1e-6 {
				n1++
			}
		}
		if n2 == 0 || n1 > 0 {
			t.Errorf("seed %d: bar at %v: %d comping notes on the second chord, %d held across the change", seed, sb.start, n2, n1)
		}
	}
}

func checkLeadFollows(t *testing.T, s *score.Score, k harmony.Key, bars []splitBar, seed uint64) {
	t.Helper()
	lead := trackOf(s, score.RoleLead)
	total, fit := 0, 0
	for _, sb := range bars {
		at := sb.start + sb.h.Split
		top := -1 // the melody is the top line where the lead plays a double stop
		for _, n := range lead.Notes {
			if n.Start == at {
				top = max(top, n.Pitch)
			}
		}
		if top >= 0 {
			total++
			if sb.h.C2.Has(k, top) {
				fit++
			}
		}
	}
	if total > 0 && fit*10 < total*9 {
		t.Errorf("seed %d: only %d of %d melody notes on chord changes are tones of the new chord", seed, fit, total)
	}
}
