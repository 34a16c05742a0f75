// Package analysis listens to a rendered song the way an outside tool
// would: it finds the tempo (an onset-strength envelope, its
// autocorrelation read through a comb of the pulse's multiples, and a
// dynamic-programming beat tracker), the key (a chroma profile correlated
// with the Krumhansl-Kessler key profiles) and where the sound ends. It
// knows nothing of the score: it reads samples only. Loudness and true
// peak are the synthesizer's own BS.1770 meters (synth.IntegratedLoudness,
// synth.TruePeak), not measured twice. Standard library and
// internal/audio/fft only.
package analysis

import "math"

// Rates of the analysis: the song is summed to mono and decimated to
// about analysisRate; onsets come from onsetSize-point spectra every
// onsetHop samples (about 86 per second), chroma from chromaSize-point
// spectra at a quarter of that rate.
const (
	analysisRate = 11025.0
	onsetSize    = 256
	onsetHop     = 128
	chromaSize   = 2048
	chromaDecim  = 2
)

// AudibleFloorDB is the level below which a sample counts as silence for
// the audible end: -60 dBFS.
const AudibleFloorDB = -60.0

// Analysis is what the analysis heard in a song: its onset envelope (the
// tempo's and beats' source), its chroma profile (the key's), its length
// and where its sound ends.
type Analysis struct {
	// Seconds is the audio's length; AudibleEnd the time in seconds just
	// after the last sample of any channel above AudibleFloorDB (0 for
	// silence).
	Seconds, AudibleEnd float64
	onset               []float64 // spectral flux per onset frame
	fps                 float64   // onset frames per second
	chroma              [12]float64
}

// Analyze analyses interleaved samples of the given channel count and rate
// (any rate from 8 kHz; the mastered song is 44.1 kHz stereo).
func Analyze(samples []float32, channels int, rate float64) *Analysis {
	a := &Analysis{}
	if channels < 1 || rate <= 0 {
		return a
	}
	frames := len(samples) / channels
	a.Seconds = float64(frames) / rate
	a.AudibleEnd = audibleEnd(samples, channels, rate)
	decim := max(1, int(math.Round(rate/analysisRate)))
	mono := downmix(samples, channels, frames, decim)
	srate := rate / float64(decim)
	a.fps = srate / onsetHop
	a.onset = onsetEnvelope(mono)
	a.chroma = chromaProfile(mono, srate)
	return a
}

// audibleEnd returns the end in seconds of the last frame with a sample
// above AudibleFloorDB.
func audibleEnd(s []float32, ch int, rate float64) float64 {
	floor := float32(math.Pow(10, AudibleFloorDB/20))
	for i := len(s)/ch*ch - 1; i >= 0; i-- {
		if s[i] > floor || s[i] < -floor {
			return float64(i/ch+1) / rate
		}
	}
	return 0
}

// downmix sums the first two channels to mono and keeps one sample in
// decim: the mean of the 2·decim samples around it (a box filter, whose
// first zero lies at the new Nyquist frequency, so little of what lies
// above it folds back into the bands the analysis reads).
func downmix(s []float32, ch, frames, decim int) []float64 {
	out := make([]float64, 0, frames/decim+1)
	if decim == 1 {
		for n := range frames {
			out = append(out, monoAt(s, ch, n))
		}
		return out
	}
	norm, prev := 1/float64(2*decim), 0.0
	for c := 0; c+decim <= frames; c += decim {
		acc := 0.0
		if ch == 1 {
			for _, v := range s[c : c+decim] {
				acc += float64(v)
			}
		} else {
			for n := c; n < c+decim; n++ {
				acc += float64(s[n*ch]) + float64(s[n*ch+1])
			}
			acc /= 2
		}
		out = append(out, (prev+acc)*norm)
		prev = acc
	}
	return out
}

func monoAt(s []float32, ch, n int) float64 {
	if ch == 1 {
		return float64(s[n])
	}
	return 0.5 * (float64(s[n*ch]) + float64(s[n*ch+1]))
}

// biquad is a direct-form-I biquad.
type biquad struct{ b0, b1, b2, a1, a2, x1, x2, y1, y2 float64 }

func (f *biquad) tick(x float64) float64 {
	y := f.b0*x + f.b1*f.x1 + f.b2*f.x2 - f.a1*f.y1 - f.a2*f.y2
	f.x2, f.x1, f.y2, f.y1 = f.x1, x, f.y1, y
	return y
}

// lowpass is an RBJ-cookbook low-pass section.
func lowpass(f0, rate, q float64) *biquad {
	w := 2 * math.Pi * f0 / rate
	cw, sw := math.Cos(w), math.Sin(w)
	alpha := sw / (2 * q)
	a0 := 1 + alpha
	return &biquad{b0: (1 - cw) / 2 / a0, b1: (1 - cw) / a0, b2: (1 - cw) / 2 / a0, a1: -2 * cw / a0, a2: (1 - alpha) / a0}
}

// hann returns an n-point periodic Hann window.
func hann(n int) []float64 {
	w := make([]float64, n)
	for i := range w {
		w[i] = 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/float64(n))
	}
	return w
}
