package music_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// TestShantyBassOnTonic checks the sea shanty's bass heaves on the tonic
// (the 'T' bass step): at seeds 1-3, at least 80 % of the bass notes on
// a bar's downbeat are the key's tonic, whatever chord sounds (a dorian
// shanty's IV chord over its tonic was heard as the IV's major key).
func TestShantyBassOnTonic(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		s := compose("sea shanty, 30 seconds", seed)
		on, all := 0, 0
		for _, tr := range s.Tracks {
			if tr.Role != score.RoleBass {
				continue
			}
			for _, n := range tr.Notes {
				b := n.Start / float64(s.BeatsPerBar)
				if math.Abs(b-math.Round(b)) > 0.02 || sectionShift(s, n.Start) != 0 {
					continue
				}
				all++
				if ((n.Pitch-s.KeyRoot)%12+12)%12 == 0 {
					on++
				}
			}
		}
		if name := fmt.Sprintf("seed %d (%d %s)", seed, s.KeyRoot, s.Mode); all < 8 || float64(on) < 0.8*float64(all) {
			t.Errorf("%s: %d of %d downbeat bass notes on the tonic, want 80 %%", name, on, all)
		}
	}
}

// sectionShift is the key shift of the section sounding at beat b.
func sectionShift(s *score.Score, b float64) int {
	k := 0
	for _, sec := range s.Sections {
		if sec.StartBeat <= b {
			k = sec.KeyShift
		}
	}
	return k
}
