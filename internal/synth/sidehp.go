package synth

import "math"

// sideHP takes most of the side (L-R) signal under its corner out of the
// mix bus so that the low end is centred whatever the parts and effects
// do: a Linkwitz-Riley crossover on the side signal (two second-order
// Butterworth high-passes, two low-passes, in phase at every frequency),
// its high band kept whole and lowSideKept of its low band, a shelf with
// no notch at the corner. Kick and bass stay in the middle; what is kept
// is the low end of the room, the bass's early reflections (beatBassWidth)
// and the recorded pairs, as a beat record's lows carry (the beat
// references' lows correlate 0.95 [0.84, 0.98], not 1).
type sideHP struct {
	hp, lp eqBand  // the crossover's stages (the same denominator)
	keep   float64 // the share of the side kept under the corner
	// input, high-pass stage 1 and 2, low-pass stage 1 and 2 history
	x1, x2, y1, y2, v1, v2, p1, p2, q1, q2 float64
}

// lowSideKept is the share of the side signal the mix bus keeps under its
// low-mono corner in beat music (-6 dB).
const lowSideKept = 0.5

func newSideHP(hz float64) *sideHP {
	return &sideHP{hp: highPass(hz, math.Sqrt2/2), lp: lowPass(hz, math.Sqrt2/2), keep: lowSideKept}
}

// processGo filters the side signal of an interleaved stereo block in
// place: process where no vector version exists, and the reference the
// vector version is tested against. A high-pass's numerator is
// b0·(1, -2, 1), a low-pass's b0·(1, 2, 1), both with the same
// denominator, and each second stage's input history is its first
// stage's output history.
func (s *sideHP) processGo(fr []float32) {
	hb, lb, a1, a2 := s.hp.b0, s.lp.b0, s.hp.a1, s.hp.a2
	k := s.keep
	x1, x2, y1, y2, v1, v2 := s.x1, s.x2, s.y1, s.y2, s.v1, s.v2
	p1, p2, q1, q2 := s.p1, s.p2, s.q1, s.q2
	for i := 0; i+1 < len(fr); i += 2 {
		m := 0.5 * (float64(fr[i]) + float64(fr[i+1]))
		x := 0.5 * (float64(fr[i]) - float64(fr[i+1]))
		y := hb*(x-2*x1+x2) - a2*y2 - a1*y1
		v := hb*(y-2*y1+y2) - a2*v2 - a1*v1
		p := lb*(x+2*x1+x2) - a2*p2 - a1*p1
		q := lb*(p+2*p1+p2) - a2*q2 - a1*q1
		x2, x1, y2, y1, v2, v1 = x1, x, y1, y, v1, v
		p2, p1, q2, q1 = p1, p, q1, q
		o := v + k*q
		fr[i], fr[i+1] = float32(m+o), float32(m-o)
	}
	s.x1, s.x2, s.y1, s.y2, s.v1, s.v2 = x1, x2, y1, y2, v1, v2
	s.p1, s.p2, s.q1, s.q2 = p1, p2, q1, q2
}
