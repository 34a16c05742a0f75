package music_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// TestWaltzBandCountsBeats checks the accompaniment of waltzes without
// drums (the classical, the lullaby and the ambient waltz), which a
// listener and bpm-tools count the beats by: the bass sounds on every beat
// of its bars (a plucked bass for the classical strings and the lullaby),
// the chord part strikes beats 2 and 3 (the "pah-pah" of oom-pah-pah) and
// nothing between the beats (a pad or strings hold the harmony instead),
// in at least 90 % of the bars they play outside the intro, the outro and
// the final bar. In 6/8 without drums the strings' bass is the plucked one
// too.
func TestWaltzBandCountsBeats(t *testing.T) {
	for _, prompt := range []string{"viennese waltz", "lullaby waltz for a baby", "dreamy ambient waltz", "sad waltz in A minor"} {
		for seed := uint64(1); seed <= 4; seed++ {
			s := compose(prompt+", 60 seconds", seed)
			name := fmt.Sprintf("%q seed %d (%s)", prompt, seed, s.Genre)
			if s.BeatsPerBar != 3 {
				t.Fatalf("%s: %d beats per bar", name, s.BeatsPerBar)
			}
			for _, tr := range s.Tracks {
				switch {
				case len(tr.Hits) > 0:
					t.Errorf("%s: drums in a drumless waltz", name)
				case tr.Part == score.PartDrone:
					// a pedal under the waltz (ambient) and its harp's
					// pulse, not its bass or its chords
				case tr.Role == score.RoleBass:
					if tr.Instrument == score.Strings {
						t.Errorf("%s: bowed strings as the waltz's bass", name)
					}
					if bars, good := countBars(s, tr.Notes, func(on [6]bool) bool { return on[0] && on[2] && on[4] }); good < 0.9*float64(bars) {
						t.Errorf("%s: bass on every beat in %v of %d bars", name, good, bars)
					}
				case tr.Role == score.RoleChords && tr.Instrument != score.Pad && tr.Instrument != score.Strings && tr.Instrument != score.ChoirPad:
					if bars, good := countBars(s, tr.Notes, func(on [6]bool) bool { return on[2] && on[4] && !on[1] && !on[3] && !on[5] }); good < 0.9*float64(bars) {
						t.Errorf("%s: chords on beats 2 and 3 only in %v of %d bars", name, good, bars)
					}
				}
			}
		}
	}
	for _, prompt := range []string{"classical piece in 6/8", "lullaby in 6/8"} {
		for seed := uint64(1); seed <= 4; seed++ {
			s := compose(prompt+", 30 seconds", seed)
			for _, tr := range s.Tracks {
				if tr.Role == score.RoleBass && tr.Instrument != score.UprightBass {
					t.Errorf("%q seed %d: bass %s, want the plucked %s", prompt, seed, tr.Instrument, score.UprightBass)
				}
			}
		}
	}
}

// countBars returns the bars of the score in which notes start (outside
// the intro, the outro and the final bar), and how many of them pass ok,
// given which eighth positions of the bar have a note starting.
func countBars(s *score.Score, notes []score.Note, ok func(on [6]bool) bool) (bars int, good float64) {
	last := s.TotalBeats - 3
	for _, sec := range s.Sections {
		if strings.HasPrefix(sec.Name, "intro") || strings.HasPrefix(sec.Name, "outro") {
			continue
		}
		for b := 0; b < sec.Bars; b++ {
			t := sec.StartBeat + float64(3*b)
			if t >= last {
				continue
			}
			var on [6]bool
			any := false
			for _, n := range notes {
				if n.Start < t-1e-6 || n.Start >= t+3-1e-6 {
					continue
				}
				any = true
				on[int(math.Round((n.Start-t)*2))%6] = true
			}
			if !any {
				continue
			}
			bars++
			if ok(on) {
				good++
			}
		}
	}
	return bars, good
}
