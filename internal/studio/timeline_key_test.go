package studio_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/music/describe"
	"github.com/songsmith/songsmith/internal/studio"
)

// TestTimelineModulations: a pop song whose last chorus is lifted lists
// two modulations, into the chorus's key at its start and back to the
// song's key where the next section starts; a rock song (which never
// lifts) lists none.
func TestTimelineModulations(t *testing.T) {
	found := false
	for seed := uint64(1); seed <= 6 && !found; seed++ {
		s, _, _ := composeWritten("happy pop song, 3 minutes", seed, engine.Options{})
		tl := studio.NewTimeline(s, s.BeatToSeconds(s.TotalBeats))
		for i, sec := range s.Sections {
			if sec.KeyShift == 0 {
				continue
			}
			found = true
			if i+1 >= len(s.Sections) {
				t.Fatalf("seed %d: the lifted section is the last", seed)
			}
			m := tl.Key.Modulations
			if len(m) != 2 || m[0].Key != describe.KeyNameShifted(s, sec.KeyShift) || m[1].Key != tl.Key.Name ||
				m[0].At != tl.Sections[i].Start || m[1].At != tl.Sections[i+1].Start {
				t.Fatalf("seed %d: modulations %+v for %s lifted %+d at %g s (next section at %g s)", seed, m, tl.Key.Name, sec.KeyShift, tl.Sections[i].Start, tl.Sections[i+1].Start)
			}
		}
	}
	if !found {
		t.Fatal("no pop song at seeds 1-6 lifts its last chorus")
	}
	s, _, _ := composeWritten("rock, 3 minutes", 1, engine.Options{})
	if m := studio.NewTimeline(s, 180).Key.Modulations; len(m) != 0 {
		t.Fatalf("a rock song lists modulations %+v", m)
	}
}
