package analysis

import (
	"math"
	"slices"
)

// SpanChroma is the chroma of a short stretch of audio, a chord's span
// for instance: interleaved samples of the given channel count and rate
// (from 8 kHz), read as the song's key profile is read (the same mono
// downmix and decimation, chromaSize-point spectra, and every spectral
// peak weighed into the pitch classes it may be a harmonic of, addChroma),
// but from frames that overlap by half, the last one ending at the
// stretch's end, a stretch shorter than one frame centred in silence,
// and only what stands above the spectrum's local floor (aboveFloor): a
// cymbal's or a snare's dense partials are noise, not pitches, and
// without it a ride cymbal under a chord took a third of the chroma.
// The result is the share of each pitch class, C first, summing to 1 (all
// zero for silence).
func SpanChroma(samples []float32, channels int, rate float64) [12]float64 {
	var total [12]float64
	if channels < 1 || rate <= 0 {
		return total
	}
	frames := len(samples) / channels
	decim := max(1, int(math.Round(rate/analysisRate)))
	mono := downmix(samples, channels, frames, decim)
	rate /= float64(decim)
	x := make([]float64, 0, len(mono)/chromaDecim+1)
	f := lowpass(0.4*rate/chromaDecim, rate, 0.7071)
	for i, v := range mono {
		if y := f.tick(v); i%chromaDecim == 0 {
			x = append(x, y)
		}
	}
	if len(x) == 0 {
		return total
	}
	if len(x) < chromaSize {
		pad := make([]float64, chromaSize)
		copy(pad[(chromaSize-len(x))/2:], x)
		x = pad
	}
	var starts []int
	for s := 0; s+chromaSize <= len(x); s += chromaSize / 2 {
		starts = append(starts, s)
	}
	if last := len(x) - chromaSize; starts[len(starts)-1] != last {
		starts = append(starts, last)
	}
	sp, scratch := newSpectra(chromaSize), make([]float64, 2*floorBins+1)
	binHz := rate / chromaDecim / chromaSize
	for i := 0; i < len(starts); i += 2 {
		var b []float64
		if i+1 < len(starts) {
			b = x[starts[i+1] : starts[i+1]+chromaSize]
		}
		sp.magnitudes(x[starts[i]:starts[i]+chromaSize], b)
		addChroma(&total, aboveFloor(sp.ma, scratch), binHz)
		if b != nil {
			addChroma(&total, aboveFloor(sp.mb, scratch), binHz)
		}
	}
	return normalised(total)
}

// Spectral floor of SpanChroma: a bin counts by what its magnitude exceeds
// floorFactor times the median magnitude of the floorBins bins on each
// side of it (about 43 Hz at the chroma's 2.7 Hz bins); a note's peak
// stands far above the valleys around it, a noise's peaks do not.
const (
	floorBins   = 64
	floorFactor = 2.0
)

// aboveFloor replaces mag, in place, by what each bin holds above its local
// floor (0 below it), and returns it; scratch holds 2·floorBins+1 values.
// The window of the floor's median slides along the bins kept sorted (one
// value leaves it and one enters per bin).
func aboveFloor(mag, scratch []float64) []float64 {
	out := make([]float64, len(mag))
	w := append(scratch[:0], mag[:min(len(mag), floorBins+1)]...)
	slices.Sort(w)
	for k := range mag {
		if k > 0 {
			if lo := k - floorBins - 1; lo >= 0 {
				i, _ := slices.BinarySearch(w, mag[lo])
				w = slices.Delete(w, i, i+1)
			}
			if hi := k + floorBins; hi < len(mag) {
				i, _ := slices.BinarySearch(w, mag[hi])
				w = slices.Insert(w, i, mag[hi])
			}
		}
		out[k] = max(0, mag[k]-floorFactor*w[len(w)/2])
	}
	copy(mag, out)
	return mag
}
