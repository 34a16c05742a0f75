package synth

// sideHPSSE2 is sidehp_amd64.s: sideHP.processGo with the high-pass chain
// in the low lane of the SSE2 registers and the low-pass chain in the
// high lane.
//
//go:noescape
func sideHPSSE2(fr []float32, st *[12]float64, c *[14]float64)

// process filters the side signal of an interleaved stereo block in place
// (an odd last sample is left alone): processGo's samples, the crossover's
// two chains at once.
func (s *sideHP) process(fr []float32) {
	st := [12]float64{s.x1, s.x1, s.x2, s.x2, s.y1, s.p1, s.y2, s.p2, s.v1, s.q1, s.v2, s.q2}
	hb, lb, a1, a2 := s.hp.b0, s.lp.b0, s.hp.a1, s.hp.a2
	c := [14]float64{-2, 2, hb, lb, a1, a1, a2, a2, 1, s.keep, 1, -1, 0.5, 0.5}
	sideHPSSE2(fr, &st, &c)
	s.x1, s.x2, s.y1, s.p1, s.y2, s.p2 = st[0], st[2], st[4], st[5], st[6], st[7]
	s.v1, s.q1, s.v2, s.q2 = st[8], st[9], st[10], st[11]
}
