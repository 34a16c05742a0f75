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
