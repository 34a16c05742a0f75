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

// sideFour runs the one-pole high-passes of up to four wideners w over
// their delayed inputs s (delayed's, equally long), in place, scaled by
// the one-tap wideners' gains: side's out = float32(y-z)*k, a room's
// float32(y-z) (k = 1 leaves it as it is).
func sideFour(w []*widener, s [][]float32) {
	var c [12]float64 // a, b, z (four lanes each)
	var k [4]float32
	var pad [blockSize]float32
	var t [4][]float32
	n := len(s[0])
	if n == 0 {
		return
	}
	for i := range 4 {
		t[i], k[i] = pad[:n], 1
		if i < len(w) {
			t[i], c[i], c[8+i] = s[i][:n], w[i].hp.a, w[i].hp.z
			c[4+i] = 1 - c[i]
			if w[i].taps == 1 {
				k[i] = w[i].gain[0]
			}
		}
	}
	if !sideFourLanes(&t, &c, &k) {
		sideFourGo(&t, &c, &k)
	}
	for i := range w {
		w[i].hp.z = c[8+i]
	}
}

// sideFourGo is sideFour's loop: the four one-poles over the blocks t
// (equally long) in place; c holds a, b and z (four lanes each) and
// receives z.
func sideFourGo(t *[4][]float32, c *[12]float64, k *[4]float32) {
	s0 := t[0]
	n := len(s0)
	s1, s2, s3 := t[1][:n], t[2][:n], t[3][:n]
	a0, a1, a2, a3 := c[0], c[1], c[2], c[3]
	b0, b1, b2, b3 := c[4], c[5], c[6], c[7]
	z0, z1, z2, z3 := c[8], c[9], c[10], c[11]
	for i := range s0 {
		y0, y1, y2, y3 := float64(s0[i]), float64(s1[i]), float64(s2[i]), float64(s3[i])
		z0 = a0*y0 + b0*z0
		z1 = a1*y1 + b1*z1
		z2 = a2*y2 + b2*z2
		z3 = a3*y3 + b3*z3
		s0[i] = float32(y0-z0) * k[0]
		s1[i] = float32(y1-z1) * k[1]
		s2[i] = float32(y2-z2) * k[2]
		s3[i] = float32(y3-z3) * k[3]
	}
	c[8], c[9], c[10], c[11] = z0, z1, z2, z3
}

// widenFour computes the side signals of the sounding tracks' one-tap
// and room wideners (oneRoom) four at a time into their t.sb, for
// mixOut; n is the block's length (at most blockSize).
func (e *engine) widenFour(n int) {
	var ws [4]*widener
	var ss [4][]float32
	var ts [4]*trackState
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
		if m++; m == 4 {
			flush()
		}
	}
	if m > 0 {
		flush()
	}
}
