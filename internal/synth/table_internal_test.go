package synth

import (
	"math"
	"testing"
)

// TestPickRange checks that pickRange agrees with pick, and that pick
// returns the same table everywhere inside the reported interval, right up
// to its ends.
func TestPickRange(t *testing.T) {
	bt := waveTable(Saw)
	for f := 5.0; f < 60000; f *= 1.0007 {
		w, lo, hi := bt.pickRange(f)
		if w != bt.pick(f) {
			t.Fatalf("pickRange(%v) disagrees with pick", f)
		}
		if lo == 0 && hi == 0 {
			continue
		}
		if !(lo < f && f < hi) {
			t.Fatalf("pickRange(%v): %v outside (%v, %v)", f, f, lo, hi)
		}
		for _, g := range []float64{math.Nextafter(lo, hi), math.Nextafter(hi, lo)} {
			if math.IsInf(g, 0) || g > 1e6 {
				continue
			}
			if bt.pick(g) != w {
				t.Fatalf("pick(%v) differs inside the interval (%v, %v) of %v", g, lo, hi, f)
			}
		}
	}
}
