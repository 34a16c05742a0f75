package synth

import "golang.org/x/sys/cpu"

// bandPairAVX is bands_amd64.s: two eqBands, each over its own
// interleaved stereo block, in the four lanes of AVX registers.
//
//go:noescape
func bandPairAVX(a, b []float32, st *[16]float64, c *[20]float64)

// useBandPairs selects processBandPair's AVX loop where the processor
// has AVX2 (a variable, so that the test can run both paths).
var useBandPairs = cpu.X86.HasAVX2

// processBandPair runs band f over the interleaved stereo block a and
// band g over b, in place: f.process(a) and g.process(b), the same bits.
// Where useBandPairs holds and the blocks are equally long, the two
// bands' four recursions share the lanes of AVX registers.
func processBandPair(f, g *eqBand, a, b []float32) {
	if !useBandPairs || len(a) != len(b) {
		f.process(a)
		g.process(b)
		return
	}
	st := [16]float64{
		f.z[0][0], f.z[1][0], g.z[0][0], g.z[1][0],
		f.z[0][1], f.z[1][1], g.z[0][1], g.z[1][1],
		f.z[0][2], f.z[1][2], g.z[0][2], g.z[1][2],
		f.z[0][3], f.z[1][3], g.z[0][3], g.z[1][3],
	}
	c := [20]float64{
		f.b0, f.b0, g.b0, g.b0, f.b1, f.b1, g.b1, g.b1, f.b2, f.b2, g.b2, g.b2,
		f.a1, f.a1, g.a1, g.a1, f.a2, f.a2, g.a2, g.a2,
	}
	bandPairAVX(a, b, &st, &c)
	f.z[0] = [4]float64{st[0], st[4], st[8], st[12]}
	f.z[1] = [4]float64{st[1], st[5], st[9], st[13]}
	g.z[0] = [4]float64{st[2], st[6], st[10], st[14]}
	g.z[1] = [4]float64{st[3], st[7], st[11], st[15]}
}

// sideFourAVX and sideEightAVX are bands_amd64.s: sideFour's loop for
// four and for eight wideners in the lanes of AVX registers.
//
//go:noescape
func sideFourAVX(p *[4]*float32, n int, c *[24]float64, k *[8]float32)

//go:noescape
func sideEightAVX(p *[8]*float32, n int, c *[24]float64, k *[8]float32)

// sideLanes runs sideFour's loop over the blocks t (equally long, at
// least one sample; the first four, or all eight) with the AVX loops
// where useBandPairs holds, and reports whether it did; c holds a, b and
// z (eight lanes each) and receives z.
func sideLanes(t *[8][]float32, c *[24]float64, k *[8]float32, eight bool) bool {
	if !useBandPairs {
		return false
	}
	n := len(t[0])
	var p [8]*float32
	for i := range p {
		p[i] = &t[i][:n][0]
	}
	if eight {
		sideEightAVX(&p, n, c, k)
	} else {
		sideFourAVX((*[4]*float32)(p[:4]), n, c, k)
	}
	return true
}
