package synth

import "golang.org/x/sys/cpu"

// kPipeAVX is kpipe_amd64.s: kSumSSE2 with the shelf on one block and
// the high-pass and the sums on the block before, in the four lanes of
// AVX registers.
//
//go:noescape
func kPipeAVX(s []float32, yin, yout []float64, st *[16]float64, c *[20]float64, eout, sout []float64, run *kRun)

// useKPipe selects kWeighPiped where the processor has AVX2 (a variable,
// so that the test can run both paths).
var useKPipe = cpu.X86.HasAVX2

// kPipe is kWeighPiped's state: st the lanes' x1, x2, o1, o2 (shelf
// left, right, high-pass left, right), c their coefficients b0, b1, b2,
// a1, a2, run and the sums' outputs as kSumSSE2 keeps them.
type kPipe struct {
	st   [16]float64
	c    [20]float64
	run  kRun
	eout [kBlock / analysisChunk]float64
	sout [kBlock]float64
}

// kWeighPiped is kWeighStereo with the K-weighting's two stages
// pipelined: the shelf runs on block j while the high-pass and the sums
// run on block j-1 (kPipeAVX; the first block's shelf, the last one's
// high-pass and blocks of unequal length in Go loops), each stage over
// the frames in order, so the same bits.
func kWeighPiped(s []float32, frames, subLen int, shelf, hp *biquad, energy []float32, subs []float64) []float64 {
	_ = s[2*frames-1]
	k := kPipe{
		c: [20]float64{shelf.b0, shelf.b0, 1, 1, shelf.b1, shelf.b1, -2, -2, shelf.b2, shelf.b2, 1, 1,
			shelf.a1, shelf.a1, hp.a1, hp.a1, shelf.a2, shelf.a2, hp.a2, hp.a2},
		run: kRun{subLen: int64(subLen)}, // a song starts a sub-block
	}
	var ya, yb [2 * kBlock]float64
	prev, cur := ya[:], yb[:]
	nb := (frames + kBlock - 1) / kBlock
	size := func(j int) int { return min(kBlock, frames-j*kBlock) }
	k.shelf(s, prev[:2*size(0)])
	for j := 1; j < nb; j++ {
		n, m := size(j), size(j-1)
		k.run.frames, k.run.got = int64(m), 0
		if n == m {
			kPipeAVX(s[2*j*kBlock:], prev[:2*m], cur[:2*n], &k.st, &k.c, k.eout[:], k.sout[:], &k.run)
		} else {
			k.shelf(s[2*j*kBlock:], cur[:2*n])
			k.highPass(prev[:2*m])
		}
		subs = k.collect(subs, energy, (j-1)*kBlock, m, subLen)
		prev, cur = cur, prev
	}
	m := size(nb - 1)
	k.run.frames, k.run.got = int64(m), 0
	k.highPass(prev[:2*m])
	return k.collect(subs, energy, (nb-1)*kBlock, m, subLen)
}

// collect appends the sub-blocks completed in the last run to subs and
// stores the chunk energies of the n frames from frame b0.
func (k *kPipe) collect(subs []float64, energy []float32, b0, n, subLen int) []float64 {
	for _, v := range k.sout[:k.run.got] {
		subs = append(subs, v/float64(subLen))
	}
	if energy != nil {
		for j, e := range k.eout[:(n+analysisChunk-1)/analysisChunk] {
			energy[b0/analysisChunk+j] = float32(e)
		}
	}
	return subs
}

// shelf runs the shelf's lanes over the interleaved stereo s, its
// outputs to y (as long as the frames run).
func (k *kPipe) shelf(s []float32, y []float64) {
	s = s[:len(y)]
	for ch := range 2 {
		b0, b1, b2, a1, a2 := k.c[ch], k.c[4+ch], k.c[8+ch], k.c[12+ch], k.c[16+ch]
		x1, x2, o1, o2 := k.st[ch], k.st[4+ch], k.st[8+ch], k.st[12+ch]
		for i := ch; i < len(y); i += 2 {
			x := float64(s[i])
			o := b0*x + b1*x1 + b2*x2 - a2*o2 - a1*o1
			x2, x1, o2, o1 = x1, x, o1, o
			y[i] = o
		}
		k.st[ch], k.st[4+ch], k.st[8+ch], k.st[12+ch] = x1, x2, o1, o2
	}
}

// highPass runs the high-pass's lanes over the shelf's outputs y and
// the sums as kPipeAVX does (the chunks start with y).
func (k *kPipe) highPass(y []float64) {
	a1l, a2l, a1r, a2r := k.c[14], k.c[18], k.c[15], k.c[19]
	x1l, x2l, o1l, o2l := k.st[2], k.st[6], k.st[10], k.st[14]
	x1r, x2r, o1r, o2r := k.st[3], k.st[7], k.st[11], k.st[15]
	r := &k.run
	e, acc, n := 0.0, r.acc, r.n
	got, ne, left := 0, 0, analysisChunk
	for i := 0; i+1 < len(y); i += 2 {
		yl, yr := y[i], y[i+1]
		zl := yl - (x1l + x1l) + x2l - a2l*o2l - a1l*o1l
		zr := yr - (x1r + x1r) + x2r - a2r*o2r - a1r*o1r
		x2l, x1l, o2l, o1l = x1l, yl, o1l, zl
		x2r, x1r, o2r, o1r = x1r, yr, o1r, zr
		p := zl*zl + zr*zr
		e += p
		acc += p
		if n++; n == r.subLen {
			k.sout[got] = acc
			got++
			acc, n = 0, 0
		}
		if left--; left == 0 {
			k.eout[ne] = e
			ne++
			e, left = 0, analysisChunk
		}
	}
	if left != analysisChunk {
		k.eout[ne] = e
	}
	r.acc, r.n, r.got = acc, n, int64(got)
	k.st[2], k.st[6], k.st[10], k.st[14] = x1l, x2l, o1l, o2l
	k.st[3], k.st[7], k.st[11], k.st[15] = x1r, x2r, o1r, o2r
}
