package synth

import (
	"math"

	"github.com/songsmith/songsmith/internal/score"
)

// roleWidth is how wide each role is spread by its widener (see widener):
// 0 leaves a part where its pan puts it. Bass and drums stay centred (a
// recorded kit and a synthesized one sound alike there).
var roleWidth = map[score.Role]struct{ width, delay float64 }{
	score.RoleChords: {0.6, 0.013},
	score.RolePad:    {1, 0.019},
	score.RoleLead:   {0.4, 0.011},
	score.RoleArp:    {0.7, 0.017},
	score.RoleFX:     {0.8, 0.023},
}

// widenerLen is the widener's delay-line length (a power of two).
const widenerLen = 2048

// widenerHP is the corner (Hz) under which a part's widener leaves it
// centred.
const widenerHP = 300

// The drum kit's overhead image: cymbals, hats and the snare's crack
// spread (above overheadHP), kick and snare body centred.
const (
	overheadWidth = 0.5
	overheadDelay = 0.0071
	overheadHP    = 2500
)

// widener spreads a part without hurting mono: it adds a delayed, high-passed
// copy of the part to the left channel and subtracts it from the right, so
// the mono sum (L+R) is exactly the unwidened part and everything under the
// high-pass corner stays centred.
type widener struct {
	buf   []float32
	pos   int
	delay int
	width float32
	hp    onePole
}

// newWidener returns a widener of the given width (0..1), delay in
// seconds and high-pass corner in Hz, or nil for a zero width.
func newWidener(width, delay, hp float64) *widener {
	if !(width > 0) {
		return nil
	}
	w := &widener{buf: make([]float32, widenerLen), delay: min(widenerLen-1, int(delay*sr)), width: float32(math.Min(1, width))}
	w.hp.set(hp)
	return w
}

// side reads the mono part in and writes the side signal to out: the part
// delayed and high-passed, times the width.
func (w *widener) side(in, out []float32) {
	buf, pos, d, k := w.buf[:widenerLen], w.pos, w.delay, w.width
	z, a := w.hp.z, w.hp.a
	b := 1 - a
	for i, x := range in {
		buf[pos] = x
		y := float64(buf[(pos-d)&(widenerLen-1)])
		z = a*y + b*z // the one-pole's recursion is one multiply and one add long
		out[i] = float32(y-z) * k
		pos = (pos + 1) & (widenerLen - 1)
	}
	w.pos, w.hp.z = pos, z
}

// sideHP removes the side (L-R) signal under its corner from the mix bus so
// that the low end is centred whatever the parts and effects do: a
// fourth-order Butterworth high-pass (two biquads) on the side signal.
type sideHP struct {
	f, g                   eqBand  // the two stages' coefficients
	x1, x2, y1, y2, v1, v2 float64 // input, first-stage and output history
}

func newSideHP(hz float64) *sideHP {
	return &sideHP{f: highPass(hz, 0.5412), g: highPass(hz, 1.3066)}
}

// process filters the side signal of an interleaved stereo block in place.
// A high-pass's numerator is b0·(1, -2, 1), and the second stage's input
// history is the first stage's output history, so the two stages need six
// state values and six coefficients: few enough to stay in registers.
func (s *sideHP) process(fr []float32) {
	fb, fa1, fa2 := s.f.b0, s.f.a1, s.f.a2
	gb, ga1, ga2 := s.g.b0, s.g.a1, s.g.a2
	x1, x2, y1, y2, v1, v2 := s.x1, s.x2, s.y1, s.y2, s.v1, s.v2
	for i := 0; i+1 < len(fr); i += 2 {
		m := 0.5 * (float64(fr[i]) + float64(fr[i+1]))
		x := 0.5 * (float64(fr[i]) - float64(fr[i+1]))
		y := fb*(x-2*x1+x2) - fa2*y2 - fa1*y1
		v := gb*(y-2*y1+y2) - ga2*v2 - ga1*v1
		x2, x1, y2, y1, v2, v1 = x1, x, y1, y, v1, v
		fr[i], fr[i+1] = float32(m+v), float32(m-v)
	}
	s.x1, s.x2, s.y1, s.y2, s.v1, s.v2 = x1, x2, y1, y2, v1, v2
}

// eqBand is one RBJ-cookbook biquad applied to both channels of the bus.
type eqBand struct {
	b0, b1, b2, a1, a2 float64
	z                  [2][4]float64 // per channel: x1, x2, y1, y2
}

// shelfLow returns a low shelf of gain db at f0 Hz (slope 1).
func shelfLow(f0, db float64) eqBand {
	A := math.Pow(10, db/40)
	w := 2 * math.Pi * f0 / sr
	cw, sw := math.Cos(w), math.Sin(w)
	al := sw / 2 * math.Sqrt2
	sa := 2 * math.Sqrt(A) * al
	a0 := (A + 1) + (A-1)*cw + sa
	return eqBand{
		b0: A * ((A + 1) - (A-1)*cw + sa) / a0,
		b1: 2 * A * ((A - 1) - (A+1)*cw) / a0,
		b2: A * ((A + 1) - (A-1)*cw - sa) / a0,
		a1: -2 * ((A - 1) + (A+1)*cw) / a0,
		a2: ((A + 1) + (A-1)*cw - sa) / a0,
	}
}

// peaking returns a peaking band of gain db at f0 Hz with quality q.
func peaking(f0, db, q float64) eqBand {
	A := math.Pow(10, db/40)
	w := 2 * math.Pi * f0 / sr
	cw, sw := math.Cos(w), math.Sin(w)
	al := sw / (2 * q)
	a0 := 1 + al/A
	return eqBand{b0: (1 + al*A) / a0, b1: -2 * cw / a0, b2: (1 - al*A) / a0, a1: -2 * cw / a0, a2: (1 - al/A) / a0}
}

// highPass returns a second-order high-pass at f0 Hz with quality q.
func highPass(f0, q float64) eqBand {
	w := 2 * math.Pi * f0 / sr
	cw, sw := math.Cos(w), math.Sin(w)
	al := sw / (2 * q)
	a0 := 1 + al
	return eqBand{b0: (1 + cw) / 2 / a0, b1: -(1 + cw) / a0, b2: (1 + cw) / 2 / a0, a1: -2 * cw / a0, a2: (1 - al) / a0}
}

// lowPass returns a second-order low-pass at f0 Hz with quality q.
func lowPass(f0, q float64) eqBand {
	w := 2 * math.Pi * f0 / sr
	cw, sw := math.Cos(w), math.Sin(w)
	al := sw / (2 * q)
	a0 := 1 + al
	return eqBand{b0: (1 - cw) / 2 / a0, b1: (1 - cw) / a0, b2: (1 - cw) / 2 / a0, a1: -2 * cw / a0, a2: (1 - al) / a0}
}

// process filters an interleaved stereo block in place.
func (f *eqBand) process(fr []float32) {
	b0, b1, b2, a1, a2 := f.b0, f.b1, f.b2, f.a1, f.a2
	l1, l2, ly1, ly2 := f.z[0][0], f.z[0][1], f.z[0][2], f.z[0][3]
	r1, r2, ry1, ry2 := f.z[1][0], f.z[1][1], f.z[1][2], f.z[1][3]
	for i := 0; i+1 < len(fr); i += 2 {
		l, r := float64(fr[i]), float64(fr[i+1])
		// The feedback terms come last, so each recursion is one
		// multiply and one add long.
		yl := b0*l + b1*l1 + b2*l2 - a2*ly2 - a1*ly1
		yr := b0*r + b1*r1 + b2*r2 - a2*ry2 - a1*ry1
		l2, l1, ly2, ly1 = l1, l, ly1, yl
		r2, r1, ry2, ry1 = r1, r, ry1, yr
		fr[i], fr[i+1] = float32(yl), float32(yr)
	}
	f.z[0] = [4]float64{l1, l2, ly1, ly2}
	f.z[1] = [4]float64{r1, r2, ry1, ry2}
}

// busEQ is the mix bus's tone: a low shelf that keeps bass and kick from
// swamping small speakers, a broad presence lift around 3 kHz, and a
// fourth-order low-pass at 17 kHz, so that an MP3 encoder's band limit
// (19.5 kHz at 192 kbit/s) removes next to nothing and cannot raise the
// true peak the limiter set.
func busEQ() []eqBand { return busEQFor(-5, 2.5) }

// busEQFor is busEQ with the low shelf's and the presence bell's gains
// of a style's mix plan.
func busEQFor(lowShelf, presence float64) []eqBand {
	return []eqBand{shelfLow(150, lowShelf), peaking(3000, presence, 0.8), lowPass(17000, 0.5412), lowPass(17000, 1.3066)}
}

// The stereo image of the whole mix is kept between these left/right
// correlations (see balanceWidth) unless the style's plan sets its own.
const (
	corrMax     = 0.82
	corrMin     = 0.45
	sideGainMax = 3.0
)

// balanceWidth scales the side signal (L-R) of an interleaved stereo mix so
// that its left/right correlation lies within corrMin..corrMax, as a
// mastering engineer sets the width: the mono sum (L+R) is untouched, and
// the side signal holds nothing under monoBelow, so the low end stays
// centred. The side gain is at most sideGainMax.
func balanceWidth(s []float32, corrMin, corrMax float64) {
	var mm, ss, ms float64
	for i := 0; i+1 < len(s); i += 2 {
		m := 0.5 * (float64(s[i]) + float64(s[i+1]))
		d := 0.5 * (float64(s[i]) - float64(s[i+1]))
		mm += m * m
		ss += d * d
		ms += m * d
	}
	if mm == 0 || ss == 0 {
		return
	}
	// With side gain k: L = M + kS, R = M - kS, so the correlation is
	// (MM - k²SS) / sqrt((MM + k²SS)² - 4k²MS²).
	corr := func(k float64) float64 {
		a, b := mm-k*k*ss, mm+k*k*ss
		return a / math.Sqrt(b*b-4*k*k*ms*ms)
	}
	c := corr(1)
	var target float64
	switch {
	case c > corrMax:
		target = corrMax
	case c < corrMin:
		target = corrMin
	default:
		return
	}
	// corr falls as k grows: bisect on k in 0..sideGainMax.
	lo, hi := 0.0, sideGainMax
	if corr(hi) > target {
		lo = hi
	} else {
		for range 40 {
			mid := 0.5 * (lo + hi)
			if corr(mid) > target {
				lo = mid
			} else {
				hi = mid
			}
		}
	}
	k := float32(lo)
	for i := 0; i+1 < len(s); i += 2 {
		m := 0.5 * (s[i] + s[i+1])
		d := 0.5 * (s[i] - s[i+1]) * k
		s[i], s[i+1] = m+d, m-d
	}
	if k > 1 {
		// Widening lifted what little side the bus's low-mono stage left
		// near its corner: centre the low end again.
		newSideHP(monoBelow).process(s)
	}
}

// busTone runs the mix bus's tone over an interleaved stereo mix in place:
// the low end made mono under monoBelow (see sideHP), then busEQ. It
// belongs to the finished mix, so RenderDry (stems, single sounds) leaves
// it out. Each stage runs over a block at a time with both channels in the
// same loop: the two recursions are independent, so the processor overlaps
// them instead of waiting on one at a time.
func busTone(s []float32) { busToneWith(s, busEQ()) }

// busToneWith is busTone with the given EQ bands.
func busToneWith(s []float32, eq []eqBand) {
	lowMono := newSideHP(monoBelow)
	const block = 2 * blockSize
	for lo := 0; lo < len(s)&^1; lo += block {
		fr := s[lo:min(lo+block, len(s)&^1)]
		lowMono.process(fr)
		for k := range eq {
			eq[k].process(fr)
		}
	}
}
