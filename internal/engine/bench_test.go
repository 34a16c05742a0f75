package engine_test

import (
	"context"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
)

// BenchPrompt is the prompt of BenchmarkRender3Min; scripts/bench-engine.sh
// renders the same prompt and seed to MIDI for the FluidSynth yardstick.
const BenchPrompt = "happy pop song with piano and strings, 3 minutes"

// BenchmarkRender3Min renders a three-minute song end to end (parse,
// compose, synthesize, master) and reports how many times faster than real
// time that is. Goal: >= 100 x_realtime with -cpu 1, <= 200 MiB peak RSS.
func BenchmarkRender3Min(b *testing.B) {
	b.ReportAllocs()
	ctx := context.Background()
	seconds := 0.0
	for b.Loop() {
		song, err := engine.Render(ctx, BenchPrompt, 1, engine.Options{})
		if err != nil {
			b.Fatal(err)
		}
		seconds += song.Seconds
	}
	b.ReportMetric(seconds/b.Elapsed().Seconds(), "x_realtime")
}
