package analysis

import (
	"math"

	"github.com/songsmith/songsmith/internal/audio/fft"
)

// Harmonic/percussive separation (Fitzgerald 2010): in a spectrogram a
// held note is a horizontal line (steady in time, narrow in frequency) and
// a drum hit a vertical one (short in time, broad in frequency). A median
// across time, bin by bin, keeps the lines and drops the hits; a median
// across frequency, frame by frame, keeps the hits and drops the lines.
// Each bin is shared between the two by a soft mask, the harmonic part's
// power over the sum of both (Wiener-like) with a margin (Driedger,
// Müller and Disch 2014): the percussive estimate counts hpssMargin times
// over, so a bin goes to the harmonic part only where it is clearly
// steady, and a brush's or a snare's wash, neither steady nor struck, is
// left out with the hits. The harmonic part is turned back into sound by
// overlap-add.
const (
	hpssSize   = 2048   // STFT frame, samples at the analysis rate (186 ms, 5.4 Hz bins)
	hpssHop    = 256    // STFT hop (23 ms)
	hpssTime   = 17     // the harmonic median's length, frames (0.4 s)
	hpssFreq   = 17     // the percussive median's length, bins (92 Hz)
	hpssHighHz = 3000.0 // bins above are dropped: the chroma reads to 2.7 kHz
	hpssMargin = 1.5    // the harmonic estimate takes half a bin where it is 1.5 times the percussive one
)

// Harmonic is the harmonic part of interleaved samples of the given channel
// count and rate (from 8 kHz), as a listener hears the band without its
// drums: summed to mono and decimated as the rest of the analysis reads a
// song, separated from the percussive part by median filtering of its
// spectrogram (across time for the harmonic part, across frequency for the
// percussive part, a soft mask between them), and resynthesised up to
// hpssHighHz. It returns the mono samples and their rate (about 11 kHz);
// SpanChroma reads them as a one-channel stretch at that rate.
func Harmonic(samples []float32, channels int, rate float64) ([]float32, float64) {
	if channels < 1 || rate <= 0 {
		return nil, 0
	}
	decim := max(1, int(math.Round(rate/analysisRate)))
	mono := downmix(samples, channels, len(samples)/channels, decim)
	rate /= float64(decim)
	h := hpssHarmonic(mono, rate)
	out := make([]float32, len(h))
	for i, v := range h {
		out[i] = float32(v)
	}
	return out, rate
}

// hpssHarmonic is the harmonic part of the mono signal x at rate: frames
// of hpssSize centred every hpssHop samples (the signal padded with
// silence at both ends), their spectra up to hpssHighHz masked and
// overlap-added back with the Hann window (weighted overlap-add, each
// sample divided by the window's summed square over it).
func hpssHarmonic(x []float64, rate float64) []float64 {
	n := hpssSize
	if len(x) == 0 {
		return nil
	}
	win := hann(n)
	nf := len(x)/hpssHop + 1
	keep := min(n/2, int(hpssHighHz*float64(n)/rate)+1) // bins 0..keep-1 kept
	bins := min(n/2+1, keep+hpssFreq/2)                 // bins the percussive median reads
	spec := make([][]complex128, nf)
	mag := make([][]float64, nf)
	buf := make([]complex128, n)
	for i := range nf {
		at := i*hpssHop - n/2
		for j := range n {
			v := 0.0
			if t := at + j; t >= 0 && t < len(x) {
				v = x[t] * win[j]
			}
			buf[j] = complex(v, 0)
		}
		fft.Transform(buf, false)
		spec[i] = append([]complex128(nil), buf[:bins]...)
		mag[i] = make([]float64, bins)
		for k, z := range spec[i] {
			mag[i][k] = math.Hypot(real(z), imag(z))
		}
	}
	harm, perc := hpssMedians(mag, keep)
	out := make([]float64, len(x))
	norm := make([]float64, len(x))
	for i := range nf {
		clear(buf)
		for k := range keep {
			h2, p2 := harm[i][k]*harm[i][k], hpssMargin*hpssMargin*perc[i][k]*perc[i][k]
			if h2+p2 == 0 {
				continue
			}
			z := spec[i][k] * complex(h2/(h2+p2), 0)
			buf[k] = z
			if k > 0 {
				buf[n-k] = complex(real(z), -imag(z))
			}
		}
		fft.Transform(buf, true)
		at := i*hpssHop - n/2
		for j := range n {
			if t := at + j; t >= 0 && t < len(x) {
				out[t] += real(buf[j]) / float64(n) * win[j]
				norm[t] += win[j] * win[j]
			}
		}
	}
	for t := range out {
		if norm[t] > 1e-9 {
			out[t] /= norm[t]
		}
	}
	return out
}

// hpssMedians are, for bins 0..keep-1 of every frame of mag, the median of
// the bin over the hpssTime frames around it (the harmonic estimate) and
// the median of the frame over the hpssFreq bins around it (the
// percussive estimate); windows are cut short at the edges.
func hpssMedians(mag [][]float64, keep int) (harm, perc [][]float64) {
	nf := len(mag)
	harm, perc = make([][]float64, nf), make([][]float64, nf)
	scratch := make([]float64, max(hpssTime, hpssFreq))
	for i := range nf {
		harm[i], perc[i] = make([]float64, keep), make([]float64, keep)
		lo, hi := max(0, i-hpssTime/2), min(nf, i+hpssTime/2+1)
		for k := range keep {
			w := scratch[:0]
			for j := lo; j < hi; j++ {
				w = append(w, mag[j][k])
			}
			harm[i][k] = median(w)
			w = scratch[:0]
			w = append(w, mag[i][max(0, k-hpssFreq/2):min(len(mag[i]), k+hpssFreq/2+1)]...)
			perc[i][k] = median(w)
		}
	}
	return harm, perc
}

// median is the middle value of w (the upper of the two middle values
// for an even count), sorting w in place by insertion (w is short).
func median(w []float64) float64 {
	for i := 1; i < len(w); i++ {
		for j := i; j > 0 && w[j] < w[j-1]; j-- {
			w[j], w[j-1] = w[j-1], w[j]
		}
	}
	return w[len(w)/2]
}
