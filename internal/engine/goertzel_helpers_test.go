package engine_test

import (
	"math"

	"github.com/songsmith/songsmith/internal/audio"
)

// goertzel is the energy of samples (rate Hz) at the fundamental of MIDI
// pitch p, by the Goertzel algorithm.
func goertzel(samples []float64, rate float64, p int) float64 {
	f := 440 * math.Pow(2, float64(p-69)/12)
	c := 2 * math.Cos(2*math.Pi*f/rate)
	var s1, s2 float64
	for _, x := range samples {
		s1, s2 = x+c*s1-s2, s1
	}
	return s1*s1 + s2*s2 - c*s1*s2
}

// monoOf is the sum of a's channels, frame by frame.
func monoOf(a *audio.Buffer) []float64 {
	mono := make([]float64, len(a.Samples)/a.Channels)
	for i := range mono {
		for ch := range a.Channels {
			mono[i] += float64(a.Samples[i*a.Channels+ch])
		}
	}
	return mono
}
