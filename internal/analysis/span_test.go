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

// A bass's low register is read at its pitch: a tone rich in harmonics
// from A1 (55 Hz) to A3, through the separation (analysis.Harmonic) and
// SpanChroma, has its own class strongest and the class a semitone below
// it under 5 % (the chroma's 2.7 Hz bins resolve the 4 Hz between D2
// and C#2; a bass read a semitone low was the bass's pitch bend,
// TestBendGesturesHold in internal/synth).
func TestSpanChromaLowRegister(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, midi := range []int{33, 37, 38, 40, 43, 45, 50, 57} {
		f := 440 * math.Pow(2, float64(midi-69)/12)
		n := 44100 * 3 / 2
		s := make([]float32, 2*n)
		for i := range n {
			v := 0.0
			for h := 1; h <= 4; h++ {
				v += math.Sin(2*math.Pi*f*float64(h*i)/44100) / float64(h)
			}
			s[2*i], s[2*i+1] = float32(0.2*v), float32(0.2*v)
		}
		h, rate := analysis.Harmonic(s, 2, 44100)
		c := analysis.SpanChroma(h[int(0.4*rate):int(1.1*rate)], 1, rate)
		pc := midi % 12
		top := 0
		for q := range c {
			if c[q] > c[top] {
				top = q
			}
		}
		if below := c[(pc+11)%12]; top != pc || below > 0.05 {
			t.Errorf("MIDI %d (%.1f Hz): strongest class %d, want %d; the class below it %.2f, want under 0.05", midi, f, top, pc, below)
		}
	}
}
