package synth

import (
	"math"
	"testing"
)

// TestBalanceWidth checks that balanceWidth brings a nearly mono mix and a
// very wide one into the correlation range without touching the mono sum.
func TestBalanceWidth(t *testing.T) {
	corr := func(s []float32) float64 {
		var ll, rr, lr float64
		for i := 0; i < len(s); i += 2 {
			l, r := float64(s[i]), float64(s[i+1])
			ll += l * l
			rr += r * r
			lr += l * r
		}
		return lr / math.Sqrt(ll*rr)
	}
	for _, side := range []float64{0.2, 0.9} {
		n := 44100
		s := make([]float32, 2*n)
		for i := range n {
			m := math.Sin(2 * math.Pi * 220 * float64(i) / sr)
			d := side * math.Sin(2*math.Pi*1375*float64(i)/sr)
			s[2*i], s[2*i+1] = float32(m+d), float32(m-d)
		}
		before := corr(s)
		mono := make([]float32, n)
		for i := range n {
			mono[i] = s[2*i] + s[2*i+1]
		}
		balanceWidth(s)
		after := corr(s)
		t.Logf("side %.1f: correlation %.3f -> %.3f", side, before, after)
		if after < corrMin-0.01 || after > corrMax+0.01 {
			t.Errorf("side %.1f: correlation %.3f after balancing, want %.2f..%.2f", side, after, corrMin, corrMax)
		}
		for i := range n {
			if d := math.Abs(float64(s[2*i] + s[2*i+1] - mono[i])); d > 1e-5 {
				t.Fatalf("frame %d: mono sum changed by %g", i, d)
			}
		}
	}
}
