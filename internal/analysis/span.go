package analysis

import "math"

// SpanChroma is the chroma of a short stretch of audio, a chord's span
// for instance: interleaved samples of the given channel count and rate
// (from 8 kHz), read as the song's key profile is read (the same mono
// downmix and decimation, chromaSize-point spectra, and every spectral
// peak weighed into the pitch classes it may be a harmonic of, addChroma),
// but from frames that overlap by half, the last one ending at the
// stretch's end, and a stretch shorter than one frame centred in silence.
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
	sp := newSpectra(chromaSize)
	binHz := rate / chromaDecim / chromaSize
	for i := 0; i < len(starts); i += 2 {
		var b []float64
		if i+1 < len(starts) {
			b = x[starts[i+1] : starts[i+1]+chromaSize]
		}
		sp.magnitudes(x[starts[i]:starts[i]+chromaSize], b)
		addChroma(&total, sp.ma, binHz)
		if b != nil {
			addChroma(&total, sp.mb, binHz)
		}
	}
	sum := 0.0
	for _, v := range total {
		sum += v
	}
	if sum > 0 {
		for pc := range total {
			total[pc] /= sum
		}
	}
	return total
}
