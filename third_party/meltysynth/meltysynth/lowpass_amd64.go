package meltysynth

import "golang.org/x/sys/cpu"

// lowPassQuadSSE is lowpass_amd64.s (Songsmith patch).
//
//go:noescape
func lowPassQuadSSE(a, b, c, d []float32, st *[16]float32, k *[12]float32)

// lowPassVoices reports whether processStereoLowPassPair runs on this
// architecture.
const lowPassVoices = true

// processStereoLowPassPair is processStereoLowPass(f, g, a, b) and
// processStereoLowPass(h, k, c, d), the two voices' four recursions
// in the lanes of one register: the same bits (Songsmith patch). The
// blocks are equally long, at least two samples.
func processStereoLowPassPair(f, g, h, k *biQuadFilter, a, b, c, d []float32) {
	n := len(a)
	b, c, d = b[:n], c[:n], d[:n]
	fa, ha := f.a0, h.a0
	fx1, fx2, gx1, gx2 := a[n-1], a[n-2], b[n-1], b[n-2]
	hx1, hx2, kx1, kx2 := c[n-1], c[n-2], d[n-1], d[n-2]
	st := [16]float32{
		fa * f.x1, fa * g.x1, ha * h.x1, ha * k.x1,
		fa * f.x2, fa * g.x2, ha * h.x2, ha * k.x2,
		f.y1, g.y1, h.y1, k.y1,
		f.y2, g.y2, h.y2, k.y2,
	}
	co := [12]float32{fa, fa, ha, ha, f.a3, f.a3, h.a3, h.a3, f.a4, f.a4, h.a4, h.a4}
	lowPassQuadSSE(a, b, c, d, &st, &co)
	f.x1, f.x2, f.y1, f.y2 = fx1, fx2, st[8], st[12]
	g.x1, g.x2, g.y1, g.y2 = gx1, gx2, st[9], st[13]
	h.x1, h.x2, h.y1, h.y2 = hx1, hx2, st[10], st[14]
	k.x1, k.x2, k.y1, k.y2 = kx1, kx2, st[11], st[15]
}

// lowPassOctAVX is lowpass_amd64.s (Songsmith patch): lowPassQuadSSE
// for four stereo voices in the eight lanes of AVX registers.
//
//go:noescape
func lowPassOctAVX(p *[8]*float32, n int, st *[96]float32, k *[24]float32)

// useLowPassOct selects lowPassOctAVX where the processor has AVX2 (a
// variable, so that the test can run both paths).
var useLowPassOct = cpu.X86.HasAVX2

// processStereoLowPassQuad is processStereoLowPass on each of the four
// stereo voices v (halves v[i].filter and v[i].right.filter, blocks
// v[i].block and v[i].right.block), their eight recursions in the lanes
// of one AVX register where lowPassOct can: the same bits (Songsmith
// patch); otherwise the voices run two at a time. The blocks are equally
// long, at least two samples.
func processStereoLowPassQuad(v *[4]*voice) {
	if lowPassOct(v[:]) {
		return
	}
	processStereoLowPassPair(v[0].filter, v[0].right.filter, v[1].filter, v[1].right.filter,
		v[0].block, v[0].right.block, v[1].block, v[1].right.block)
	processStereoLowPassPair(v[2].filter, v[2].right.filter, v[3].filter, v[3].right.filter,
		v[2].block, v[2].right.block, v[3].block, v[3].right.block)
}

// octMax is the longest block lowPassOct takes (the player's blocks are
// 128 frames).
const octMax = 256

// lowPassOct runs processStereoLowPass on each of the up to four stereo
// voices vs (equally long blocks) in the eight lanes of lowPassOctAVX,
// lanes left over filtering silence into a scratch block, and reports
// true; or reports false, doing nothing, where the processor lacks AVX2
// or the blocks are not a multiple of eight samples up to octMax long.
func lowPassOct(vs []*voice) bool {
	n := len(vs[0].block)
	if !useLowPassOct || n%8 != 0 || n == 0 || n > octMax || len(vs) > 4 {
		return false
	}
	var fs [8]*biQuadFilter
	var p [8]*float32
	var st [96]float32
	var co [24]float32
	var x1, x2 [8]float32
	var pad [octMax]float32
	for i := range 8 {
		p[i] = &pad[0]
	}
	for i, w := range vs {
		fs[2*i], fs[2*i+1] = w.filter, w.right.filter
		for j, blk := range [2][]float32{w.block, w.right.block} {
			b := blk[:n]
			p[2*i+j], x1[2*i+j], x2[2*i+j] = &b[0], b[n-1], b[n-2]
		}
		a0 := w.filter.a0
		for l := 2 * i; l < 2*i+2; l++ {
			st[l], st[8+l], st[16+l], st[24+l] = a0*fs[l].x1, a0*fs[l].x2, fs[l].y1, fs[l].y2
			co[l], co[8+l], co[16+l] = a0, w.filter.a3, w.filter.a4
		}
	}
	lowPassOctAVX(&p, n, &st, &co)
	for l, f := range fs[:2*len(vs)] {
		f.x1, f.x2, f.y1, f.y2 = x1[l], x2[l], st[16+l], st[24+l]
	}
	return true
}
