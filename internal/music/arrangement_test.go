package music

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// barsPlayed marks the bars in which the tracks whose name starts with
// prefix sound (a held note marks every bar it sounds in).
func barsPlayed(s *score.Score, prefix string) []bool {
	beats := float64(s.BeatsPerBar)
	on := make([]bool, int(math.Round(s.TotalBeats/beats)))
	for _, t := range s.Tracks {
		if !strings.HasPrefix(t.Name, prefix) {
			continue
		}
		for _, x := range t.Notes {
			for b := int(x.Start / beats); b <= int((x.Start+x.Length-1e-6)/beats) && b < len(on); b++ {
				on[b] = true
			}
		}
	}
	return on
}

func count(on []bool) int {
	n := 0
	for _, o := range on {
		if o {
			n++
		}
	}
	return n
}

// TestLeadBreathes checks that the lead rests between phrases and hands
// over to another instrument: over every style and three seeds it plays in
// at most 70 % of a song's bars (55 % on average), never through a whole
// section of eight bars or more, and most songs have answer phrases on a
// second instrument in bars where the lead rests.
func TestLeadBreathes(t *testing.T) {
	lead, total, songs, answered := 0, 0, 0, 0
	var report []string
	for _, g := range Genres {
		for seed := uint64(1); seed <= 3; seed++ {
			s, secs, _ := compose(Parse(string(g)+", 3 minutes"), seed)
			on := barsPlayed(s, "lead (")
			n := count(on)
			if n == 0 {
				continue
			}
			songs++
			lead += n
			total += len(on)
			if r := float64(n) / float64(len(on)); r > 0.7 {
				t.Errorf("%s seed %d: the lead plays in %d of %d bars (%.0f %%)", g, seed, n, len(on), 100*r)
			}
			for _, sec := range secs {
				first := int(sec.StartBeat) / s.BeatsPerBar
				if sec.Bars >= 8 && !slices.Contains(on[first:first+sec.Bars], false) {
					t.Errorf("%s seed %d: the lead plays through the whole %s (%d bars)", g, seed, sec.Name, sec.Bars)
				}
			}
			ans := barsPlayed(s, "answer (")
			both := 0
			for b := range ans {
				if ans[b] && !on[b] {
					both++
				}
			}
			if both > 0 {
				answered++
			}
			if seed == 1 {
				report = append(report, fmt.Sprintf("%s %d/%d", g, n, len(on)))
			}
		}
	}
	mean := float64(lead) / float64(total)
	t.Logf("lead plays in %.1f %% of bars over %d songs; %d songs have answer phrases; seed 1: %s", 100*mean, songs, answered, strings.Join(report, ", "))
	if mean > 0.55 {
		t.Errorf("the lead plays in %.1f %% of all bars, want at most 55 %%", 100*mean)
	}
	if answered*4 < songs*3 {
		t.Errorf("only %d of %d songs hand phrases over to a second instrument", answered, songs)
	}
}
