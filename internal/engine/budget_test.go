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
// within the job budget with a margin: at most a quarter of the notes and
// hits and a third of the sounding time it allows (what costs CPU), and
// at most generatedParts parts, so an edit can still add six. -short
// composes three styles, else every style of the catalogue.
// generatedParts is the most parts a composed song holds: one per role
// and a second drone (a held drone and the instrument striking its pulse,
// as ambient's strings and harp), engine.BudgetTracks - 6.
const generatedParts = 8

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
		if len(s.Tracks) > generatedParts || 4*events > engine.BudgetEvents || 3*sounding > engine.BudgetVoiceSeconds {
			t.Errorf("%s at %g BPM: %d parts, %d notes and hits, %.0f s sounding: over %d parts or not 4x / 3x under the budget (%d, %.0f)",
				name, s.BPM, len(s.Tracks), events, sounding, generatedParts, engine.BudgetEvents, engine.BudgetVoiceSeconds)
		}
	})
}
