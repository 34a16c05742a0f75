package music_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// TestPhraseEndsHeld (issue 32: calm beat confidence): a tango's bass and
// chords (style.Band.HoldPhraseEnds) strike nothing over the first three
// beats after the downbeat of the last bar of a middle section of four
// bars or more (the pulse yields at the phrase end; a pickup into the
// next section on the last beat may sound), while they state the pulse
// in the bar before it.
func TestPhraseEndsHeld(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		s := composeResolved("passionate tango with bandoneon, 45 seconds", seed)
		bpb := float64(s.BeatsPerBar)
		held := 0
		for i, sec := range s.Sections {
			if i == 0 || i == len(s.Sections)-1 || sec.Bars < 4 {
				continue
			}
			last := sec.StartBeat + bpb*float64(sec.Bars-1)
			if n := struckBetween(s, last+0.01, last+3); n > 0 {
				t.Errorf("seed %d: %s's last bar (beat %.0f) strikes %d bass or chord notes after its downbeat, want it held", seed, sec.Name, last, n)
			}
			if n := struckBetween(s, last-bpb+0.01, last); n == 0 {
				t.Errorf("seed %d: %s's bar before its last (beat %.0f) states no pulse", seed, sec.Name, last-bpb)
			}
			held++
		}
		if held == 0 {
			t.Errorf("seed %d: no middle section of four bars or more: nothing measured", seed)
		}
	}
}

// struckBetween counts the bass and chord notes of s struck in [from, to).
func struckBetween(s *score.Score, from, to float64) int {
	n := 0
	for _, tr := range s.Tracks {
		if tr.Part != score.PartBass && tr.Part != score.PartChords {
			continue
		}
		for _, x := range tr.Notes {
			if x.Start >= from && x.Start < to {
				n++
			}
		}
	}
	return n
}
