package synth

// sideEQ runs bells over the side signal (L-R) of an interleaved stereo
// mix, leaving the mid (L+R) as it is. It works in blocks of sideBlock
// frames, one bell at a time over a block with its state in registers,
// pipelined: at step j bell k filters block j-k, and two neighbouring
// bells run in one loop (sideBellTwo), so that their recursions overlap.
// The side signal stays float64 between bells: the same samples as one
// frame through every bell at a time.
func sideEQ(s []float32, bells []eqBand) {
	nb := (len(s)/2 + sideBlock - 1) / sideBlock
	if nb == 0 || len(bells) == 0 {
		return
	}
	z := make([][4]float64, len(bells)) // per bell: x1, x2, y1, y2
	ring := len(bells) + 1
	mid := make([][]float64, ring)
	side := make([][]float64, ring)
	for i := range ring {
		mid[i], side[i] = make([]float64, sideBlock), make([]float64, sideBlock)
	}
	frames := func(j int) []float32 {
		f0 := j * sideBlock
		return s[2*f0 : 2*min(f0+sideBlock, len(s)/2)]
	}
	for j := 0; j < nb+len(bells); j++ {
		if j < nb { // block j in
			fr := frames(j)
			m, x := mid[j%ring][:len(fr)/2], side[j%ring][:len(fr)/2]
			for i := range m {
				l, r := float64(fr[2*i]), float64(fr[2*i+1])
				m[i] = 0.5 * (l + r)
				x[i] = 0.5 * (l - r)
			}
		}
		for k := 0; k < len(bells); k++ {
			b := j - k // the block bell k filters at this step
			if b < 0 || b >= nb {
				continue
			}
			x := side[b%ring][:len(frames(b))/2]
			if k+1 < len(bells) && b-1 >= 0 && b-1 < nb {
				y := side[(b-1)%ring][:len(frames(b-1))/2]
				if len(y) == len(x) {
					sideBellTwo(&bells[k], &z[k], x, &bells[k+1], &z[k+1], y)
					k++
					continue
				}
			}
			sideBell(&bells[k], &z[k], x)
		}
		if b := j - len(bells) + 1; b >= 0 && b < nb { // block b out: every bell ran
			fr := frames(b)
			m, x := mid[b%ring][:len(fr)/2], side[b%ring][:len(fr)/2]
			for i := range m {
				fr[2*i], fr[2*i+1] = float32(m[i]+x[i]), float32(m[i]-x[i])
			}
		}
	}
}

// sideBellTwoGo is sideBell(f, hf, x) and sideBell(g, hg, y) in one
// loop (x and y equally long): sideBellTwo on other architectures, and
// the reference of its test.
func sideBellTwoGo(f *eqBand, hf *[4]float64, x []float64, g *eqBand, hg *[4]float64, y []float64) {
	fb0, fb1, fb2, fa1, fa2 := f.b0, f.b1, f.b2, f.a1, f.a2
	gb0, gb1, gb2, ga1, ga2 := g.b0, g.b1, g.b2, g.a1, g.a2
	fx1, fx2, fy1, fy2 := hf[0], hf[1], hf[2], hf[3]
	gx1, gx2, gy1, gy2 := hg[0], hg[1], hg[2], hg[3]
	y = y[:len(x)]
	for i, v := range x {
		u := fb0*v + fb1*fx1 + fb2*fx2 - fa1*fy1 - fa2*fy2
		fx2, fx1, fy2, fy1 = fx1, v, fy1, u
		x[i] = u
		w := y[i]
		q := gb0*w + gb1*gx1 + gb2*gx2 - ga1*gy1 - ga2*gy2
		gx2, gx1, gy2, gy1 = gx1, w, gy1, q
		y[i] = q
	}
	*hf = [4]float64{fx1, fx2, fy1, fy2}
	*hg = [4]float64{gx1, gx2, gy1, gy2}
}

// sideBlock is the frames sideEQ filters a bell at a time.
const sideBlock = 1024

// sideBell runs bell f with state h (x1, x2, y1, y2) over x in place.
func sideBell(f *eqBand, h *[4]float64, x []float64) {
	b0, b1, b2, a1, a2 := f.b0, f.b1, f.b2, f.a1, f.a2
	x1, x2, y1, y2 := h[0], h[1], h[2], h[3]
	for i, v := range x {
		y := b0*v + b1*x1 + b2*x2 - a1*y1 - a2*y2
		x2, x1, y2, y1 = x1, v, y1, y
		x[i] = y
	}
	*h = [4]float64{x1, x2, y1, y2}
}
