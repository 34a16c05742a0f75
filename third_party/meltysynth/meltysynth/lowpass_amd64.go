package meltysynth

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
