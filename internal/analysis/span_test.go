package analysis_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/analysis"
)

// The chroma of a chord's span: half a second (shorter than one spectrum
// frame) of a chord of tones rich in harmonics puts 60 % of its energy (the rest is the harmonic weighting's guesses) in
// the chord's classes with its root strongest, and each chord of a
// sequence is read from its own stretch; silence is all zero.
func TestSpanChroma(t *testing.T) {
	chords := [][]int{{0, 4, 7}, {9, 0, 4}, {7, 11, 2, 5}}
	const secs = 0.5
	s := harmonicChords(chords, secs)
	per := int(secs*44100) * 2
	for i, pcs := range chords {
		c := analysis.SpanChroma(s[i*per:(i+1)*per], 2, 44100)
		in, sum, top := 0.0, 0.0, 0
		for pc, v := range c {
			sum += v
			if c[pc] > c[top] {
				top = pc
			}
			for _, q := range pcs {
				if q == pc {
					in += v
				}
			}
		}
		if sum < 0.999 || sum > 1.001 {
			t.Errorf("%v: chroma sums to %.3f, want 1", pcs, sum)
		}
		if in < 0.6 || top != pcs[0] {
			t.Errorf("%v: %.0f %% in its tones, strongest class %d; want 60 %% and its root %d (chroma %.2f)", pcs, 100*in, top, pcs[0], c)
		}
	}
	if c := analysis.SpanChroma(make([]float32, 2*4410), 2, 44100); c != [12]float64{} {
		t.Errorf("silence: chroma %v, want zero", c)
	}
}
