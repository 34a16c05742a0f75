package synth

// The wideners' side signals four tracks at a time (widenFour): each
// widener's delayed, tap-weighted input is read out of its ring buffer
// first (delayed, no recursion in it), then the four one-pole high-passes
// run in one loop, where one alone waits on its own multiply-add chain.
// The operations and their order per sample are widener.side's, so the
// same bits.

// fourWide reports whether widenPairs takes the wideners four at a time.
var fourWide = useBandPairs

// delayed writes to y the widener's tap-weighted delayed input for the
// block in (as long as y): a one-tap widener's delayed sample, a room
// widener's three reflections summed as side sums them; it stores in in
// the ring buffer and advances it, as side does. It takes neither an air
// reflection (sideAir) nor more than a block (len(in) <= blockSize).
func (w *widener) delayed(in, y []float32) {
	const mask = widenerLen - 1
	n := len(in)
	y = y[:n]
	if w.taps == 1 {
		w.tap(in, y, w.delay[0])
	} else {
		var t1, t2 [blockSize]float32
		w.tap(in, y, w.delay[0])
		w.tap(in, t1[:n], w.delay[1])
		w.tap(in, t2[:n], w.delay[2])
		k0, k1, k2 := w.gain[0], w.gain[1], w.gain[2]
		for i := range y {
			y[i] = y[i]*k0 + t1[i]*k1 + t2[i]*k2
		}
	}
	buf, pos := w.buf[:widenerLen], w.pos
	c := copy(buf[pos:], in)
	copy(buf, in[c:])
	w.pos = (pos + n) & mask
}

// tap writes to y the input d samples back, for each sample of the block
// in: from the ring buffer where that lies before the block, else from in
// (side writes each sample before it reads the tap).
func (w *widener) tap(in, y []float32, d int) {
	const mask = widenerLen - 1
	j := min(d, len(in))
	from := (w.pos - d) & mask
	c := copy(y[:j], w.buf[from:])
	copy(y[c:j], w.buf)
	copy(y[j:], in)
}

// oneRoom reports whether t's widener can be taken four at a time: one
// tap, or a room's three without an air reflection.
func oneRoom(t *trackState) bool {
	return t.wide != nil && (t.wide.taps == 1 || t.wide.airGain == 0)
}

// sideFour runs the one-pole high-passes of up to eight wideners w over
// their delayed inputs s (delayed's, equally long), in place, scaled by
// the one-tap wideners' gains: side's out = float32(y-z)*k, a room's
// float32(y-z) (k = 1 leaves it as it is). The lanes past len(w) filter
// silence into a scratch block.
func sideFour(w []*widener, s [][]float32) {
	var c [24]float64 // a, b, z (eight lanes each)
	var k [8]float32
	var pad [blockSize]float32
	var t [8][]float32
	n := len(s[0])
	if n == 0 {
		return
	}
	for i := range t {
		t[i], k[i] = pad[:n], 1
		if i < len(w) {
			t[i], c[i], c[16+i] = s[i][:n], w[i].hp.a, w[i].hp.z
			c[8+i] = 1 - c[i]
			if w[i].taps == 1 {
				k[i] = w[i].gain[0]
			}
		}
	}
	if !sideLanes(&t, &c, &k, len(w) > 4) {
		sideFourGo(&t, &c, &k, 0)
		if len(w) > 4 {
			sideFourGo(&t, &c, &k, 4)
		}
	}
	for i := range w {
		w[i].hp.z = c[16+i]
	}
}

// sideFourGo is sideFour's loop for the four lanes from o: their
// one-poles over the blocks t (equally long) in place; c holds a, b and z
// (eight lanes each) and receives z.
func sideFourGo(t *[8][]float32, c *[24]float64, k *[8]float32, o int) {
	s0 := t[o]
	n := len(s0)
	s1, s2, s3 := t[o+1][:n], t[o+2][:n], t[o+3][:n]
	a0, a1, a2, a3 := c[o], c[o+1], c[o+2], c[o+3]
	b0, b1, b2, b3 := c[8+o], c[9+o], c[10+o], c[11+o]
	z0, z1, z2, z3 := c[16+o], c[17+o], c[18+o], c[19+o]
	k0, k1, k2, k3 := k[o], k[o+1], k[o+2], k[o+3]
	for i := range s0 {
		y0, y1, y2, y3 := float64(s0[i]), float64(s1[i]), float64(s2[i]), float64(s3[i])
		z0 = a0*y0 + b0*z0
		z1 = a1*y1 + b1*z1
		z2 = a2*y2 + b2*z2
		z3 = a3*y3 + b3*z3
		s0[i] = float32(y0-z0) * k0
		s1[i] = float32(y1-z1) * k1
		s2[i] = float32(y2-z2) * k2
		s3[i] = float32(y3-z3) * k3
	}
	c[16+o], c[17+o], c[18+o], c[19+o] = z0, z1, z2, z3
}

// widenFour computes the side signals of the sounding tracks' one-tap
// and room wideners (oneRoom) up to eight at a time into their t.sb, for
// mixOut; n is the block's length (at most blockSize).
func (e *engine) widenFour(n int) {
	var ws [8]*widener
	var ss [8][]float32
	var ts [8]*trackState
	m := 0
	flush := func() {
		sideFour(ws[:m], ss[:m])
		for _, t := range ts[:m] {
			t.sbDone = true
		}
		m = 0
	}
	for _, t := range e.on {
		if !oneRoom(t) {
			continue
		}
		t.wide.delayed(t.mono[:n], t.sb[:n])
		ws[m], ss[m], ts[m] = t.wide, t.sb[:n], t
		if m++; m == len(ws) {
			flush()
		}
	}
	if m > 0 {
		flush()
	}
}
