package meltysynth

import (
	"math"
	"testing"
)

// Tests of the Songsmith patch (see ../PATCHES.md): each faster path gives
// the same bits as the upstream code it replaces.

func newTestFilters(n int) ([]*biQuadFilter, [][]float32) {
	s := &Synthesizer{SampleRate: 44100}
	fs := make([]*biQuadFilter, n)
	bs := make([][]float32, n)
	for i := range fs {
		fs[i] = newBiQuadFilter(s)
		fs[i].setLowPassFilter(float32(1000+500*i), 1.2)
		bs[i] = make([]float32, 64)
		for j := range bs[i] {
			bs[i][j] = float32((j*7+i)%13)/13 - 0.5
		}
	}
	return fs, bs
}

// upstreamProcess is the filter loop as upstream wrote it.
func upstreamProcess(bf *biQuadFilter, block []float32) {
	for t := 0; t < len(block); t++ {
		input := block[t]
		output := bf.a0*input + bf.a1*bf.x1 + bf.a2*bf.x2 - bf.a3*bf.y1 - bf.a4*bf.y2
		bf.x2 = bf.x1
		bf.x1 = input
		bf.y2 = bf.y1
		bf.y1 = output
		block[t] = output
	}
}

func TestFilterPathsSameBits(t *testing.T) {
	f1, b1 := newTestFilters(2)
	f2, b2 := newTestFilters(2)
	f3, b3 := newTestFilters(2)
	for n := 0; n < 5; n++ {
		upstreamProcess(f1[0], b1[0])
		upstreamProcess(f1[1], b1[1])
		f2[0].process(b2[0])
		f2[1].process(b2[1])
		processPair(f3[0], f3[1], b3[0], b3[1])
	}
	for i := range b1 {
		for j := range b1[i] {
			if b1[i][j] != b2[i][j] || b1[i][j] != b3[i][j] {
				t.Fatalf("voice %d sample %d: upstream %v, process %v, pair %v", i, j, b1[i][j], b2[i][j], b3[i][j])
			}
		}
	}
}

func TestFastModSameBits(t *testing.T) {
	periods := []float64{1 / 8.176, 0.2, 1 / 5.0, 1 / 0.37, 3, 1.0 / 44100 * 64}
	for _, y := range periods {
		for n := int32(0); n < 44100*600; n += 64 * 7 {
			x := float64(n)/44100 - 0.01
			if x < 0 {
				continue
			}
			if got, want := fastMod(x, y), math.Mod(x, y); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("fastMod(%v, %v) = %v, math.Mod %v", x, y, got, want)
			}
		}
	}
}

func TestPow2SameBits(t *testing.T) {
	check := func(y float64) {
		if got, want := pow2(y), math.Pow(2, y); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("pow2(%v) = %v, math.Pow %v", y, got, want)
		}
	}
	for _, y := range []float64{0, 1, -1, 0.5, -0.5, 1.5, -1.5, 2, 999.9, -999.9, 1000, -1074.5, 1e9, math.Inf(1), math.Inf(-1), math.NaN()} {
		if y != y {
			if !math.IsNaN(pow2(y)) {
				t.Fatal("pow2(NaN) is not NaN")
			}
			continue
		}
		check(y)
	}
	// cents and timecents as float32 divided by 1200, and semitones by 12
	for c := int32(-24000); c <= 24000; c++ {
		check(float64(1) / float64(1200) * float64(float32(c)*0.37))
		check(float64(float32(c)*0.001) / float64(12))
	}
	// a pseudo-random sweep of [-64, 64)
	x := uint64(88172645463325252)
	for i := 0; i < 2000000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		check(float64(x>>11)/(1<<53)*128 - 64)
	}
}
