package engine_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestLargestValidSongsWithinBudget composes the longest songs a request
// may ask for, at the style's tempo and the fastest one, and requires each
// within the job budget with a margin: at most half the parts and a
// quarter of the notes and hits, a third of the sounding time it allows. -short composes three styles,
// else every style of the catalogue.
func TestLargestValidSongsWithinBudget(t *testing.T) {
	testutil.SkipRaceShort(t)
	names := style.Names()
	if testing.Short() {
		names = []string{"pop", "drum and bass", "metal"}
	}
	type job struct {
		name string
		bpm  float64
	}
	var list []job
	for _, name := range names {
		for _, bpm := range []float64{0, request.MaxBPM} {
			list = append(list, job{name, bpm})
		}
	}
	// Each composition uses one core: compose on every processor.
	inParallel(len(list), func(i int) {
		name, bpm := list[i].name, list[i].bpm
		c, err := engine.Compose(engine.Resolve(name+" song", 1, engine.Options{Seconds: request.MaxSeconds, BPM: bpm}))
		if err != nil {
			t.Error(err)
			return
		}
		s := c.Score
		if err := engine.CheckBudget(s); err != nil {
			t.Errorf("%s at %g BPM: %v", name, s.BPM, err)
			return
		}
		events, sounding := 0, 0.0
		for _, tr := range s.Tracks {
			events += len(tr.Notes) + len(tr.Hits)
			sounding += 0.5 * float64(len(tr.Hits))
			for _, n := range tr.Notes {
				sounding += s.BeatToSeconds(n.Length)
			}
		}
		if 2*len(s.Tracks) > engine.BudgetTracks || 4*events > engine.BudgetEvents || 3*sounding > engine.BudgetVoiceSeconds {
			t.Errorf("%s at %g BPM: %d parts, %d notes and hits, %.0f s sounding: not 2x / 4x / 3x under the budget (%d, %d, %.0f)",
				name, s.BPM, len(s.Tracks), events, sounding, engine.BudgetTracks, engine.BudgetEvents, engine.BudgetVoiceSeconds)
		}
	})
}
