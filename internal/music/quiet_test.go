package music_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// sounds reports whether a note of role r in s sounds at beat t.
func sounds(s *score.Score, r score.Role, t float64) bool {
	for _, tr := range s.Tracks {
		if tr.Role != r {
			continue
		}
		for _, n := range tr.Notes {
			if n.Start <= t+1e-6 && n.Start+n.Length > t+1e-6 {
				return true
			}
		}
	}
	return false
}

// A beat song's first bar is not a hole and its last chord holds
// (docs/engine.md#quiet-depth): in the beat family's live bands but
// reggae the pad holds the intro's chords from its first downbeat, the
// bass holds the final root to the written end, and the fade-out only
// takes the ring-out after it. Reggae's pad joins its intro halfway, and
// reggae keeps its fade inside the last bar; a piano ballad's intro is the
// piano alone.
func TestBeatEdgesFull(t *testing.T) {
	for _, c := range []struct {
		prompt string
		full   bool
	}{
		{"funky disco with slap bass, 45 seconds", true},
		{"country song about a dusty road", true},
		{"christmas song with sleigh bells", true},
		{"upbeat pop song with piano and strings, 45 seconds", true},
		{"roots reggae with organ skank and deep bass, 45 seconds", false},
	} {
		for seed := uint64(1); seed <= 2; seed++ {
			s := composeResolved(c.prompt, seed)
			if len(s.Sections) == 0 || s.Sections[0].Name != "intro" {
				t.Fatalf("%q seed %d: no intro", c.prompt, seed)
			}
			bpb, end := float64(s.BeatsPerBar), s.TotalBeats
			in := s.Sections[0].StartBeat
			filled := true
			for b := 0.0; b < bpb; b++ {
				filled = filled && sounds(s, score.RolePad, in+b)
			}
			if filled != c.full {
				t.Errorf("%q seed %d: the pad under every beat of the intro's first bar %v, want %v", c.prompt, seed, filled, c.full)
			}
			if !c.full {
				if s.FadeOut <= s.TailSeconds {
					t.Errorf("%q seed %d: fade-out %.2f s within the tail %.2f s: reggae's ending changed", c.prompt, seed, s.FadeOut, s.TailSeconds)
				}
				continue
			}
			for b := end - bpb; b < end; b += 0.5 {
				if !sounds(s, score.RoleBass, b) {
					t.Errorf("%q seed %d: the bass is silent at beat %.1f of the last bar (ends at %.0f)", c.prompt, seed, b, end)
				}
			}
			if s.FadeOut > s.TailSeconds+1e-9 {
				t.Errorf("%q seed %d: fade-out %.2f s longer than the ring-out %.2f s: it fades the written music", c.prompt, seed, s.FadeOut, s.TailSeconds)
			}
		}
	}
	s := composeResolved("gentle piano ballad, 76 bpm, 45 seconds", 1)
	if sounds(s, score.RoleBass, 0) || sounds(s, score.RolePad, 0) {
		t.Errorf("piano ballad: a bass or a pad in the intro's first bar (the piano plays it alone)")
	}
}
