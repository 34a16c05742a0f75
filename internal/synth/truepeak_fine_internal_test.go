package synth

import (
	"math"
	"testing"
)

// tpFineRef is tpFine as first written (the taps in a loop), the
// reference TestTPFineBits holds the written-out form to.
func tpFineRef(h *[tpTaps]float64) float32 {
	var sum, diff [tpTaps / 2]float64
	for k := range tpTaps / 2 {
		sum[k], diff[k] = h[k]+h[tpTaps-1-k], h[k]-h[tpTaps-1-k]
	}
	best := 0.0
	for i := range tpFineKernel {
		k := &tpFineKernel[i]
		e, o := 0.0, 0.0
		for j := range tpTaps / 2 {
			e += k.even[j] * sum[j]
			o += k.odd[j] * diff[j]
		}
		best = max(best, math.Abs(e+o), math.Abs(e-o))
	}
	return float32(best)
}

// TestTPFineBits: tpFine and tpFineStereo (the interleaved window read in
// place) give the loop's values to the bit, on random windows, loud
// steps, silence and denormals.
func TestTPFineBits(t *testing.T) {
	r := newRNG(5)
	for n := range 20000 {
		var w [2 * tpTaps]float64
		for j := range w {
			switch {
			case n%7 == 1:
				w[j] = float64(float32(math.Copysign(0.99, r.bipolar())))
			case n%7 == 2 && j%3 == 0:
				w[j] = 1e-39
			case n%7 == 3:
				w[j] = 0
			default:
				w[j] = float64(float32(r.bipolar()))
			}
		}
		var h [2][tpTaps]float64
		for j := range tpTaps {
			h[0][j], h[1][j] = w[2*j], w[2*j+1]
		}
		want := max(tpFineRef(&h[0]), tpFineRef(&h[1]))
		if got := tpFineStereo(&w); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("window %d: stereo %v, loop %v", n, got, want)
		}
		if got, want := tpFine(&h[1]), tpFineRef(&h[1]); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("window %d: %v, loop %v", n, got, want)
		}
	}
}
