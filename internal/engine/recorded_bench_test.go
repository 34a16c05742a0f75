package engine_test

import (
	"context"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/soundfont/sftest"
	"github.com/songsmith/songsmith/internal/synth"
)

// recordedBench composes BenchPrompt and marks every part Recorded: more
// than the catalogue records for pop (its chords), the heaviest case:
// drums, bass, piano and strings all play from the bank; parts without a
// General MIDI preset stay synthesized.
func recordedBench(tb testing.TB) (*synth.Options, float64, func() error) {
	tb.Helper()
	bank := sftest.Bank(tb)
	s, _, _ := composePerformed(BenchPrompt, 1, engine.Options{})
	for i := range s.Tracks {
		s.Tracks[i].Recorded = true
	}
	so := styled(s, synth.Options{Bank: func() *soundfont.Bank { return bank }})
	o := &so
	return o, s.Seconds(), func() error {
		b, err := synth.Render(context.Background(), s, *o)
		audio.Recycle(b) // as BenchmarkRender3Min releases its songs
		return err
	}
}

// BenchmarkRenderRecorded3Min is BenchmarkRender3Min's song with its
// acoustic parts played from the SoundFont bank (bank loading excluded;
// see BenchmarkBankLoad). Goal: >= 100 x_realtime with -cpu 1.
func BenchmarkRenderRecorded3Min(b *testing.B) {
	_, seconds, render := recordedBench(b)
	b.ReportAllocs()
	total := 0.0
	peak := watchHeap()
	for b.Loop() {
		if err := render(); err != nil {
			b.Fatal(err)
		}
		total += seconds
	}
	b.ReportMetric(total/b.Elapsed().Seconds(), "x_realtime")
	b.ReportMetric(float64(peak())/(1<<20), "peak_heap_MiB")
}
