package music_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/testutil"
)

// jazzChords is the least number of distinct chords every song of the jazz
// family has (issue 32: a median of 7, "christmas jazz" 6, a jazz waltz 4).
const jazzChords = 8

// TestJazzChordsEverySong composes every jazz-family style at seeds 1-4 as
// its own prompt (the default length), coloured ("christmas jazz": the
// carol pool's six chords had replaced jazz's harmony), short (45 s) and
// in 3/4 (a jazz waltz, whose bars take no second chord; not the blues,
// whose waltz keeps the twelve-bar form's three chords), and requires at
// least jazzChords distinct chord symbols in the chart of every song, and
// as many distinct pitch-class sets played (the reference study's MIDI
// measure) in every song of the study's length.
func TestJazzChordsEverySong(t *testing.T) {
	testutil.SkipRaceShort(t)
	n := 0
	for _, st := range style.All() {
		if st.Family != "jazz" {
			continue
		}
		prompts := []string{st.Name, "christmas " + st.Name, st.Name + ", 45 seconds"}
		if st.Form != "blues" {
			// A blues waltz keeps the plain twelve-bar degrees
			// (TestBluesFormRunsOn): I7, IV7 and V7.
			prompts = append(prompts, st.Name+" waltz")
		}
		for _, prompt := range prompts {
			for seed := uint64(1); seed <= 4; seed++ {
				p := reader.Parse(prompt)
				p.Genre = plan.Genre(st.Name)
				s := music.Compose(p, seed)
				symbols := map[string]bool{}
				for _, c := range s.Chords {
					symbols[c.Symbol] = true
				}
				if len(symbols) < jazzChords {
					t.Errorf("%q seed %d (%d/4, %.0f s): %d distinct chord symbols, want at least %d", prompt, seed, s.BeatsPerBar, s.Seconds(), len(symbols), jazzChords)
				}
				// A 45 s song voices some chords in two notes; the
				// study's songs were two minutes long.
				if sets := distinctChords(s); sets < jazzChords && s.Seconds() > 90 {
					t.Errorf("%q seed %d (%d/4, %.0f s): %d distinct chords played (pitch-class sets), want at least %d", prompt, seed, s.BeatsPerBar, s.Seconds(), sets, jazzChords)
				}
				n++
			}
		}
	}
	if n < 3*12 {
		t.Errorf("only %d jazz-family songs composed: the family lost its styles?", n)
	}
}
