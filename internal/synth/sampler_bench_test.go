package synth_test

import (
	"context"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// recordedDemo is demoScore with its acoustic parts recorded: the acoustic
// kit, a bass guitar, piano chords, strings for the pad, a clean guitar and
// glockenspiel bells (lead and arp stay synthesized).
func recordedDemo(seconds float64, seed uint64) *score.Score {
	s := demoScore(seconds, seed)
	swap := map[string]score.Instrument{"bass": score.Bass, "keys": score.Piano, "pad": score.Strings,
		"gtr": score.Guitar, "bells": score.Bells, "drums": score.Drums}
	for i := range s.Tracks {
		if in, ok := swap[s.Tracks[i].Name]; ok {
			s.Tracks[i].Instrument = in
			s.Tracks[i].Recorded = true
		}
	}
	return s
}

// BenchmarkRenderRecorded3Min renders and masters the 3-minute demo score
// with six of its eight parts played from the sample bank (the bank is
// loaded before the timer starts).
func BenchmarkRenderRecorded3Min(b *testing.B) {
	bank := mustBank(b)
	s := recordedDemo(180, 42)
	o := withBank(bank)
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		if _, err := synth.Render(context.Background(), s, styled(s, o)); err != nil {
			b.Fatal(err)
		}
	}
	per := time.Since(start).Seconds() / float64(b.N)
	b.ReportMetric(s.Seconds()/per, "x_realtime")
}
