package synth

import (
	"math"
	"testing"
)

// kTestSignal is a loud, wide stereo test mix with the edges a float
// brings: silence, denormals, full-scale steps and a single spike.
func kTestSignal(frames int) []float32 {
	s := make([]float32, 2*frames)
	r := newRNG(7)
	for i := range frames {
		t := float64(i) / sr
		m := 0.4*math.Sin(2*math.Pi*55*t) + 0.2*math.Sin(2*math.Pi*3000*t) + 0.1*r.bipolar()
		d := 0.2 * math.Sin(2*math.Pi*440*t+r.bipolar())
		s[2*i], s[2*i+1] = float32(m+d), float32(m-d)
	}
	for i := frames / 4; i < frames/4+2000 && 2*i+1 < len(s); i++ {
		s[2*i], s[2*i+1] = 0, 1e-40 // silence and denormals
	}
	for i := frames / 2; i < frames/2+500 && 2*i+1 < len(s); i++ {
		s[2*i], s[2*i+1] = 1, -1
	}
	if frames > 10 {
		s[2*(frames-10)] = 60
	}
	return s
}

// referenceKWeigh is kWeigh frame by frame, channel by channel: the sums
// every faster form must give to the bit.
func referenceKWeigh(s []float32, ch int, energy []float32) []float64 {
	frames := len(s) / ch
	subLen := int(math.Round(sr / 10))
	shelf, hp := kWeighting(sr)
	var subs []float64
	var st [2]kState
	var acc, e float64
	n := 0
	for i := range frames {
		p := 0.0
		for c := range min(ch, 2) {
			var q [1]float64
			st[c].run(s[i*ch+c:], ch, &shelf, &hp, q[:])
			p += q[0]
		}
		e += p
		acc += p
		if n++; n == subLen {
			subs = append(subs, acc/float64(subLen))
			acc, n = 0, 0
		}
		if (i+1)%analysisChunk == 0 || i == frames-1 {
			if energy != nil {
				energy[i/analysisChunk] = float32(e)
			}
			e = 0
		}
	}
	return subs
}

// TestKWeighBits: kWeigh (the stereo kernel, blocks of kBlock frames)
// gives the reference's sub-block powers and chunk energies to the bit,
// for mono, stereo and three channels, at lengths around the block and
// chunk sizes.
func TestKWeighBits(t *testing.T) {
	avx := useKPipe
	defer func() { useKPipe = avx }()
	for _, piped := range []bool{false, true} {
		useKPipe = piped && avx
		kWeighBits(t)
	}
}

// kWeighBits is TestKWeighBits for one setting of useKPipe.
func kWeighBits(t *testing.T) {
	src := kTestSignal(3*44100 + 77)
	for _, ch := range []int{1, 2, 3} {
		for _, n := range []int{0, 5, analysisChunk, kBlock - 1, kBlock, kBlock + 1, 2*kBlock - 3, 2 * kBlock, 3*kBlock + 17, 4410*4 + 3, len(src) / ch} {
			s := src[:n*ch]
			got, want := make([]float32, n/analysisChunk+1), make([]float32, n/analysisChunk+1)
			a, b := kWeigh(s, ch, sr, got), referenceKWeigh(s, ch, want)
			if len(a) != len(b) {
				t.Fatalf("%d channels, %d frames: %d sub-blocks, reference %d", ch, n, len(a), len(b))
			}
			for i := range a {
				if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
					t.Fatalf("%d channels, %d frames: sub-block %d %v, reference %v", ch, n, i, a[i], b[i])
				}
			}
			for i := range got {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("%d channels, %d frames: chunk %d %v, reference %v", ch, n, i, got[i], want[i])
				}
			}
		}
	}
}

// TestKStereoBits: kStereo (SSE2 on amd64) and kStereoGo give the same
// bits and leave the same state, block after block.
func TestKStereoBits(t *testing.T) {
	s := kTestSignal(44100)
	shelf, hp := kWeighting(sr)
	var l1, r1, l2, r2 kState
	for lo := 0; lo < len(s)/2; {
		n := min(len(s)/2-lo, 1+lo%333)
		p, q := make([]float64, n), make([]float64, n)
		kStereo(s[2*lo:], &l1, &r1, &shelf, &hp, p)
		kStereoGo(s[2*lo:], &l2, &r2, &shelf, &hp, q)
		for i := range p {
			if math.Float64bits(p[i]) != math.Float64bits(q[i]) {
				t.Fatalf("frame %d: %v, kStereoGo %v", lo+i, p[i], q[i])
			}
		}
		if l1 != l2 || r1 != r2 {
			t.Fatalf("after frame %d: state %+v %+v, kStereoGo %+v %+v", lo+n, l1, r1, l2, r2)
		}
		lo += n
	}
}

// TestEQBandBits: eqBand.process (SSE2 on amd64) and processGo give the
// same samples and leave the same state, block after block, for every
// kind of band the bus uses.
func TestEQBandBits(t *testing.T) {
	src := kTestSignal(44100)
	for _, band := range append(busEQFor(-5, 2.5), highPass(30, 0.7), peaking(200, -6, 1.4)) {
		a, b := append([]float32(nil), src...), append([]float32(nil), src...)
		f, g := band, band
		for lo := 0; lo < len(a); {
			n := min(len(a)-lo, 2*(1+lo%351)) // whole frames, blocks of 1 to 351
			f.process(a[lo : lo+n])
			g.processGo(b[lo : lo+n])
			lo += n
			if f.z != g.z {
				t.Fatalf("band %+v after %d samples: state %v, processGo %v", band, lo, f.z, g.z)
			}
		}
		for i := range a {
			if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
				t.Fatalf("band %+v sample %d: %v, processGo %v", band, i, a[i], b[i])
			}
		}
	}
}

// vecTestBlock is a block of n samples with the edges a float brings:
// signed zeros, denormals, full scale and a spike.
func vecTestBlock(n int, seed uint64) []float32 {
	r := newRNG(seed)
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(r.bipolar())
		switch i % 37 {
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

func sameBits(a, b []float32) int {
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return i
		}
	}
	return -1
}

// TestMixPanBits: mixPan (the amd64 kernel and its Go tail) gives
// mixPanGo's mix, send and bits, with and without the side signal and the
// sidechain, at lengths around the kernel's four lanes.
func TestMixPanBits(t *testing.T) {
	for _, n := range []int{0, 1, 3, 4, 5, 127, 128, 511, blockSize} {
		for _, wide := range []bool{false, true} {
			for _, side := range []float32{0, 0.7} {
				l, r := vecTestBlock(n, 1), vecTestBlock(n, 2)
				duck := vecTestBlock(n, 3)
				for i := range duck {
					duck[i] = float32(math.Abs(float64(duck[i])) / 60)
				}
				var sb []float32
				if wide {
					sb = vecTestBlock(n, 4)
				}
				mL, mR := vecTestBlock(n, 5), vecTestBlock(n, 6)
				l2, mL2, mR2 := append([]float32(nil), l...), append([]float32(nil), mL...), append([]float32(nil), mR...)
				k := [4]float32{0.61, 0.43, 0.52, side}
				mixPan(l, r, sb, duck, mL, mR, &k)
				mixPanGo(l2, r, sb, duck, mL2, mR2, &k)
				for name, p := range map[string][2][]float32{"mixL": {mL, mL2}, "mixR": {mR, mR2}, "send": {l, l2}} {
					if i := sameBits(p[0], p[1]); i >= 0 {
						t.Fatalf("n %d wide %v side %v: %s[%d] %v, Go %v", n, wide, side, name, i, p[0][i], p[1][i])
					}
				}
			}
		}
	}
}

// TestAddScaledBits: addScaled gives addScaledGo's bits.
func TestAddScaledBits(t *testing.T) {
	for _, n := range []int{0, 1, 3, 4, 5, 511, blockSize} {
		src, dst := vecTestBlock(n, 8), vecTestBlock(n, 9)
		dst2 := append([]float32(nil), dst...)
		addScaled(dst, src, 0.37)
		addScaledGo(dst2, src, 0.37)
		if i := sameBits(dst, dst2); i >= 0 {
			t.Fatalf("n %d: [%d] %v, Go %v", n, i, dst[i], dst2[i])
		}
	}
}

// TestGainPeakBits: gainPeak and scale32 give the Go loops' samples and
// peak, NaNs and signed zeros included.
func TestGainPeakBits(t *testing.T) {
	for _, n := range []int{0, 1, 3, 4, 5, 127, 128, 511, blockSize} {
		a := vecTestBlock(n, 10)
		if n > 20 {
			a[17] = float32(math.NaN())
		}
		b := append([]float32(nil), a...)
		p1, p2 := gainPeak(a, 0.83), gainPeakGo(b, 0.83)
		if i := sameBits(a, b); i >= 0 && !(a[i] != a[i] && b[i] != b[i]) {
			t.Fatalf("n %d: [%d] %v, Go %v", n, i, a[i], b[i])
		}
		if math.Float32bits(p1) != math.Float32bits(p2) {
			t.Fatalf("n %d: peak %v, Go %v", n, p1, p2)
		}
		c, d := vecTestBlock(n, 11), vecTestBlock(n, 11)
		scale32(c, 1.7)
		scaleGo(d, 1.7)
		if i := sameBits(c, d); i >= 0 {
			t.Fatalf("scale n %d: [%d] %v, Go %v", n, i, c[i], d[i])
		}
	}
}

// TestClampBits: clamp32 gives clampGo's bits: samples over, under and
// at the ceiling either way, signed zeros, infinities and a NaN (which
// stays, its bits too).
func TestClampBits(t *testing.T) {
	const k = float32(0.7)
	for _, n := range []int{0, 1, 3, 4, 5, 127, 128, 511, blockSize} {
		a := vecTestBlock(n, 12)
		for i := range a {
			a[i] *= 3 // well past the ceiling either way
		}
		special := []float32{k, -k, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
			float32(math.Copysign(0, -1)), 0, math.Nextafter32(k, 1), math.Nextafter32(-k, -1)}
		for i, v := range special {
			if i < n {
				a[n-1-i] = v
			}
		}
		b := append([]float32(nil), a...)
		clamp32(a, k)
		clampGo(b, k)
		for i := range a {
			if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
				t.Fatalf("n %d: [%d] %v, Go %v", n, i, a[i], b[i])
			}
		}
	}
}

// TestInsertTwoBits: insertTwo gives each track the samples and state of
// its own insert chain, for the bell, pair and three-bell chains, block
// after block.
func TestInsertTwoBits(t *testing.T) {
	mk := func(bells int, f0, hp float64) *trackState {
		tr := &trackState{tiltK: 1, hpOn: true}
		tr.hp.set(hp, 0.7)
		for k := range bells {
			tr.tone = append(tr.tone, monoBand{eqBand: peaking(f0*float64(k+1), 4-9*float64(k), 1.1)})
		}
		return tr
	}
	for _, bells := range []int{1, 2, 3} {
		a, b := mk(bells, 300, 140), mk(bells, 900, 170)
		a2, b2 := mk(bells, 300, 140), mk(bells, 900, 170)
		if a.chain() == chainOther || a.chain() != b.chain() {
			t.Fatalf("%d bells: chain %d, %d", bells, a.chain(), b.chain())
		}
		for blk, n := range []int{blockSize, 7, 1, blockSize} {
			x, y := vecTestBlock(n, uint64(20+blk)), vecTestBlock(n, uint64(40+blk))
			if blk == 2 {
				clear(x) // silence: the flushed state
			}
			x2, y2 := append([]float32(nil), x...), append([]float32(nil), y...)
			insertTwo(a, b, x, y)
			a2.insert(x2)
			b2.insert(y2)
			if i := sameBits(x, x2); i >= 0 {
				t.Fatalf("%d bells, block %d: A[%d] %v, alone %v", bells, blk, i, x[i], x2[i])
			}
			if i := sameBits(y, y2); i >= 0 {
				t.Fatalf("%d bells, block %d: B[%d] %v, alone %v", bells, blk, i, y[i], y2[i])
			}
		}
		for k := range a.tone {
			if a.tone[k] != a2.tone[k] || b.tone[k] != b2.tone[k] {
				t.Fatalf("%d bells: bell %d's state differs", bells, k)
			}
		}
		if a.hp != a2.hp || b.hp != b2.hp {
			t.Fatalf("%d bells: the high-pass state differs", bells)
		}
	}
}

// TestSideTwoBits: sideTwo gives each widener the side signal and state
// of its own side, block after block.
func TestSideTwoBits(t *testing.T) {
	w, v := newWidener(0.6, 0.011, 300), newWidener(0.9, 0.017, 150)
	w2, v2 := newWidener(0.6, 0.011, 300), newWidener(0.9, 0.017, 150)
	for blk, n := range []int{blockSize, 5, blockSize, blockSize} {
		a, b := vecTestBlock(n, uint64(60+blk)), vecTestBlock(n, uint64(80+blk))
		oa, ob, oa2, ob2 := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, n)
		sideTwo(w, v, a, b, oa, ob)
		w2.side(a, oa2)
		v2.side(b, ob2)
		if i := sameBits(oa, oa2); i >= 0 {
			t.Fatalf("block %d: A[%d] %v, alone %v", blk, i, oa[i], oa2[i])
		}
		if i := sameBits(ob, ob2); i >= 0 {
			t.Fatalf("block %d: B[%d] %v, alone %v", blk, i, ob[i], ob2[i])
		}
	}
	if w.pos != w2.pos || w.hp.z != w2.hp.z || v.pos != v2.pos || v.hp.z != v2.hp.z {
		t.Fatal("the wideners' state differs")
	}
}

// sideEQFrames is sideEQ a frame at a time through every bell: the
// reference of its tests.
func sideEQFrames(s []float32, bells []eqBand) {
	z := make([][4]float64, len(bells)) // per bell: x1, x2, y1, y2
	for i := 0; i+1 < len(s); i += 2 {
		m := 0.5 * (float64(s[i]) + float64(s[i+1]))
		x := 0.5 * (float64(s[i]) - float64(s[i+1]))
		for k := range bells {
			f, h := &bells[k], &z[k]
			y := f.b0*x + f.b1*h[0] + f.b2*h[1] - f.a1*h[2] - f.a2*h[3]
			h[1], h[0], h[3], h[2] = h[0], x, h[2], y
			x = y
		}
		s[i], s[i+1] = float32(m+x), float32(m-x)
	}
}

// TestSideEQBits: sideEQ (a bell at a time over blocks) gives the samples
// of sideEQFrames (a frame at a time through every bell).
func TestSideEQBits(t *testing.T) {
	var bells []eqBand
	for i, c := range sideBandCentres {
		bells = append(bells, peaking(c, -1-float64(i%3), math.Sqrt2))
	}
	for nb, frames := range []int{0, 1, sideBlock - 1, sideBlock, 3*sideBlock + 17, 11*sideBlock + 5, 2 * sideBlock} {
		bells := bells[:1+nb%len(bells)] // one to nine bells
		a := kTestSignal(frames)
		if frames%2 == 1 {
			a = append(a, 0.25) // an odd last sample stays
		}
		b := append([]float32(nil), a...)
		sideEQ(a, bells)
		sideEQFrames(b, bells)
		if i := sameBits(a, b); i >= 0 {
			t.Fatalf("%d frames: [%d] %v, reference %v", frames, i, a[i], b[i])
		}
	}
}

// TestReverbLinesBits: linesLoop gives linesLoopGo's feedback, wet output
// and dampers' state, chunk after chunk.
func TestReverbLinesBits(t *testing.T) {
	a, b := newReverb(0.6, ""), newReverb(0.6, "")
	for blk, n := range []int{blockSize, 1, 77, blockSize} {
		xs := make([]float64, n)
		for i, v := range vecTestBlock(n, uint64(100+blk)) {
			xs[i] = float64(v) * 0.3
		}
		for k := range 8 {
			s := vecTestBlock(blockSize, uint64(200+10*blk+k))
			copy(a.seg[k][:], s)
			copy(b.seg[k][:], s)
		}
		l, r := vecTestBlock(n, 300), vecTestBlock(n, 301)
		l2, r2 := append([]float32(nil), l...), append([]float32(nil), r...)
		a.linesLoop(xs, l, r, a.dampA)
		b.linesLoopGo(xs, l2, r2, b.dampA)
		if i := sameBits(l, l2); i >= 0 {
			t.Fatalf("block %d: l[%d] %v, Go %v", blk, i, l[i], l2[i])
		}
		if i := sameBits(r, r2); i >= 0 {
			t.Fatalf("block %d: r[%d] %v, Go %v", blk, i, r[i], r2[i])
		}
		for k := range 8 {
			if i := sameBits(a.seg[k][:n], b.seg[k][:n]); i >= 0 {
				t.Fatalf("block %d: line %d feedback [%d] %v, Go %v", blk, k, i, a.seg[k][i], b.seg[k][i])
			}
		}
		if a.damp != b.damp {
			t.Fatalf("block %d: dampers %v, Go %v", blk, a.damp, b.damp)
		}
	}
}

// TestSideBellTwoBits: sideBellTwo gives sideBellTwoGo's samples and state.
func TestSideBellTwoBits(t *testing.T) {
	f, g := peaking(250, -2, math.Sqrt2), peaking(4000, -5, math.Sqrt2)
	var hf, hg, hf2, hg2 [4]float64
	for blk, n := range []int{sideBlock, 3, 0, sideBlock} {
		x, y := make([]float64, n), make([]float64, n)
		for i, v := range vecTestBlock(n, uint64(400+blk)) {
			x[i] = float64(v)
		}
		for i, v := range vecTestBlock(n, uint64(500+blk)) {
			y[i] = float64(v) * 0.5
		}
		x2, y2 := append([]float64(nil), x...), append([]float64(nil), y...)
		sideBellTwo(&f, &hf, x, &g, &hg, y)
		sideBellTwoGo(&f, &hf2, x2, &g, &hg2, y2)
		for i := range x {
			if math.Float64bits(x[i]) != math.Float64bits(x2[i]) || math.Float64bits(y[i]) != math.Float64bits(y2[i]) {
				t.Fatalf("block %d [%d]: %v %v, Go %v %v", blk, i, x[i], y[i], x2[i], y2[i])
			}
		}
	}
	if hf != hf2 || hg != hg2 {
		t.Fatal("the bells' state differs")
	}
}

// TestSideHPBits: sideHP.process (the amd64 kernel: the crossover's two
// chains in the two lanes) gives processGo's samples and state to the
// bit, in blocks of 1 to 351 frames, an odd last sample left alone.
func TestSideHPBits(t *testing.T) {
	src := kTestSignal(44100)
	for _, hz := range []float64{monoBelow, 40, 300} {
		a, b := append([]float32(nil), src...), append([]float32(nil), src...)
		f, g := newSideHP(hz), newSideHP(hz)
		for lo := 0; lo < len(a); {
			n := min(len(a)-lo, 2*(1+lo%351)+lo%2) // some blocks end on half a frame
			f.process(a[lo : lo+n])
			g.processGo(b[lo : lo+n])
			lo += n &^ 1
			if *f != *g {
				t.Fatalf("%v Hz after %d samples: state %+v, processGo %+v", hz, lo, *f, *g)
			}
		}
		if i := sameBits(a, b); i >= 0 {
			t.Fatalf("%v Hz sample %d: %v, processGo %v", hz, i, a[i], b[i])
		}
	}
}

// TestPairDCBits: a kit's chain (two bells and the DC blocker) in one
// loop gives the samples and state of the bells' pass then the insert
// loop's blocker, block after block.
func TestPairDCBits(t *testing.T) {
	mk := func() *trackState {
		tr := &trackState{tiltK: 1, dcOn: true}
		tr.tone = []monoBand{{eqBand: peaking(120, 4, 0.8)}, {eqBand: peaking(400, -5, 1.2)}}
		return tr
	}
	a, b := mk(), mk()
	for blk, n := range []int{blockSize, 7, 1, blockSize} {
		x := vecTestBlock(n, uint64(60+blk))
		if blk == 2 {
			clear(x)
		}
		y := append([]float32(nil), x...)
		a.insert(x)
		processBells(b.tone, y)
		for i, v := range y { // trackState.insert's loop with the blocker alone
			u := float64(v)
			b.dcY = u - b.dcX + dcR*b.dcY
			b.dcX = u
			y[i] = float32(b.dcY)
		}
		if i := sameBits(x, y); i >= 0 {
			t.Fatalf("block %d: [%d] %v, reference %v", blk, i, x[i], y[i])
		}
		if a.tone[0] != b.tone[0] || a.tone[1] != b.tone[1] || a.dcX != b.dcX || a.dcY != b.dcY {
			t.Fatalf("block %d: state differs", blk)
		}
	}
}
