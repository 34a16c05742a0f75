package synth_test

import (
	"context"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/soundfont/sftest"
	"github.com/songsmith/songsmith/internal/synth"
)

// mustBank returns the test bank (see sftest.Bank).
func mustBank(tb testing.TB) *soundfont.Bank {
	tb.Helper()
	return sftest.Bank(tb)
}

// withBank returns render options that play recorded parts from b.
func withBank(b *soundfont.Bank) synth.Options {
	return synth.Options{Bank: func() *soundfont.Bank { return b }}
}

// recordedScore is a 120-BPM score with one recorded track of notes.
func recordedScore(in score.Instrument, role score.Role, notes []score.Note) *score.Score {
	end := 0.0
	for _, n := range notes {
		end = math.Max(end, n.Start+n.Length)
	}
	return &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: end, TailSeconds: 2, Seed: 7,
		Tracks: []score.Track{{Name: string(in), Instrument: in, Role: role, Notes: notes, Recorded: true}}}
}

// renderLeft renders s dry with the bank and returns its mono mid (L+R)/2,
// the dry sound without the mix's widening side signal.
func renderLeft(tb testing.TB, s *score.Score, b *soundfont.Bank) []float32 {
	tb.Helper()
	buf, err := synth.RenderDry(context.Background(), s, styled(s, withBank(b)))
	if err != nil {
		tb.Fatal(err)
	}
	l, r := channel(buf, 0), channel(buf, 1)
	for i := range l {
		l[i] = 0.5 * (l[i] + r[i])
	}
	return l
}

func channel(b *audio.Buffer, c int) []float32 {
	out := make([]float32, b.Frames())
	for i := range out {
		out[i] = b.Samples[2*i+c]
	}
	return out
}

// estimatePitch returns the fundamental frequency (Hz) of x by the
// normalised square difference function (McLeod): the first lag whose
// peak reaches 0.9 of the highest, refined by a parabola.
func estimatePitch(x []float32, sampleRate float64) float64 {
	minLag, maxLag := int(sampleRate/2500), int(sampleRate/35)
	n := len(x) - maxLag - 1
	nsdf := make([]float64, maxLag+2)
	for lag := minLag; lag <= maxLag+1; lag++ {
		var ac, m float64
		for i := range n {
			a, b := float64(x[i]), float64(x[i+lag])
			ac += a * b
			m += a*a + b*b
		}
		if m > 0 {
			nsdf[lag] = 2 * ac / m
		}
	}
	best := 0.0
	for lag := minLag + 1; lag <= maxLag; lag++ {
		best = math.Max(best, nsdf[lag])
	}
	for lag := minLag + 1; lag <= maxLag; lag++ {
		if nsdf[lag] >= 0.9*best && nsdf[lag] >= nsdf[lag-1] && nsdf[lag] >= nsdf[lag+1] {
			a, b, c := nsdf[lag-1], nsdf[lag], nsdf[lag+1]
			d := 0.0
			if den := a - 2*b + c; den != 0 {
				d = 0.5 * (a - c) / den
			}
			return sampleRate / (float64(lag) + d)
		}
	}
	return 0
}

// cents returns the interval from b to a in cents.
func cents(a, b float64) float64 { return 1200 * math.Log2(a/b) }

// midiHz is the equal-tempered frequency of MIDI note p (A4 = 440 Hz).
func midiHz(p int) float64 { return 440 * math.Exp2(float64(p-69)/12) }

// envelope returns the RMS of x in windows of w frames.
func envelope(x []float32, w int) []float64 {
	var out []float64
	for i := 0; i+w <= len(x); i += w {
		s := 0.0
		for _, v := range x[i : i+w] {
			s += float64(v) * float64(v)
		}
		out = append(out, math.Sqrt(s/float64(w)))
	}
	return out
}
