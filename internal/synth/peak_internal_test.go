package synth

import (
	"math"
	"testing"
)

// TestAbsMaxBits checks the vector peak scan against the Go loop it
// replaces, to the bit, at every length and offset of a signal with a
// spike, signed zeros, denormals, infinities and a NaN in each lane.
func TestAbsMaxBits(t *testing.T) {
	s := kTestSignal(300)
	s[17] = float32(math.Copysign(0, -1))
	s[40] = -float32(math.Inf(1))
	s[41] = float32(math.NaN())
	s[99] = -1e-42
	for lo := 0; lo < 48; lo++ {
		for n := 0; lo+n <= len(s); n += 1 + n/7 {
			// Without the infinity and NaN (the common case) and with them.
			for _, base := range []int{42, 0} {
				if lo < base {
					continue
				}
				in := s[lo : lo+n]
				if got, want := absMaxBits(in), absMaxBitsGo(in); got != want {
					t.Fatalf("lo %d n %d: absMaxBits %#x, Go loop %#x", lo, n, got, want)
				}
			}
		}
	}
	// Negative spikes in each of the eight lanes.
	for lane := range 8 {
		in := make([]float32, 64)
		in[8+lane] = -3
		if got := absMaxBits(in); got != math.Float32bits(3) {
			t.Fatalf("lane %d: %#x, want the bits of 3", lane, got)
		}
	}
}
