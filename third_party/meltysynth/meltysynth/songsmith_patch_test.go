package meltysynth

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"golang.org/x/sys/cpu"
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
	// the whole range pow2 computes itself, and the integer part's edges
	for i := range 200000 {
		y := (float64(i)/100000 - 1) * 999.99
		check(y)
		check(math.Nextafter(math.Round(y), 0))
		check(math.Round(y) + 0.5)
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

// testOscillators returns two oscillators over data whose samples have the
// same shape, the second off samples after the first (twins), in loop
// mode mode.
func testOscillators(data []int16, off, mode int32) (*oscillator, *oscillator) {
	s := &Synthesizer{SampleRate: 44100}
	o, p := newOscillator(s), newOscillator(s)
	o.start(data, mode, 44100, 10, 3010, 500, 2500, 60, 0, 0, 100)
	p.start(data, mode, 44100, 10+off, 3010+off, 500+off, 2500+off, 60, 0, 0, 100)
	return o, p
}

// TestTwinsSameBits: fillTwins gives the samples the two oscillators give
// on their own (looping and not, up to the sample's end), and the
// oscillators' runs without bounds checks the samples of the checked loop.
func TestTwinsSameBits(t *testing.T) {
	data := make([]int16, 8000)
	x := uint32(12345)
	for i := range data {
		x = x*1664525 + 1013904223
		data[i] = int16(x >> 16)
	}
	for _, mode := range []int32{loop_NoLoop, loop_Continuous} {
		o1, p1 := testOscillators(data, 4000, mode)
		o2, p2 := testOscillators(data, 4000, mode)
		if !o2.twins(p2) {
			t.Fatal("oscillators of the same shape are not twins")
		}
		a1, b1 := make([]float32, 128), make([]float32, 128)
		a2, b2 := make([]float32, 128), make([]float32, 128)
		for n := 0; n < 60; n++ {
			pitch := float32(60 + n%13 - 6) // up to half an octave either way
			ok1, okp := o1.process(a1, pitch), p1.process(b1, pitch)
			ok2 := fillTwins(o2, p2, a2, b2, pitch)
			if ok1 != ok2 || okp != ok2 {
				t.Fatalf("mode %d block %d: twins report %v, alone %v and %v", mode, n, ok2, ok1, okp)
			}
			if !ok2 {
				break
			}
			for i := range a1 {
				if math.Float32bits(a1[i]) != math.Float32bits(a2[i]) || math.Float32bits(b1[i]) != math.Float32bits(b2[i]) {
					t.Fatalf("mode %d block %d sample %d: twins %v %v, alone %v %v", mode, n, i, a2[i], b2[i], a1[i], b1[i])
				}
			}
		}
	}
	// The unchecked run against the loop it replaces.
	run, want := make([]float32, 500), make([]float32, 500)
	pos, step := int64(37)<<fracBits+12345, int64(fracUnit)*3/2+77
	end := interpolateRun(data, pos, step, run)
	p := pos
	for i := range want {
		index := p >> fracBits
		x1, x2 := int64(data[index]), int64(data[index+1])
		want[i] = fpToSample * float32((x1<<fracBits)+(p&(fracUnit-1))*(x2-x1))
		p += step
	}
	if end != p {
		t.Fatalf("interpolateRun ends at %d, want %d", end, p)
	}
	for i := range want {
		if math.Float32bits(run[i]) != math.Float32bits(want[i]) {
			t.Fatalf("sample %d: interpolateRun %v, want %v", i, run[i], want[i])
		}
	}
}

// TestUnitStepSameBits: a run at a step of exactly one sample from a whole
// sample position (copyUnit, a drum hit at its recorded pitch) gives the
// interpolating loop's samples for every int16 value, alone and as twins;
// from a position with a fraction it interpolates as before.
func TestUnitStepSameBits(t *testing.T) {
	data := make([]int16, 1<<16+2)
	for i := range 1 << 16 {
		data[i] = int16(i - 1<<15)
	}
	want := func(pos int64, n int) []float32 {
		out := make([]float32, n)
		for i := range out {
			index := pos >> fracBits
			x1, x2 := int64(data[index]), int64(data[index+1])
			out[i] = fpToSample * float32((x1<<fracBits)+(pos&(fracUnit-1))*(x2-x1))
			pos += fracUnit
		}
		return out
	}
	for _, pos := range []int64{0, 1 << fracBits, 1<<fracBits + 1, 7<<fracBits + fracUnit/2} {
		n := 1<<16 - 8
		run := make([]float32, n)
		if end := interpolateRun(data, pos, fracUnit, run); end != pos+int64(n)*fracUnit {
			t.Fatalf("pos %d: interpolateRun ends at %d", pos, end)
		}
		a, b := make([]float32, n/2), make([]float32, n/2)
		off := int64(n / 2)
		interpolateTwins(data, off, pos, fracUnit, a, b)
		w, wb := want(pos, n), want(pos+off<<fracBits, n/2)
		for i := range run {
			if math.Float32bits(run[i]) != math.Float32bits(w[i]) {
				t.Fatalf("pos %d sample %d: run %v, want %v", pos, i, run[i], w[i])
			}
		}
		for i := range a {
			if math.Float32bits(a[i]) != math.Float32bits(w[i]) || math.Float32bits(b[i]) != math.Float32bits(wb[i]) {
				t.Fatalf("pos %d sample %d: twins %v %v, want %v %v", pos, i, a[i], b[i], w[i], wb[i])
			}
		}
	}
}

// TestStereoLowPassPairSameBits: processStereoLowPassPair (two stereo
// voices in the four lanes of an SSE register on amd64) gives
// processStereoLowPass's samples and state for each voice, block after
// block, at several cutoffs and resonances (the two voices' differ), on
// sample-like and on silent input.
func TestStereoLowPassPairSameBits(t *testing.T) {
	s := &Synthesizer{SampleRate: 44100}
	var fs [8]*biQuadFilter
	for i := range fs {
		fs[i] = newBiQuadFilter(s)
	}
	shaped := 0
	for _, cut := range []float32{200, 1500, 9000, 20000} {
		for _, q := range []float32{0.7, 1.2, 4} {
			for i, f := range fs {
				f.clearBuffer()
				if i%4 < 2 {
					f.setLowPassFilter(cut, q)
				} else {
					f.setLowPassFilter(cut*0.7, q+0.3)
				}
			}
			if !fs[0].lowPassShape() || !fs[2].lowPassShape() {
				continue
			}
			shaped++
			for blk := range 40 {
				n := 2 + blk%63
				var in [4][]float32
				for v := range in {
					in[v] = make([]float32, n)
					for j := range in[v] {
						if blk%7 != 3 { // every seventh block silent
							in[v][j] = float32(int16(j*7919+blk*104729+v*31337)) / 32768
						}
					}
				}
				var out [4][]float32
				for v := range out {
					out[v] = append([]float32(nil), in[v]...)
				}
				processStereoLowPassPair(fs[0], fs[1], fs[2], fs[3], in[0], in[1], in[2], in[3])
				processStereoLowPass(fs[4], fs[5], out[0], out[1])
				processStereoLowPass(fs[6], fs[7], out[2], out[3])
				for v := range in {
					for j := range in[v] {
						if math.Float32bits(in[v][j]) != math.Float32bits(out[v][j]) {
							t.Fatalf("cutoff %v q %v block %d lane %d sample %d: %v, processStereoLowPass %v", cut, q, blk, v, j, in[v][j], out[v][j])
						}
					}
					if *fs[v] != *fs[v+4] {
						t.Fatalf("cutoff %v q %v block %d lane %d: state %+v, processStereoLowPass %+v", cut, q, blk, v, *fs[v], *fs[v+4])
					}
				}
			}
		}
	}
	if shaped < 6 {
		t.Fatalf("only %d of 12 settings had the low-pass shape", shaped)
	}
}

// vecBlock is n samples with the edges a float brings (signed zero,
// denormal, full scale, a spike).
func vecBlock(n int, seed int) []float32 {
	s := make([]float32, n)
	x := uint32(seed*7919 + 1)
	for i := range s {
		x = x*1664525 + 1013904223
		s[i] = float32(int32(x))/float32(1<<31) + 0
		switch i % 29 {
		case 3:
			s[i] = float32(math.Copysign(0, -1))
		case 5:
			s[i] = 1e-40
		case 7:
			s[i] = 1
		case 11:
			s[i] = -60
		}
	}
	return s
}

func firstDiff(a, b []float32) int {
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return i
		}
	}
	return -1
}

// TestVecKernelsBits (Songsmith patch): arrayMultiplyAdd, midSide and
// copyUnit (the amd64 kernels with their Go tails) give the Go loops'
// bits at lengths around the four lanes.
func TestVecKernelsBits(t *testing.T) {
	for _, n := range []int{0, 1, 3, 4, 5, 127, 128, 130} {
		x, d1 := vecBlock(n, 1), vecBlock(n, 2)
		d2 := append([]float32(nil), d1...)
		arrayMultiplyAdd(0.37, x, d1)
		arrayMultiplyAddGo(0.37, x, d2)
		if i := firstDiff(d1, d2); i >= 0 {
			t.Fatalf("arrayMultiplyAdd n %d: [%d] %v, Go %v", n, i, d1[i], d2[i])
		}
		l, r := vecBlock(n, 3), vecBlock(n, 4)
		m1, s1, m2, s2 := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, n)
		midSide(l, r, m1, s1, 0.7071)
		midSideGo(l, r, m2, s2, 0.7071)
		if i := firstDiff(m1, m2); i >= 0 {
			t.Fatalf("midSide n %d: mid[%d] %v, Go %v", n, i, m1[i], m2[i])
		}
		if i := firstDiff(s1, s2); i >= 0 {
			t.Fatalf("midSide n %d: side[%d] %v, Go %v", n, i, s1[i], s2[i])
		}
		src := make([]int16, n)
		for i := range src {
			src[i] = int16(int32(i*2731) - 32768)
		}
		if n > 2 {
			src[0], src[1], src[2] = -32768, 32767, -1
		}
		u1, u2 := make([]float32, n), make([]float32, n)
		copyUnit(src, u1)
		copyUnitGo(src, u2)
		if i := firstDiff(u1, u2); i >= 0 {
			t.Fatalf("copyUnit n %d: [%d] %v, Go %v", n, i, u1[i], u2[i])
		}
	}
}

// interpRef is interpolateRun's scalar loop, the reference of the vector
// one.
func interpRef(data []int16, pos, step int64, run []float32) int64 {
	for i := range run {
		x1 := int64(data[pos>>fracBits])
		x2 := int64(data[pos>>fracBits+1])
		a_fp := pos & (fracUnit - 1)
		run[i] = fpToSample * float32((x1<<fracBits)+a_fp*(x2-x1))
		pos += step
	}
	return pos
}

// TestInterpolateVecBits (Songsmith patch): interpolateRun and
// interpolateTwins (the SSE2 loop on amd64, and the AVX2 one where the
// processor has it, with the Go tail) give the scalar loop's samples and
// end position, over full-scale steps of the sample data, fractions near
// every rounding and pitch steps from far below to above one sample.
func TestInterpolateVecBits(t *testing.T) {
	for _, avx2 := range vecLoops() {
		setAVX2(t, avx2)
		interpolateVecBits(t)
	}
}

func interpolateVecBits(t *testing.T) {
	data := make([]int16, 8192)
	x := uint32(12345)
	for i := range data {
		x = x*1664525 + 1013904223
		data[i] = int16(x >> 16)
	}
	data[100], data[101], data[102] = -32768, 32767, -32768
	for _, step := range []int64{1, fracUnit/3 + 7, fracUnit - 1, fracUnit + 1, 3*fracUnit/2 + 12345, 5 * fracUnit} {
		for _, pos := range []int64{0, 99<<fracBits + fracUnit/2, 1000<<fracBits + 1, 2000<<fracBits + fracUnit - 1} {
			for _, n := range []int{1, 3, 4, 5, 64, 127, 128} {
				a, b := make([]float32, n), make([]float32, n)
				ra, rb := make([]float32, n), make([]float32, n)
				p1 := interpolateRun(data, pos, step, a)
				p2 := interpRef(data, pos, step, ra)
				if p1 != p2 || firstDiff(a, ra) >= 0 {
					t.Fatalf("run step %d pos %d n %d: end %d, ref %d; first difference at %d", step, pos, n, p1, p2, firstDiff(a, ra))
				}
				const off = 1500
				p1 = interpolateTwins(data, off, pos, step, a, b)
				interpRef(data, pos, step, ra)
				interpRef(data, pos+off<<fracBits, step, rb)
				if p1 != p2 || firstDiff(a, ra) >= 0 || firstDiff(b, rb) >= 0 {
					t.Fatalf("twins step %d pos %d n %d: end %d, ref %d; differences at %d, %d", step, pos, n, p1, p2, firstDiff(a, ra), firstDiff(b, rb))
				}
			}
		}
	}
}

// BenchmarkInterpolate (Songsmith patch): 2000 runs of 128 samples at a
// pitch step of about 1.5, alone and as twins, with each vector loop the
// processor has (sse2, avx2).
func BenchmarkInterpolate(b *testing.B) {
	data := make([]int16, 1<<20)
	for i := range data {
		data[i] = int16(i * 7919)
	}
	a, c := make([]float32, 128), make([]float32, 128)
	const step = fracUnit*3/2 + 12345
	for _, avx2 := range vecLoops() {
		name := "sse2"
		if avx2 {
			name = "avx2"
		}
		for _, twins := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/twins=%v", name, twins), func(b *testing.B) {
				setAVX2(b, avx2)
				for b.Loop() {
					pos := int64(0)
					for range 2000 {
						if twins {
							pos = interpolateTwins(data, 1000, pos, step, a, c)
						} else {
							pos = interpolateRun(data, pos, step, a)
						}
						if pos > int64(len(data)-2000)<<fracBits {
							pos = 0
						}
					}
				}
			})
		}
	}
}

// vecLoops lists the interpolation loops a test can run here: the SSE2
// one (the Go one away from amd64), and AVX2 where the processor has it.
func vecLoops() []bool {
	if runtime.GOARCH == "amd64" && cpu.X86.HasAVX2 {
		return []bool{false, true}
	}
	return []bool{false}
}

// setAVX2 selects the AVX2 loops (or the others) until the test ends.
func setAVX2(t testing.TB, on bool) {
	old := useAVX2
	useAVX2 = on
	t.Cleanup(func() { useAVX2 = old })
}
