package vorbis

import (
	"math"
	"math/cmplx"

	"github.com/songsmith/songsmith/internal/audio/fft"
)

// mdct is the forward MDCT of the Vorbis long block (spec section 1.3.2
// and 4.3.1): X[k] = scale * sum_n w[n] x[n] cos(2π/N (n + 1/2 + N/4)(k + 1/2)),
// computed with one N-point complex FFT: x[n] e^{-iπn/N} transformed, then
// rotated by e^{-2πi n0 (k+1/2)/N}.
type mdct struct {
	n      int
	window []float64
	pre    []complex128 // e^{-iπn/N}
	post   []complex128 // scale * e^{-2πi n0 (k+1/2)/N}
	buf    []complex128
}

// newMDCT prepares the transform of n-sample blocks.
func newMDCT(n int) *mdct {
	m := &mdct{n: n, window: make([]float64, n), pre: make([]complex128, n), post: make([]complex128, n/2), buf: make([]complex128, n)}
	for i := range n {
		s := math.Sin((float64(i) + 0.5) / float64(n) * math.Pi)
		m.window[i] = math.Sin(math.Pi / 2 * s * s)
		m.pre[i] = cmplx.Exp(complex(0, -math.Pi*float64(i)/float64(n)))
	}
	n0 := float64(n)/4 + 0.5
	scale := mdctScale / float64(n)
	for k := range n / 2 {
		m.post[k] = complex(scale, 0) * cmplx.Exp(complex(0, -2*math.Pi*n0*(float64(k)+0.5)/float64(n)))
	}
	return m
}

// mdctScale/N scales the transform so that the decoders' inverse
// (unnormalised, windowed, overlapped) gives back the input.
const mdctScale = 4

// transform writes the n/2 coefficients of the windowed block x to out.
func (m *mdct) transform(x []float64, out []float64) {
	for i, v := range x {
		m.buf[i] = complex(v*m.window[i], 0) * m.pre[i]
	}
	fft.Transform(m.buf, false)
	for k := range out {
		out[k] = real(m.buf[k] * m.post[k])
	}
}
