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
	n    int
	pre  []complex128 // e^{-iπn/N}
	post []complex128 // scale * e^{-2πi n0 (k+1/2)/N}
	buf  []complex128
}

// newMDCT prepares the transform of n-sample blocks.
func newMDCT(n int) *mdct {
	m := &mdct{n: n, pre: make([]complex128, n), post: make([]complex128, n/2), buf: make([]complex128, n)}
	for i := range n {
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

// transform writes the n/2 coefficients of block x under window w to out.
func (m *mdct) transform(x, w, out []float64) {
	for i, v := range x {
		m.buf[i] = complex(v*w[i], 0) * m.pre[i]
	}
	fft.Transform(m.buf, false)
	for k := range out {
		out[k] = real(m.buf[k] * m.post[k])
	}
}

// window is the Vorbis window of an n-sample block (spec section 4.3.1):
// a long block's side next to a short block rises or falls over the
// short block's half, centred on the long block's quarter.
func window(n int, prevLong, nextLong bool) []float64 {
	w := make([]float64, n)
	slope := func(i, width int) float64 {
		s := math.Sin((float64(i) + 0.5) / float64(width) * math.Pi / 2)
		return math.Sin(math.Pi / 2 * s * s)
	}
	ls, le := 0, n/2
	if n == long && !prevLong {
		ls, le = n/4-short/4, n/4+short/4
	}
	rs, re := n/2, n
	if n == long && !nextLong {
		rs, re = 3*n/4-short/4, 3*n/4+short/4
	}
	for i := range n {
		switch {
		case i < ls || i >= re:
			w[i] = 0
		case i < le:
			w[i] = slope(i-ls, le-ls)
		case i < rs:
			w[i] = 1
		default:
			w[i] = slope(re-1-i, re-rs)
		}
	}
	return w
}
