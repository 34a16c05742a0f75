package synth

import "math"

// sr is the engine's sample rate in Hz.
const sr = 44100.0

// blockSize is the number of frames rendered per block.
const blockSize = 512

// ctrl is the control-rate period in frames: filter cutoffs, pitch and
// other slow parameters are recomputed this often.
const ctrl = 32

// svf is a topology-preserving-transform state-variable filter
// (Zavalishin / Simper trapezoidal form). It stays stable under fast
// cutoff modulation. The update is kept in state-space form (the two
// integrator states as a linear function of themselves and the input),
// which gives the same results as the textbook form with a shorter
// dependency chain per sample; the band-pass and low-pass outputs are the
// averages of old and new states.
type svf struct {
	k                  float64
	c11, c12, c21, c22 float64
	b1, b2             float64
	ic1, ic2           float64
}

// set tunes the filter to cutoff Hz with quality q.
func (f *svf) set(cutoff, q float64) {
	if cutoff < 10 {
		cutoff = 10
	} else if cutoff > 0.45*sr {
		cutoff = 0.45 * sr
	}
	if q < 0.3 {
		q = 0.3
	}
	f.setG(math.Tan(math.Pi*cutoff/sr), 1/q)
}

// setG sets the filter from its prewarped gain g = tan(pi*fc/sr) and
// damping k = 1/q.
func (f *svf) setG(g, k float64) {
	a1 := 1 / (1 + g*(g+k))
	a2 := g * a1
	a3 := g * a2
	f.k = k
	f.c11, f.c12, f.b1 = 2*a1-1, -2*a2, 2*a2
	f.c21, f.c22, f.b2 = 2*a2, 1-2*a3, 2*a3
}

// step advances the filter by one sample and returns the band-pass and
// low-pass outputs.
func (f *svf) step(x float64) (bp, lp float64) {
	n1 := f.b1*x + f.c11*f.ic1 + f.c12*f.ic2
	n2 := f.b2*x + f.c21*f.ic1 + f.c22*f.ic2
	bp, lp = 0.5*(n1+f.ic1), 0.5*(n2+f.ic2)
	f.ic1, f.ic2 = n1, n2
	return bp, lp
}

// bp filters one sample and returns only the band-pass output.
func (f *svf) bp(x float64) float64 {
	b, _ := f.step(x)
	return b
}

// svfGMin and svfGMax bound log2 of the cutoffs svf.set accepts.
var (
	svfGMin = math.Log2(10)
	svfGMax = math.Log2(0.45 * sr)
)

// svfGTable samples tan(pi*2^x/sr) over [svfGMin, svfGMax] in steps of
// 1/256 octave (linear interpolation is accurate to about 1e-5).
var svfGTable = func() []float64 {
	n := int(math.Ceil((svfGMax-svfGMin)*256)) + 2
	t := make([]float64, n)
	for i := range t {
		x := math.Min(svfGMax, svfGMin+float64(i)/256)
		t[i] = math.Tan(math.Pi * math.Exp2(x) / sr)
	}
	return t
}()

// svfG returns the prewarped gain for a cutoff of 2^l2 Hz, clamped like
// svf.set, without calling Exp2 or Tan.
func svfG(l2 float64) float64 {
	if !(l2 > svfGMin) {
		return svfGTable[0]
	}
	if l2 >= svfGMax {
		return math.Tan(math.Pi * 0.45)
	}
	x := (l2 - svfGMin) * 256
	i := int(x)
	fr := x - float64(i)
	a := svfGTable[i]
	return a + fr*(svfGTable[i+1]-a)
}

// onePole is a one-pole low-pass smoother.
type onePole struct{ a, z float64 }

// set tunes the smoother to a cutoff in Hz.
func (o *onePole) set(cutoff float64) { o.a = 1 - math.Exp(-2*math.Pi*cutoff/sr) }

// tick filters one sample.
func (o *onePole) tick(x float64) float64 {
	o.z += o.a * (x - o.z)
	return o.z
}

// expCoef returns the per-sample multiplier that decays by 1/e in tau seconds.
func expCoef(tau float64) float64 {
	if tau <= 0 {
		return 0
	}
	return math.Exp(-1 / (tau * sr))
}

// t60Coef returns the per-sample multiplier that decays by 60 dB in t seconds.
func t60Coef(t float64) float64 {
	if t <= 0 {
		return 0
	}
	return math.Pow(0.001, 1/(t*sr))
}

// softClip is a cheap tanh-like saturator: odd, monotonic, |y| < 1.
func softClip(x float64) float64 {
	if x > 3 {
		return 1
	} else if x < -3 {
		return -1
	}
	x2 := x * x
	return x * (27 + x2) / (27 + 9*x2)
}

// mtof converts a (fractional) MIDI note number to Hz.
func mtof(m float64) float64 { return 440 * math.Exp2((m-69)/12) }

// dbToGain converts decibels to a linear factor.
func dbToGain(db float64) float64 { return math.Pow(10, db/20) }

// gainToDB converts a linear factor to decibels.
func gainToDB(g float64) float64 { return 20 * math.Log10(g) }

// processHP high-passes buf in place (the input minus the band-pass
// scaled by k and the low-pass), exactly as trackState.insert's
// high-pass stage, with no other stage's tests in the loop.
func (f *svf) processHP(buf []float32) {
	hk := f.k * 0.5
	b1, b2, c11, c12, c21, c22 := f.b1, f.b2, f.c11, f.c12, f.c21, f.c22
	h1, h2 := f.ic1, f.ic2
	for i, x := range buf {
		y := float64(x)
		n1 := b1*y + c11*h1 + c12*h2
		n2 := b2*y + c21*h1 + c22*h2
		y -= hk*(n1+h1) + 0.5*(n2+h2)
		h1, h2 = n1, n2
		buf[i] = float32(y)
	}
	f.ic1, f.ic2 = h1, h2
}

// processBellHP is b.process(buf) then h.processHP(buf) in one loop (the
// bell's output rounded to float32 as it would be in buf), so that the
// two recursions overlap.
func processBellHP(b *monoBand, h *svf, buf []float32) {
	b0, b1, b2, a1, a2 := b.b0, b.b1, b.b2, b.a1, b.a2
	x1, x2, y1, y2 := b.x1, b.x2, b.y1, b.y2
	hk := h.k * 0.5
	hb1, hb2, c11, c12, c21, c22 := h.b1, h.b2, h.c11, h.c12, h.c21, h.c22
	h1, h2 := h.ic1, h.ic2
	for i, v := range buf {
		x := float64(v)
		y := b0*x + b1*x1 + b2*x2 - a2*y2 - a1*y1
		x2, x1, y2, y1 = x1, x, y1, y
		u := float64(float32(y))
		n1 := hb1*u + c11*h1 + c12*h2
		n2 := hb2*u + c21*h1 + c22*h2
		u -= hk*(n1+h1) + 0.5*(n2+h2)
		h1, h2 = n1, n2
		buf[i] = float32(u)
	}
	b.x1, b.x2, b.y1, b.y2 = x1, x2, flush(y1), flush(y2)
	h.ic1, h.ic2 = h1, h2
}

// processPairHP is processPair(f, g, buf) then h.processHP(buf) in one
// loop (each stage's output rounded to float32 as it would be in buf).
func processPairHP(f, g *monoBand, h *svf, buf []float32) {
	fb0, fb1, fb2, fa1, fa2 := f.b0, f.b1, f.b2, f.a1, f.a2
	fx1, fx2, fy1, fy2 := f.x1, f.x2, f.y1, f.y2
	gb0, gb1, gb2, ga1, ga2 := g.b0, g.b1, g.b2, g.a1, g.a2
	gx1, gx2, gy1, gy2 := g.x1, g.x2, g.y1, g.y2
	hk := h.k * 0.5
	hb1, hb2, c11, c12, c21, c22 := h.b1, h.b2, h.c11, h.c12, h.c21, h.c22
	h1, h2 := h.ic1, h.ic2
	for i, v := range buf {
		x := float64(v)
		y := fb0*x + fb1*fx1 + fb2*fx2 - fa2*fy2 - fa1*fy1
		fx2, fx1, fy2, fy1 = fx1, x, fy1, y
		u := float64(float32(y))
		w := gb0*u + gb1*gx1 + gb2*gx2 - ga2*gy2 - ga1*gy1
		gx2, gx1, gy2, gy1 = gx1, u, gy1, w
		q := float64(float32(w))
		n1 := hb1*q + c11*h1 + c12*h2
		n2 := hb2*q + c21*h1 + c22*h2
		q -= hk*(n1+h1) + 0.5*(n2+h2)
		h1, h2 = n1, n2
		buf[i] = float32(q)
	}
	f.x1, f.x2, f.y1, f.y2 = fx1, fx2, flush(fy1), flush(fy2)
	g.x1, g.x2, g.y1, g.y2 = gx1, gx2, flush(gy1), flush(gy2)
	h.ic1, h.ic2 = h1, h2
}

// processPairDC is processPair(f, g, buf) then the DC blocker of
// trackState.insert's loop (state *dx, *dy) in one loop (each stage's
// output rounded to float32 as it would be in buf): a kit's chain, two
// bells and the blocker, without its four recursions waiting on each
// other's passes.
func processPairDC(f, g *monoBand, dx, dy *float64, buf []float32) {
	fb0, fb1, fb2, fa1, fa2 := f.b0, f.b1, f.b2, f.a1, f.a2
	fx1, fx2, fy1, fy2 := f.x1, f.x2, f.y1, f.y2
	gb0, gb1, gb2, ga1, ga2 := g.b0, g.b1, g.b2, g.a1, g.a2
	gx1, gx2, gy1, gy2 := g.x1, g.x2, g.y1, g.y2
	x0, y0 := *dx, *dy
	for i, v := range buf {
		x := float64(v)
		y := fb0*x + fb1*fx1 + fb2*fx2 - fa2*fy2 - fa1*fy1
		fx2, fx1, fy2, fy1 = fx1, x, fy1, y
		u := float64(float32(y))
		w := gb0*u + gb1*gx1 + gb2*gx2 - ga2*gy2 - ga1*gy1
		gx2, gx1, gy2, gy1 = gx1, u, gy1, w
		q := float64(float32(w))
		y0 = q - x0 + dcR*y0
		x0 = q
		buf[i] = float32(y0)
	}
	f.x1, f.x2, f.y1, f.y2 = fx1, fx2, flush(fy1), flush(fy2)
	g.x1, g.x2, g.y1, g.y2 = gx1, gx2, flush(gy1), flush(gy2)
	*dx, *dy = x0, y0
}
