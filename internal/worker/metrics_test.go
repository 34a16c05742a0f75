package worker_test

import (
	"context"
	"errors"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/worker"
)

// TestMetrics: every delivery handled, whatever its outcome, reports one
// observation; only a completion reports the song's length.
func TestMetrics(t *testing.T) {
	ctx := context.Background()
	fail := true
	gen := &jobstest.Generator{}
	gen.Func = func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) {
		if fail {
			return nil, errors.New("flaky")
		}
		return jobstest.TinySong(), nil
	}
	w, _, id := setup(t, gen, &media{})
	var got []worker.Observation
	w.Metrics = func(_ context.Context, o worker.Observation) { got = append(got, o) }

	w.Process(ctx, id, 1) // retry
	fail = false
	w.Process(ctx, id, 2)              // completed
	w.Process(ctx, id, 3)              // skipped: a duplicate delivery
	w.DeadLetter(ctx, id)              // skipped: already terminal
	w.Process(ctx, jobs.NewJobID(), 1) // skipped: unknown

	want := []struct {
		out     worker.Outcome
		attempt int
	}{{worker.Retry, 1}, {worker.Completed, 2}, {worker.Skipped, 3}, {worker.Skipped, 0}, {worker.Skipped, 1}}
	if len(got) != len(want) {
		t.Fatalf("%d observations, want %d: %+v", len(got), len(want), got)
	}
	song := jobstest.TinySong()
	for i, o := range got {
		if o.Outcome != want[i].out || o.Attempt != want[i].attempt || o.Elapsed <= 0 {
			t.Errorf("observation %d: %+v, want outcome %s attempt %d", i, o, want[i].out, want[i].attempt)
		}
		if wantAudio := map[bool]float64{true: song.Duration}[o.Outcome == worker.Completed]; o.AudioSeconds != wantAudio {
			t.Errorf("observation %d: audio %v s, want %v", i, o.AudioSeconds, wantAudio)
		}
	}
	if got[0].JobID != id || got[4].JobID == id {
		t.Errorf("job ids %s, %s", got[0].JobID, got[4].JobID)
	}
}
