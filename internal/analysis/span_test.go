package analysis_test

import (
	"math"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/analysis"
	"github.com/songsmith/songsmith/internal/testutil"
)

// The chroma of a chord's span: half a second (shorter than one spectrum
// frame) of a chord of tones rich in harmonics puts 60 % of its energy (the rest is the harmonic weighting's guesses) in
// the chord's classes with its root strongest, and each chord of a
// sequence is read from its own stretch; silence is all zero.
func TestSpanChroma(t *testing.T) {
	testutil.SkipRaceShort(t)
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

// Noise under a chord does not take the chord away: with a burst of
// noise on every eighth (a ride's wash, at about a third of the chord's
// level), a second of each chord still holds 60 % of the span's chroma
// in its classes and its root is still the strongest.
func TestSpanChromaUnderCymbal(t *testing.T) {
	testutil.SkipRaceShort(t)
	chords := [][]int{{0, 4, 7}, {9, 0, 4}, {7, 11, 2, 5}}
	const secs = 1.0
	s := harmonicChords(chords, secs)
	rng := uint64(1)
	for i := 0; i < len(s)/2; i++ {
		rng = rng*6364136223846793005 + 1442695040888963407
		noise := float64(int64(rng>>11))/float64(1<<52) - 1
		dt := math.Mod(float64(i)/44100, 0.25)
		v := float32(0.1 * noise * math.Exp(-dt*12))
		s[2*i] += v
		s[2*i+1] += v
	}
	per := int(secs*44100) * 2
	for i, pcs := range chords {
		c := analysis.SpanChroma(s[i*per:(i+1)*per], 2, 44100)
		in, top := 0.0, 0
		for pc, v := range c {
			if c[pc] > c[top] {
				top = pc
			}
			if slices.Contains(pcs, pc) {
				in += v
			}
		}
		if in < 0.6 || top != pcs[0] {
			t.Errorf("%v under noise: %.0f %% in its tones, strongest class %d; want 60 %% and its root %d (chroma %.2f)", pcs, 100*in, top, pcs[0], c)
		}
	}
}
