package engine_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/style"
)

// TestLargestValidSongsWithinBudget composes the longest songs a request
// may ask for, at the style's tempo and the fastest one, and requires each
// within the job budget with a margin: at most half the parts and a
// quarter of the notes and hits it allows. -short composes three styles,
// else every style of the catalogue.
func TestLargestValidSongsWithinBudget(t *testing.T) {
	names := style.Names()
	if testing.Short() {
		names = []string{"pop", "drum and bass", "metal"}
	}
	for _, name := range names {
		for _, bpm := range []float64{0, jobs.MaxBPM} {
			s, _, _ := engine.Compose(name+" song", 1, engine.Options{Seconds: jobs.MaxSeconds, BPM: bpm})
			if err := engine.CheckBudget(s); err != nil {
				t.Errorf("%s at %g BPM: %v", name, s.BPM, err)
				continue
			}
			events := 0
			for _, tr := range s.Tracks {
				events += len(tr.Notes) + len(tr.Hits)
			}
			if 2*len(s.Tracks) > engine.BudgetTracks || 4*events > engine.BudgetEvents {
				t.Errorf("%s at %g BPM: %d parts, %d notes and hits: under 2x / 4x from the budget (%d, %d)",
					name, s.BPM, len(s.Tracks), events, engine.BudgetTracks, engine.BudgetEvents)
			}
		}
	}
}
