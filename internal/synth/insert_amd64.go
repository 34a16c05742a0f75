package synth

// bellHP2SSE2 and pairHP2SSE2 are insert_amd64.s: processBellHP and
// processPairHP of two tracks, one in each lane of the SSE2 registers.
//
//go:noescape
func bellHP2SSE2(a, b []float32, st *[20]float64, c *[36]float64)

//go:noescape
func pairHP2SSE2(a, b []float32, st *[20]float64, c *[36]float64)

// bell2SSE2 is insert_amd64.s: one bell of each of two tracks, one in
// each lane of the SSE2 registers (monoBand.process's samples).
//
//go:noescape
func bell2SSE2(a, b []float32, st *[20]float64, c *[36]float64)

// insertTwo runs the insert chains of s and t over their blocks a and b
// (equally long) at once: both chains are chainBellHP, both chainPairHP or
// both chainTriHP (t.chain()). The same samples as s.insert(a) and
// t.insert(b).
func insertTwo(s, t *trackState, a, b []float32) {
	b = b[:len(a)]
	sb, tb := s.tone, t.tone
	if len(sb) == 3 {
		// processBells' first bell on its own, then the pair chain.
		bellTwo(&sb[0], &tb[0], a, b)
		sb, tb = sb[1:], tb[1:]
	}
	var st [20]float64
	var c [36]float64
	put := func(v *[20]float64, i int, x, y float64) { v[2*i], v[2*i+1] = x, y }
	putC := func(i int, x, y float64) { c[2*i], c[2*i+1] = x, y }
	for k := range len(sb) {
		f, g := &sb[k], &tb[k]
		put(&st, 4*k, f.x1, g.x1)
		put(&st, 4*k+1, f.x2, g.x2)
		put(&st, 4*k+2, f.y1, g.y1)
		put(&st, 4*k+3, f.y2, g.y2)
		putC(5*k, f.b0, g.b0)
		putC(5*k+1, f.b1, g.b1)
		putC(5*k+2, f.b2, g.b2)
		putC(5*k+3, f.a1, g.a1)
		putC(5*k+4, f.a2, g.a2)
	}
	h, j := &s.hp, &t.hp
	put(&st, 8, h.ic1, j.ic1)
	put(&st, 9, h.ic2, j.ic2)
	putC(10, h.b1, j.b1)
	putC(11, h.b2, j.b2)
	putC(12, h.c11, j.c11)
	putC(13, h.c12, j.c12)
	putC(14, h.c21, j.c21)
	putC(15, h.c22, j.c22)
	putC(16, h.k*0.5, j.k*0.5)
	putC(17, 0.5, 0.5)
	if len(sb) == 1 {
		bellHP2SSE2(a, b, &st, &c)
	} else {
		pairHP2SSE2(a, b, &st, &c)
	}
	for k := range len(sb) {
		f, g := &sb[k], &tb[k]
		f.x1, g.x1 = st[8*k], st[8*k+1]
		f.x2, g.x2 = st[8*k+2], st[8*k+3]
		f.y1, g.y1 = flush(st[8*k+4]), flush(st[8*k+5])
		f.y2, g.y2 = flush(st[8*k+6]), flush(st[8*k+7])
	}
	h.ic1, j.ic1, h.ic2, j.ic2 = st[16], st[17], st[18], st[19]
}

// bellTwo is f.process(a) and g.process(b) at once (a and b equally
// long): the two bells in the two lanes of SSE2 registers.
func bellTwo(f, g *monoBand, a, b []float32) {
	st := [20]float64{f.x1, g.x1, f.x2, g.x2, f.y1, g.y1, f.y2, g.y2}
	c := [36]float64{f.b0, g.b0, f.b1, g.b1, f.b2, g.b2, f.a1, g.a1, f.a2, g.a2}
	bell2SSE2(a, b, &st, &c)
	f.x1, g.x1, f.x2, g.x2 = st[0], st[1], st[2], st[3]
	f.y1, g.y1 = flush(st[4]), flush(st[5])
	f.y2, g.y2 = flush(st[6]), flush(st[7])
}

// pairedInserts reports whether insertTwo runs on this architecture.
const pairedInserts = true

// bellTwoSSE2 is insert_amd64.s: sideBellTwo's loop with the two bells in
// the two lanes of the SSE2 registers.
//
//go:noescape
func bellTwoSSE2(x, y []float64, st *[8]float64, c *[10]float64)

// sideBellTwo is sideBell(f, hf, x) and sideBell(g, hg, y) at once (x and
// y equally long): the two bells in the two lanes of SSE2 registers.
func sideBellTwo(f *eqBand, hf *[4]float64, x []float64, g *eqBand, hg *[4]float64, y []float64) {
	y = y[:len(x)]
	st := [8]float64{hf[0], hg[0], hf[1], hg[1], hf[2], hg[2], hf[3], hg[3]}
	c := [10]float64{f.b0, g.b0, f.b1, g.b1, f.b2, g.b2, f.a1, g.a1, f.a2, g.a2}
	bellTwoSSE2(x, y, &st, &c)
	*hf = [4]float64{st[0], st[2], st[4], st[6]}
	*hg = [4]float64{st[1], st[3], st[5], st[7]}
}
