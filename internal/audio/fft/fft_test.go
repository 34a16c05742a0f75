package fft_test

import (
	"math"
	"math/cmplx"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/fft"
)

// Transform agrees with the direct DFT, and inverse(forward(x))/N = x.
func TestTransform(t *testing.T) {
	const n = 64
	x := make([]complex128, n)
	for i := range x {
		x[i] = complex(math.Sin(float64(i)*0.7)+0.3*float64(i%5), math.Cos(float64(i)*1.3))
	}
	want := make([]complex128, n)
	for k := range want {
		for j, v := range x {
			want[k] += v * cmplx.Exp(complex(0, -2*math.Pi*float64(k*j)/n))
		}
	}
	got := append([]complex128(nil), x...)
	fft.Transform(got, false)
	for k := range got {
		if cmplx.Abs(got[k]-want[k]) > 1e-9 {
			t.Fatalf("bin %d: %v, want %v", k, got[k], want[k])
		}
	}
	fft.Transform(got, true)
	for i := range got {
		if cmplx.Abs(got[i]/n-x[i]) > 1e-12 {
			t.Fatalf("round trip sample %d: %v, want %v", i, got[i]/n, x[i])
		}
	}
}

// TestTransformBits: the transform gives the same bits as the textbook
// loop that multiplies its twiddle factor up stage by stage (the values
// recipes were rendered with), forward and inverse, at several lengths.
func TestTransformBits(t *testing.T) {
	for _, n := range []int{1, 2, 8, 64, 4096} {
		for _, inv := range []bool{false, true} {
			x := make([]complex128, n)
			for i := range x {
				x[i] = complex(math.Sin(float64(i)*0.37)*float64(i%7), math.Cos(float64(i)*0.11))
			}
			want := append([]complex128(nil), x...)
			reference(want, inv)
			fft.Transform(x, inv)
			for i := range x {
				if math.Float64bits(real(x[i])) != math.Float64bits(real(want[i])) ||
					math.Float64bits(imag(x[i])) != math.Float64bits(imag(want[i])) {
					t.Fatalf("n %d inverse %v bin %d: %v, reference %v", n, inv, i, x[i], want[i])
				}
			}
		}
	}
}

// reference is the transform as first written: bit reversal, then each
// stage's twiddle factor multiplied up from 1 for every block.
func reference(x []complex128, inverse bool) {
	n := len(x)
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

// BenchmarkTransform4096 measures one forward transform of 4096 points
// (the master's side-band check reads 256 of them a song).
func BenchmarkTransform4096(b *testing.B) {
	x := make([]complex128, 4096)
	for b.Loop() {
		for i := range x {
			x[i] = complex(float64(i%17), 0)
		}
		fft.Transform(x, false)
	}
}
