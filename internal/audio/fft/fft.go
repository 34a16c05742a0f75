// Package fft is an in-place iterative radix-2 fast Fourier transform, used
// by the synthesizer's band-limited wavetables and by spectral tests.
package fft

import (
	"math"
	"math/cmplx"
	"sync"
)

// Transform replaces x by its discrete Fourier transform (forward:
// X[k] = sum x[n] e^{-2πikn/N}); with inverse it uses e^{+2πikn/N} and does
// not divide by N. len(x) must be a power of two.
func Transform(x []complex128, inverse bool) {
	n := len(x)
	if n&(n-1) != 0 {
		panic("fft: length is not a power of two")
	}
	for i, j := 1, 0; i < n; i++ {
		bit := n >> 1
		for ; j&bit != 0; bit >>= 1 {
			j ^= bit
		}
		j ^= bit
		if i < j {
			x[i], x[j] = x[j], x[i]
		}
	}
	tw := twiddles(n, inverse)
	for size := 2; size <= n; size <<= 1 {
		half := size / 2
		w := tw[half-1 : size-1]
		for start := 0; start < n; start += size {
			a, b := x[start:start+half], x[start+half:start+size]
			for k, wk := range w {
				p, q := a[k], b[k]*wk
				a[k], b[k] = p+q, p-q
			}
		}
	}
}

// twiddleTables holds, per transform length and direction, the twiddle
// factors of every stage (see twiddles).
var twiddleTables sync.Map // key: 2n (+1 for inverse) -> []complex128

// twiddles returns the twiddle factors of a length-n transform: for each
// stage of size s = 2, 4, ..., n, at [s/2-1, s-1), the s/2 powers of
// e^{∓2πi/s} computed as the transform always has, by repeated
// multiplication from 1 (so the values are the same to the bit).
func twiddles(n int, inverse bool) []complex128 {
	key := 2 * n
	sign := -1.0
	if inverse {
		key++
		sign = 1
	}
	if t, ok := twiddleTables.Load(key); ok {
		return t.([]complex128)
	}
	t := make([]complex128, max(0, n-1))
	for size := 2; size <= n; size <<= 1 {
		w := cmplx.Exp(complex(0, sign*2*math.Pi/float64(size)))
		wk := complex(1, 0)
		for k := range size / 2 {
			t[size/2-1+k] = wk
			wk *= w
		}
	}
	twiddleTables.Store(key, t)
	return t
}
