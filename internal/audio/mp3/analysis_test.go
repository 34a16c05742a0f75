package mp3_test

import (
	"math"
	"math/cmplx"

	"github.com/songsmith/songsmith/internal/audio/fft"
)

const blockN = 2048

// thirdOctaveEdges returns 1/3-octave band edges from 100 Hz up to hi Hz.
func thirdOctaveEdges(hi float64) []float64 {
	var e []float64
	for f := 100.0; f <= hi; f *= math.Pow(2, 1.0/3) {
		e = append(e, f)
	}
	return e
}

// bandEnergies returns, per Hann-windowed block of blockN samples (hop half),
// the energy of x in each band between consecutive edges.
func bandEnergies(x []float64, rate float64, edges []float64) [][]float64 {
	var out [][]float64
	buf := make([]complex128, blockN)
	for start := 0; start+blockN <= len(x); start += blockN / 2 {
		for i := range buf {
			w := 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/blockN)
			buf[i] = complex(x[start+i]*w, 0)
		}
		fft.Transform(buf, false)
		e := make([]float64, len(edges)-1)
		for k := 1; k < blockN/2; k++ {
			f := float64(k) * rate / blockN
			for b := 0; b+1 < len(edges); b++ {
				if f >= edges[b] && f < edges[b+1] {
					p := cmplx.Abs(buf[k])
					e[b] += p * p
					break
				}
			}
		}
		out = append(out, e)
	}
	return out
}

// shift returns dec advanced by lag samples, zero-filled, with ref's length.
func shift(dec []float64, lag, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		if j := i + lag; j >= 0 && j < len(dec) {
			out[i] = dec[j]
		}
	}
	return out
}

// bandError returns the mean absolute error in dB between the long-term
// 1/3-octave band energies of ref and dec (bands within 60 dB of the
// loudest count).
func bandError(ref, dec []float64, rate float64) float64 {
	edges := thirdOctaveEdges(16000)
	re, de := bandEnergies(ref, rate, edges), bandEnergies(dec, rate, edges)
	nb := len(edges) - 1
	sr, sd := make([]float64, nb), make([]float64, nb)
	for i := range re {
		for b := 0; b < nb; b++ {
			sr[b] += re[i][b]
			sd[b] += de[i][b]
		}
	}
	peak := 0.0
	for _, v := range sr {
		peak = max(peak, v)
	}
	sum, n := 0.0, 0
	for b := range sr {
		if sr[b] < peak*1e-6 {
			continue
		}
		sum += math.Abs(10 * math.Log10((sd[b]+1e-30)/sr[b]))
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// audibleNoise is a crude objective perceptual measure: per block and
// 1/3-octave band, how far (dB) the coding noise rises above a mask 13 dB
// under the band's own energy (floored at -90 dBFS-ish), averaged.
func audibleNoise(ref, dec []float64, rate float64) float64 {
	edges := thirdOctaveEdges(16000)
	noise := make([]float64, len(ref))
	for i := range ref {
		noise[i] = dec[i] - ref[i]
	}
	re, ne := bandEnergies(ref, rate, edges), bandEnergies(noise, rate, edges)
	sum, n := 0.0, 0
	for i := range re {
		for b := range re[i] {
			mask := math.Max(re[i][b]*math.Pow(10, -1.3), 3e-4) // floor ~ -90 dB re a full-scale sine
			sum += math.Max(0, 10*math.Log10((ne[i][b]+1e-30)/mask))
			n++
		}
	}
	return sum / float64(n)
}

// sineFit returns the amplitude of the best-fitting sinusoid at freq and
// the THD+N in dB (residual energy relative to the fitted sinusoid).
func sineFit(x []float64, rate, freq float64) (amp, thdn float64) {
	var ss, cc, sc, xs, xc float64
	for i, v := range x {
		s, c := math.Sincos(2 * math.Pi * freq * float64(i) / rate)
		ss += s * s
		cc += c * c
		sc += s * c
		xs += v * s
		xc += v * c
	}
	det := ss*cc - sc*sc
	a := (xs*cc - xc*sc) / det
	b := (xc*ss - xs*sc) / det
	var sig, res float64
	for i, v := range x {
		s, c := math.Sincos(2 * math.Pi * freq * float64(i) / rate)
		f := a*s + b*c
		sig += f * f
		res += (v - f) * (v - f)
	}
	return math.Hypot(a, b), 10 * math.Log10(res/sig)
}

// zeroCrossFreq estimates frequency from rising zero crossings.
func zeroCrossFreq(x []float64, rate float64) float64 {
	first, last, n := -1.0, -1.0, 0
	for i := 1; i < len(x); i++ {
		if x[i-1] < 0 && x[i] >= 0 {
			t := float64(i-1) + x[i-1]/(x[i-1]-x[i])
			if first < 0 {
				first = t
			} else {
				n++
			}
			last = t
		}
	}
	if n == 0 {
		return 0
	}
	return float64(n) * rate / (last - first)
}
