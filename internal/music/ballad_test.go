package music_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/score"
)

// TestBalladArrangement checks how a piano ballad is produced (issue 19,
// item 4) at five seeds: 60-80 bpm, the piano on the melody, no synthesized
// part (answering voice included), and drums, when there are any, entering
// only at the first chorus (a pickup fill in the bar before it) and softer
// than the style's kit.
func TestBalladArrangement(t *testing.T) {
	for _, prompt := range []string{"sad romantic piano ballad in D minor", "emotional piano ballad",
		"slow love ballad with piano and strings", "balada romántica con piano"} {
		for seed := uint64(1); seed <= 5; seed++ {
			p := music.Parse(prompt).Resolve(seed)
			s := music.Compose(p, seed)
			if s.BPM < 60 || s.BPM > 80 {
				t.Errorf("%q seed %d: %.0f bpm, want 60-80", prompt, seed, s.BPM)
			}
			chorus := -1.0
			for _, sec := range s.Sections {
				if sec.Name == "chorus" {
					chorus = sec.StartBeat
					break
				}
			}
			for _, tr := range s.Tracks {
				if synthInst[tr.Instrument] {
					t.Errorf("%q seed %d: track %s is synthesized", prompt, seed, tr.Name)
				}
				if tr.Name == "lead (piano)" && len(tr.Notes) == 0 {
					t.Errorf("%q seed %d: the piano lead plays nothing", prompt, seed)
				}
				if tr.Role != score.RoleDrums || len(tr.Hits) == 0 {
					continue
				}
				if tr.GainDB > -3.9 {
					t.Errorf("%q seed %d: drums at %+.1f dB, want softer than the style's kit", prompt, seed, tr.GainDB)
				}
				if first := tr.Hits[0].Start; chorus < 0 || first < chorus-float64(s.BeatsPerBar) {
					t.Errorf("%q seed %d: drums enter at beat %.1f, the first chorus at %.1f", prompt, seed, first, chorus)
				}
			}
			lead := false
			for _, tr := range s.Tracks {
				lead = lead || tr.Name == "lead (piano)"
			}
			if !lead {
				t.Errorf("%q seed %d: no piano lead", prompt, seed)
			}
		}
	}
}
