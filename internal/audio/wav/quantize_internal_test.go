package wav

import (
	"math"
	"math/rand/v2"
	"testing"
)

// quantizeRef is quantize as first written (math.Round, then the clamp):
// the values the faster form must give.
func quantizeRef(v float32, a, b float64) int16 {
	x := math.Round(float64(v)*32767 + a - b)
	if x > 32767 {
		x = 32767
	} else if x < -32768 {
		x = -32768
	}
	return int16(x)
}

// TestQuantizeRounds checks quantize against math.Round and the clamp at
// exact ties, either side of every clamp edge, the specials, and a
// million random samples with dither.
func TestQuantizeRounds(t *testing.T) {
	check := func(v float32, a, b float64) {
		t.Helper()
		if got, want := quantize(v, a, b), quantizeRef(v, a, b); got != want {
			t.Fatalf("quantize(%v, %v, %v) = %d, want %d", v, a, b, got, want)
		}
	}
	for k := -32770.0; k <= 32770; k += 0.5 {
		// v = 0 leaves x = a - b = k exactly.
		for _, x := range []float64{k, math.Nextafter(k, math.Inf(1)), math.Nextafter(k, math.Inf(-1))} {
			check(0, x, 0)
			check(0, 0, -x)
		}
	}
	for _, v := range []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)),
		math.MaxFloat32, -math.MaxFloat32, float32(math.Copysign(0, -1)), 1e-30, 1, -1, 0.5 / 32767, -0.5 / 32767} {
		check(v, 0.25, 0.75)
		check(v, 0, 0)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100_000 {
		check(float32(r.Float64()*2.4-1.2), r.Float64(), r.Float64())
	}
}
