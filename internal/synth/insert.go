package synth

// mixTracks renders every track's block into the engine's buses: the
// sources of all, then the insert chains, two tracks with the same fused
// chain at once where insertTwo runs (amd64), then each track's chorus,
// pan and sends in track order. A track's chain reads and writes only its
// own block and state, and the buses are summed in the same order, so the
// samples are those of rendering track by track.
func (e *engine) mixTracks(start, n int) {
	if !pairedInserts {
		for _, t := range e.tracks {
			t.render(start, n, e)
		}
		return
	}
	e.on, e.sides = e.on[:0], e.sides[:0]
	for _, t := range e.tracks {
		if side, ok := t.source(start, n); ok {
			e.on = append(e.on, t)
			e.sides = append(e.sides, side)
		}
	}
	var wait [chainTriHP + 1]*trackState // a track waiting for a partner, by chain
	for _, t := range e.on {
		k := t.chain()
		switch {
		case k == chainOther:
			t.insert(t.mono[:n])
		case wait[k] != nil:
			insertTwo(wait[k], t, wait[k].mono[:n], t.mono[:n])
			wait[k] = nil
		default:
			wait[k] = t
		}
	}
	for _, w := range wait {
		if w != nil {
			w.insert(w.mono[:n])
		}
	}
	e.widenPairs(n)
	for i, t := range e.on {
		t.finish(n, e, e.sides[i])
	}
}

// widenPairs computes the side signals of the sounding tracks' one-tap
// wideners two at a time (sideTwo) into their t.sb, for mixOut: the
// one-pole high-pass of each is a recursion one multiply and one add
// long, and two of them overlap in one loop.
func (e *engine) widenPairs(n int) {
	if fourWide && n <= blockSize {
		e.widenFour(n)
		return
	}
	var wait *trackState
	for _, t := range e.on {
		if t.wide == nil || t.wide.taps != 1 {
			continue
		}
		if wait == nil {
			wait = t
			continue
		}
		sideTwo(wait.wide, t.wide, wait.mono[:n], t.mono[:n], wait.sb[:n], t.sb[:n])
		wait.sbDone, t.sbDone = true, true
		wait = nil
	}
}

// sideTwo is w.side(inA, outA) and v.side(inB, outB) in one loop, for two
// one-tap wideners (the same operations, so the same samples); the four
// slices are equally long.
func sideTwo(w, v *widener, inA, inB, outA, outB []float32) {
	const mask = widenerLen - 1
	n := len(inA)
	inB, outA, outB = inB[:n], outA[:n], outB[:n]
	bw, pw, dw, kw := w.buf[:widenerLen], w.pos, w.delay[0], w.gain[0]
	bv, pv, dv, kv := v.buf[:widenerLen], v.pos, v.delay[0], v.gain[0]
	zw, aw := w.hp.z, w.hp.a
	zv, av := v.hp.z, v.hp.a
	cw, cv := 1-aw, 1-av
	for i := range n {
		bw[pw] = inA[i]
		bv[pv] = inB[i]
		yw := float64(bw[(pw-dw)&mask])
		yv := float64(bv[(pv-dv)&mask])
		zw = aw*yw + cw*zw
		zv = av*yv + cv*zv
		outA[i] = float32(yw-zw) * kw
		outB[i] = float32(yv-zv) * kv
		pw = (pw + 1) & mask
		pv = (pv + 1) & mask
	}
	w.pos, w.hp.z = pw, zw
	v.pos, v.hp.z = pv, zv
}

// source renders the block's sources (the recorded part, the voices, the
// expression) into t.mono, before the inserts. It reports false for a
// track silent long enough to skip the block, and returns a stereo
// recorded part's side signal (nil for a mono part).
func (t *trackState) source(start, n int) ([]float32, bool) {
	end := start + n
	t.startVoices(end)
	live := t.rec != nil && t.rec.live(start, n)
	if len(t.voices) == 0 && !live && (t.nz == nil || !t.nz.busy(start, n)) {
		if t.tail <= 0 {
			return nil, false
		}
		t.tail -= n
	} else {
		t.tail = int(0.1 * sr)
	}
	buf := t.mono[:n]
	var recSide []float32 // a stereo recorded part's side signal
	if live && t.rec.stereo() {
		recSide = t.rs[:n]
	}
	if live {
		t.rec.render(start, buf, recSide)
	} else {
		clear(buf)
	}
	t.renderVoices(start, n, buf)
	if t.nz != nil {
		t.nz.render(start, buf)
	}
	if t.ctl != nil {
		t.ctl.express(buf, start)
	}
	return recSide, true
}

// finish runs the block after the inserts: the chorus, then the pan and
// sends (mixOut).
func (t *trackState) finish(n int, e *engine, recSide []float32) {
	buf := t.mono[:n]
	l, r := t.l[:n], t.r[:n]
	if t.ch != nil {
		t.ch.process(buf, l, r)
	} else {
		copy(l, buf)
		copy(r, buf)
	}
	t.mixOut(buf, e, recSide)
}

// Insert chains insertTwo runs two at a time (chain).
const (
	chainOther = iota
	chainBellHP
	chainPairHP
	chainTriHP // three bells (an air shelf on a bell pair) and the high-pass
)

// chain returns which of insert's fused chains the track runs.
func (t *trackState) chain() int {
	if !t.hpOn || t.tiltK != 1 || t.drive != 0 || t.dcOn {
		return chainOther
	}
	switch len(t.tone) {
	case 1:
		return chainBellHP
	case 2:
		return chainPairHP
	case 3:
		return chainTriHP
	}
	return chainOther
}
