package perform_test

import (
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// holeWindow is how far before a score's end its holes are looked for, s;
// maxHole is the longest silence allowed there, s.
const (
	holeWindow = 10.0
	maxHole    = 0.3
)

// endHole returns the longest stretch, in seconds, in the last holeWindow
// seconds of s (up to its last note-off) in which no note of any part
// sounds, and where it starts. A drum hit counts as sounding for hitSound
// seconds (a kit's decay).
func endHole(s *score.Score) (hole, at float64) {
	const hitSound = 0.15
	sec := 60 / s.BPM
	type span struct{ on, off float64 }
	var spans []span
	for _, t := range s.Tracks {
		for _, n := range t.Notes {
			spans = append(spans, span{n.Start * sec, (n.Start + n.Length) * sec})
		}
		for _, h := range t.Hits {
			spans = append(spans, span{h.Start * sec, h.Start*sec + hitSound})
		}
	}
	if len(spans) == 0 {
		return 0, 0
	}
	end := 0.0
	for _, sp := range spans {
		end = max(end, sp.off)
	}
	from := end - holeWindow
	slices.SortFunc(spans, func(a, b span) int {
		switch {
		case a.on < b.on:
			return -1
		case a.on > b.on:
			return 1
		}
		return 0
	})
	reach := from // everything before from counts as sounding
	for _, sp := range spans {
		if sp.off <= from {
			continue
		}
		if g := sp.on - reach; g > hole {
			hole, at = g, reach
		}
		reach = max(reach, sp.off)
	}
	return hole, at
}

// TestNoFinalHole performs every style of the catalogue at seeds 1-2 and
// fails on any moment in a score's last 10 s (all parts together) longer
// than 0.3 s in which nothing sounds: issue 32 found every ambient,
// meditation, lullaby, chant and dark-ambient song silent for 0.6-1.5 s
// before its last chord, the held notes cut back to their written length
// while the final ritardando still delayed the chord.
//
// Each style is composed at one minute and at two (a longer outro thins
// differently: a lullaby's chords left for a pad that had already
// stopped, 3.6 s of silence).
func TestNoFinalHole(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: corpus test: every style composed at two lengths and two seeds")
	}
	for _, st := range style.All() {
		for _, length := range []string{"60 seconds", "2 minutes"} {
			for _, seed := range []uint64{1, 2} {
				p := reader.Parse(st.Name + " music, " + length)
				p.Genre = plan.Genre(st.Name)
				s := apply(music.Compose(p, seed))
				if h, at := endHole(s); h > maxHole {
					t.Errorf("%s, %s, seed %d: %.2f s of silence at %.1f s, in the last %.0f s", st.Name, length, seed, h, at, holeWindow)
				}
			}
		}
	}
}
