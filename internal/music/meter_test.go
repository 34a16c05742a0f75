package music_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestComposeWaltz checks 3/4: bars of three beats throughout, a kick on
// every downbeat, the requested length within one bar; genres that do not
// waltz stay in 4/4; a bare "waltz" picks a genre that suits it.
func TestComposeWaltz(t *testing.T) {
	testutil.SkipRaceShort(t)
	for seed := uint64(1); seed <= 4; seed++ {
		for _, secs := range []float64{20, 95} {
			s := compose(fmt.Sprintf("folk waltz, %v seconds", secs), seed)
			if s.BeatsPerBar != 3 || s.Genre != "folk" {
				t.Fatalf("seed %d: beats per bar %d genre %s", seed, s.BeatsPerBar, s.Genre)
			}
			if d := math.Abs(s.Seconds() - secs); d > 3*s.SecondsPerBeat() {
				t.Errorf("seed %d: %.2f s for %v s requested", seed, s.Seconds(), secs)
			}
			end := 0.0
			kicks := map[float64]bool{}
			for _, tr := range s.Tracks {
				for _, h := range tr.Hits {
					if h.Drum == score.Kick {
						kicks[h.Start] = true
					}
				}
			}
			for _, sec := range s.Sections {
				if sec.StartBeat != end || math.Mod(sec.StartBeat, 3) != 0 {
					t.Fatalf("seed %d: section %s starts at %v, want %v", seed, sec.Name, sec.StartBeat, end)
				}
				end += float64(3 * sec.Bars)
			}
			if end != s.TotalBeats || math.Mod(s.TotalBeats, 3) != 0 {
				t.Errorf("seed %d: sections cover %v beats, score %v", seed, end, s.TotalBeats)
			}
			bars, hit := 0, 0
			for _, tr := range s.Tracks {
				if tr.Role != score.RoleDrums {
					continue
				}
				for b := 0.0; b < s.TotalBeats; b += 3 {
					// A bar with hits only on its last beat is a pickup
					// fill into the drums' entry, not a groove bar.
					if slices.ContainsFunc(tr.Hits, func(h score.Hit) bool { return h.Start >= b && h.Start < b+2 }) {
						bars++
						if kicks[b] {
							hit++
						}
					}
				}
			}
			if bars == 0 || hit != bars {
				t.Errorf("seed %d: kicks on %d of %d drum bars' downbeats", seed, hit, bars)
			}
		}
	}
	// An explicit meter is obeyed whatever the style (issue 8).
	for _, prompt := range []string{"techno waltz", "metal in 3/4", "trap waltz"} {
		if s := compose(prompt, 1); s.BeatsPerBar != 3 {
			t.Errorf("%q: beats per bar %d, want 3", prompt, s.BeatsPerBar)
		}
	}
	for seed := uint64(0); seed < 6; seed++ {
		p := music.Resolve(reader.Parse("a gentle waltz"), seed)
		if p.Genre != plan.Folk && p.Genre != plan.Classical {
			t.Errorf("seed %d: a bare waltz is %s", seed, p.Genre)
		}
		if s := music.Compose(p, seed); s.BeatsPerBar != 3 {
			t.Errorf("seed %d: a bare waltz has %d beats per bar", seed, s.BeatsPerBar)
		}
	}
	_, tags := music.Describe(reader.Parse("jazz waltz"), compose("jazz waltz", 2), 2)
	if !slices.Contains(tags, "3/4") || !slices.Contains(tags, "waltz") {
		t.Errorf("jazz waltz tags %v", tags)
	}
}
