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

// TestChorusBits checks the chorus's block form (inputs written first,
// taps read as runs, two samples a step) against its sample-by-sample
// loop, to the bit, over blocks of odd and even lengths that carry the
// write position round the ring many times.
func TestChorusBits(t *testing.T) {
	in := kTestSignal(20000)[:20000]
	for _, amount := range []float64{0.3, 1} {
		a, b := newChorus(amount), newChorus(amount)
		got := [2][]float32{make([]float32, len(in)), make([]float32, len(in))}
		want := [2][]float32{make([]float32, len(in)), make([]float32, len(in))}
		for lo, n := 0, 1; lo < len(in); lo, n = lo+n, n%97+7 {
			hi := min(len(in), lo+n)
			a.process(in[lo:hi], got[0][lo:hi], got[1][lo:hi])
			b.processGo(in[lo:hi], want[0][lo:hi], want[1][lo:hi])
		}
		for c := range got {
			for i := range got[c] {
				if math.Float32bits(got[c][i]) != math.Float32bits(want[c][i]) {
					t.Fatalf("amount %g channel %d sample %d: %g, want %g", amount, c, i, got[c][i], want[c][i])
				}
			}
		}
		if a.pos != b.pos || a.lfo != b.lfo {
			t.Fatalf("amount %g: state %d %g, want %d %g", amount, a.pos, a.lfo, b.pos, b.lfo)
		}
	}
}

// TestTPStereoBits checks the two-lane true-peak windows against
// tpWindow channel by channel, to the bit, over a loud wide signal with
// silence, denormals, full-scale steps, a spike, an overflow and a NaN.
func TestTPStereoBits(t *testing.T) {
	s := kTestSignal(3000)
	s[2*700] = math.MaxFloat32
	s[2*900+1] = float32(math.NaN())
	w := make([]float64, len(s))
	for i, v := range s {
		w[i] = float64(v)
	}
	n := len(w)/2 - (tpTaps - 1)
	got, want := make([]uint32, n), make([]uint32, n)
	for _, cut := range []int{n, 1, 7, tpChunk} {
		for lo := 0; lo+cut <= n; lo += cut {
			tpStereo(w[2*lo:], got[lo:lo+cut])
			tpStereoGo(w[2*lo:], want[lo:lo+cut])
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("cut %d frame %d: %#x, tpWindow %#x", cut, i, got[i], want[i])
			}
		}
	}
}

// processGo is the chorus's process sample by sample, as it was before
// its taps were read in runs: the reference TestChorusBits holds it to.
func (c *chorus) processGo(in, l, r []float32) {
	wet := 0.6 * c.amount
	dry := float32(1 - 0.35*c.amount)
	buf, pos := c.buf[:chorusLen], c.pos
	for c0 := 0; c0 < len(in); c0 += ctrl {
		c1 := min(c0+ctrl, len(in))
		s1, s2 := math.Sincos(2 * math.Pi * c.lfo)
		ol, fl := tapSplit((0.014 + 0.004*c.amount*s1) * sr)
		or, fr := tapSplit((0.017 + 0.004*c.amount*s2) * sr)
		c.lfo += 0.7 * float64(c1-c0) / sr
		if c.lfo >= 1 {
			c.lfo--
		}
		for i := c0; i < c1; i++ {
			x := in[i]
			buf[pos] = x
			a, b := float64(buf[(pos-ol)&(chorusLen-1)]), float64(buf[(pos-ol+1)&(chorusLen-1)])
			l[i] = dry*x + float32(wet*(a+fl*(b-a)))
			a, b = float64(buf[(pos-or)&(chorusLen-1)]), float64(buf[(pos-or+1)&(chorusLen-1)])
			r[i] = dry*x + float32(wet*(a+fr*(b-a)))
			pos = (pos + 1) & (chorusLen - 1)
		}
	}
	c.pos = pos
}
