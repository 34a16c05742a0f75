// Package fft is an in-place iterative radix-2 fast Fourier transform, used
// by the synthesizer's band-limited wavetables and by spectral tests.
package fft

import (
	"math"
	"math/cmplx"
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
	sign := -1.0
	if inverse {
		sign = 1
	}
	for size := 2; size <= n; size <<= 1 {
		w := cmplx.Exp(complex(0, sign*2*math.Pi/float64(size)))
		for start := 0; start < n; start += size {
			wk := complex(1, 0)
			for k := 0; k < size/2; k++ {
				a, b := x[start+k], x[start+k+size/2]*wk
				x[start+k], x[start+k+size/2] = a+b, a-b
				wk *= w
			}
		}
	}
}
