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

// newWidener returns a widener of the given width (0..1) and delay in
// seconds, or nil for a zero width.
func newWidener(width, delay float64) *widener {
	if !(width > 0) {
		return nil
	}
	w := &widener{buf: make([]float32, widenerLen), delay: min(widenerLen-1, int(delay*sr)), width: float32(math.Min(1, width))}
	w.hp.set(300)
	return w
}

// process reads the mono part in and adds the side signal to l and
// subtracts it from r.
func (w *widener) process(in, l, r []float32) {
	buf, pos, d, k := w.buf, w.pos, w.delay, w.width
	z, a := w.hp.z, w.hp.a
	for i, x := range in {
		buf[pos] = x
		y := float64(buf[(pos-d)&(widenerLen-1)])
		z += a * (y - z)
		s := float32(y-z) * k
		l[i] += s
		r[i] -= s
		pos = (pos + 1) & (widenerLen - 1)
	}
	w.pos, w.hp.z = pos, z
}

// sideHP removes the side (L-R) signal under its corner from the mix bus so
// that the low end is centred whatever the parts and effects do: a
// fourth-order Butterworth high-pass (two state-variable stages) on the
// side signal.
type sideHP struct{ f [2]svf }

func newSideHP(hz float64) *sideHP {
	s := &sideHP{}
	s.f[0].set(hz, 0.5412)
	s.f[1].set(hz, 1.3066)
	return s
}

func (s *sideHP) process(l, r []float32) {
	F, G := s.f[0], s.f[1]
	c1, c2, d1, d2 := F.ic1, F.ic2, G.ic1, G.ic2
	for i := range l {
		m := 0.5 * (float64(l[i]) + float64(r[i]))
		x := 0.5 * (float64(l[i]) - float64(r[i]))
		n1 := F.b1*x + F.c11*c1 + F.c12*c2
		n2 := F.b2*x + F.c21*c1 + F.c22*c2
		x -= F.k*0.5*(n1+c1) + 0.5*(n2+c2)
		c1, c2 = n1, n2
		n1 = G.b1*x + G.c11*d1 + G.c12*d2
		n2 = G.b2*x + G.c21*d1 + G.c22*d2
		x -= G.k*0.5*(n1+d1) + 0.5*(n2+d2)
		d1, d2 = n1, n2
		l[i], r[i] = float32(m+x), float32(m-x)
	}
	s.f[0].ic1, s.f[0].ic2, s.f[1].ic1, s.f[1].ic2 = c1, c2, d1, d2
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

// lowPass returns a second-order low-pass at f0 Hz with quality q.
func lowPass(f0, q float64) eqBand {
	w := 2 * math.Pi * f0 / sr
	cw, sw := math.Cos(w), math.Sin(w)
	al := sw / (2 * q)
	a0 := 1 + al
	return eqBand{b0: (1 - cw) / 2 / a0, b1: (1 - cw) / a0, b2: (1 - cw) / 2 / a0, a1: -2 * cw / a0, a2: (1 - al) / a0}
}

// process filters l and r in place.
func (f *eqBand) process(l, r []float32) {
	for c, x := range [2][]float32{l, r} {
		z := f.z[c]
		x1, x2, y1, y2 := z[0], z[1], z[2], z[3]
		for i, v := range x {
			in := float64(v)
			y := f.b0*in + f.b1*x1 + f.b2*x2 - f.a1*y1 - f.a2*y2
			x2, x1, y2, y1 = x1, in, y1, y
			x[i] = float32(y)
		}
		f.z[c] = [4]float64{x1, x2, y1, y2}
	}
}

// busEQ is the mix bus's tone: a low shelf that keeps bass and kick from
// swamping small speakers, a broad presence lift around 3 kHz, and a
// fourth-order low-pass at 17 kHz, so that an MP3 encoder's band limit
// (19.5 kHz at 192 kbit/s) removes next to nothing and cannot raise the
// true peak the limiter set.
func busEQ() []eqBand {
	return []eqBand{shelfLow(150, -5), peaking(3000, 2.5, 0.8), lowPass(17000, 0.5412), lowPass(17000, 1.3066)}
}

// The stereo image of the whole mix is kept between these left/right
// correlations (see balanceWidth).
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
func balanceWidth(s []float32) {
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
}

// busTone runs the mix bus's tone over an interleaved stereo mix in place,
// block by block: the low end made mono under monoBelow (see sideHP), then
// busEQ. It belongs to the finished mix, so RenderDry (stems, single
// sounds) leaves it out.
func busTone(s []float32) {
	lowMono, eq := newSideHP(monoBelow), busEQ()
	var l, r [blockSize]float32
	for start := 0; start < len(s)/2; start += blockSize {
		n := min(blockSize, len(s)/2-start)
		fr := s[2*start : 2*(start+n)]
		for i := range n {
			l[i], r[i] = fr[2*i], fr[2*i+1]
		}
		lowMono.process(l[:n], r[:n])
		for k := range eq {
			eq[k].process(l[:n], r[:n])
		}
		for i := range n {
			fr[2*i], fr[2*i+1] = l[i], r[i]
		}
	}
}
