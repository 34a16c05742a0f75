package synth_test

import (
	"context"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/synth"
)

// BenchmarkRender3Min renders and masters a dense 3-minute, 8-track score.
func BenchmarkRender3Min(b *testing.B) {
	s := demoScore(180, 42)
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		out, err := synth.Render(context.Background(), s, styled(s, synth.Options{}))
		if err != nil {
			b.Fatal(err)
		}
		audio.Recycle(out) // the next render reuses the samples, as a worker's does
	}
	per := time.Since(start).Seconds() / float64(b.N)
	b.ReportMetric(s.Seconds()/per, "x_realtime")
}

// BenchmarkMaster3Min measures the mastering chain alone on a 3-minute mix.
func BenchmarkMaster3Min(b *testing.B) {
	dry, err := synth.RenderDry(context.Background(), demoScore(180, 42), styled(demoScore(180, 42), synth.Options{}))
	if err != nil {
		b.Fatal(err)
	}
	work := make([]float32, len(dry.Samples))
	b.ReportAllocs()
	for b.Loop() {
		copy(work, dry.Samples)
		buf := *dry
		buf.Samples = work
		if err := synth.Master(context.Background(), &buf, synth.MasterOptions{FadeOut: 2}); err != nil {
			b.Fatal(err)
		}
	}
}
