package synth

import (
	"math"

	"github.com/songsmith/songsmith/internal/mixplan"
)

// reverb is a stereo feedback-delay-network reverb: a pre-delay, two
// all-pass diffusers and eight damped delay lines mixed by a Householder
// matrix. Size scales the line lengths and the decay time.
type reverb struct {
	lines  [8][]float32
	pos    [8]int
	fb     [8]float64
	damp   [8]float64 // each line's damped, decayed output (fb times the damper)
	dampA  float64
	pre    []float32
	prePos int
	ap     [2]allpass
	inHP   svf
	quiet  int // consecutive silent input frames
	tail   int // frames after which the output has died away
	wet    float64

	shortest int // length of the shortest line
	// Per-chunk scratch: the diffused input and the lines' samples.
	xs  [blockSize]float64
	seg [8][blockSize]float32
}

// allpass is a Schroeder all-pass diffuser.
type allpass struct {
	buf []float32
	pos int
	g   float64
}

func (a *allpass) tick(x float64) float64 {
	d := float64(a.buf[a.pos])
	y := -a.g*x + d
	a.buf[a.pos] = float32(x + a.g*y)
	a.pos++
	if a.pos == len(a.buf) {
		a.pos = 0
	}
	return y
}

var fdnLengths = [8]int{1433, 1601, 1867, 2053, 2251, 2399, 2617, 2797}

// roomShapes is each reverb room's character: decay time scale and
// offset (s), the dampers' corner (Hz: a hall is darker than a plate) and
// extra pre-delay (s). The damper is a one-pole low-pass inside each
// line's loop, so it acts on every pass (about 50 ms): at 4500 Hz a
// hall's tail lost 10 dB over 10 kHz on its first pass and was dark
// after three; at 9000 Hz it loses 5 dB a pass, so the first reflections
// keep the sources' air and the tail still darkens as a hall's does
// (issue 32 item 5, docs/engine-mix.md "Air").
var roomShapes = map[mixplan.Room]struct{ t60Scale, t60Add, damp, pre float64 }{
	mixplan.RoomSmall: {0.7, 0, 10000, 0},
	mixplan.RoomHall:  {1, 0.6, 9000, 0.012},
	mixplan.RoomPlate: {0.9, 0.1, 13000, 0},
}

// newReverb builds a reverb for a room size in 0..1 and a room kind ("":
// the plain reverb of earlier mixes).
func newReverb(size float64, room mixplan.Room) *reverb {
	size = math.Max(0, math.Min(1, size))
	rv := &reverb{wet: 0.45}
	shape, ok := roomShapes[room]
	if !ok {
		shape.t60Scale, shape.damp = 1, 6500
	}
	t60 := (0.7+2.8*size)*shape.t60Scale + shape.t60Add
	scale := 0.55 + 0.75*size
	for k := range rv.lines {
		n := int(float64(fdnLengths[k]) * scale)
		rv.lines[k] = make([]float32, n)
		if k == 0 || n < rv.shortest {
			rv.shortest = n
		}
		rv.fb[k] = math.Pow(0.001, float64(n)/(sr*t60))
	}
	rv.dampA = 1 - math.Exp(-2*math.Pi*shape.damp/sr)
	rv.pre = make([]float32, int((0.012+shape.pre)*sr+0.02*sr*size))
	rv.ap[0] = allpass{buf: make([]float32, 347), g: 0.6}
	rv.ap[1] = allpass{buf: make([]float32, 113), g: 0.6}
	rv.inHP.set(220, 0.7)
	rv.tail = int((t60*1.6 + 0.2) * sr)
	return rv
}

// process reads the mono send in and adds the wet stereo signal to l and r.
// Every delay line is longer than a chunk, so a chunk reads only samples
// written before it: each line's next samples are copied out, damped and
// mixed sample by sample with all eight dampers in registers, replaced by
// the feedback values and copied back. The arithmetic is the same as a
// per-sample loop over all eight lines.
func (rv *reverb) process(in, l, r []float32) {
	if isSilent(in) {
		rv.quiet += len(in)
		if rv.quiet > rv.tail {
			return
		}
	} else {
		rv.quiet = 0
	}
	for len(in) > 0 {
		n := min(len(in), blockSize, rv.shortest)
		rv.chunk(in[:n], l[:n], r[:n])
		in, l, r = in[n:], l[n:], r[n:]
	}
}

// chunk processes at most min(blockSize, rv.shortest) frames.
func (rv *reverb) chunk(in, l, r []float32) {
	n := len(in)
	xs := rv.input(in)
	// Copy each line's next n samples out; the mix overwrites them with
	// the values to feed back, which are then copied back in.
	for k := range 8 {
		line, p := rv.lines[k], rv.pos[k]
		if c := copy(rv.seg[k][:n], line[p:]); c < n {
			copy(rv.seg[k][c:n], line)
		}
	}
	rv.linesLoop(xs, l[:n], r[:n], rv.dampA)
	for k := range 8 {
		line, p := rv.lines[k], rv.pos[k]
		c := copy(line[p:], rv.seg[k][:n])
		if c < n {
			copy(line, rv.seg[k][c:n])
		}
		p += n
		if p >= len(line) {
			p -= len(line)
		}
		rv.pos[k] = p
	}
}

// linesLoopGo is chunk's per-frame loop over the len(xs) frames copied
// out of the lines into rv.seg: the dampers, the Householder feedback
// written back into seg, and the wet output added to l and r (as long as
// xs). a is the dampers' coefficient. linesLoop runs it (amd64: with two
// lines in each SSE2 register, reverb_amd64.s).
func (rv *reverb) linesLoopGo(xs []float64, l, r []float32, a float64) {
	n := len(xs)
	s0, s1, s2, s3 := rv.seg[0][:n], rv.seg[1][:n], rv.seg[2][:n], rv.seg[3][:n]
	s4, s5, s6, s7 := rv.seg[4][:n], rv.seg[5][:n], rv.seg[6][:n], rv.seg[7][:n]
	o0, o1, o2, o3 := rv.damp[0], rv.damp[1], rv.damp[2], rv.damp[3]
	o4, o5, o6, o7 := rv.damp[4], rv.damp[5], rv.damp[6], rv.damp[7]
	// Each line's one-pole damper and its decay gain fold into one
	// recursion: o = fb*(a*s + (1-a)*d) = (fb*a)*s + (1-a)*o.
	b := 1 - a
	g0, g1, g2, g3 := rv.fb[0]*a, rv.fb[1]*a, rv.fb[2]*a, rv.fb[3]*a
	g4, g5, g6, g7 := rv.fb[4]*a, rv.fb[5]*a, rv.fb[6]*a, rv.fb[7]*a
	wet := rv.wet
	l, r = l[:n], r[:n]
	for i, xi := range xs {
		o0 = g0*float64(s0[i]) + b*o0
		o1 = g1*float64(s1[i]) + b*o1
		o2 = g2*float64(s2[i]) + b*o2
		o3 = g3*float64(s3[i]) + b*o3
		o4 = g4*float64(s4[i]) + b*o4
		o5 = g5*float64(s5[i]) + b*o5
		o6 = g6*float64(s6[i]) + b*o6
		o7 = g7*float64(s7[i]) + b*o7
		sum := ((o0 + o1) + (o2 + o3) + ((o4 + o5) + (o6 + o7))) * (2.0 / 8)
		outL := o0 - o2 + o4 - o6
		outR := o1 - o3 + o5 - o7
		// Householder feedback: even lines take +x, odd lines -x.
		s0[i] = float32(o0 - sum + xi)
		s1[i] = float32(o1 - sum + -xi)
		s2[i] = float32(o2 - sum + xi)
		s3[i] = float32(o3 - sum + -xi)
		s4[i] = float32(o4 - sum + xi)
		s5[i] = float32(o5 - sum + -xi)
		s6[i] = float32(o6 - sum + xi)
		s7[i] = float32(o7 - sum + -xi)
		l[i] += float32(outL * wet)
		r[i] += float32(outR * wet)
	}
	rv.damp = [8]float64{o0, o1, o2, o3, o4, o5, o6, o7}
}

// input high-passes the block, delays it by the pre-delay and diffuses
// it through the two all-passes: the signal fed to the lines (in rv.xs).
func (rv *reverb) input(in []float32) []float64 {
	xs := rv.xs[:len(in)]
	H := rv.inHP
	h1, h2 := H.ic1, H.ic2
	pre, prePos := rv.pre, rv.prePos
	for i := range in {
		x := float64(in[i])
		n1 := H.b1*x + H.c11*h1 + H.c12*h2
		n2 := H.b2*x + H.c21*h1 + H.c22*h2
		x -= H.k*0.5*(n1+h1) + 0.5*(n2+h2)
		h1, h2 = n1, n2
		p := float64(pre[prePos])
		pre[prePos] = float32(x)
		prePos++
		if prePos == len(pre) {
			prePos = 0
		}
		x = rv.ap[1].tick(rv.ap[0].tick(p))
		xs[i] = x * 0.35
	}
	rv.inHP.ic1, rv.inHP.ic2 = h1, h2
	rv.prePos = prePos
	return xs
}

// pingPong is a tempo-synced stereo ping-pong delay (dotted eighth).
type pingPong struct {
	bl, br   []float32
	pos      int
	fb       float64
	lpL, lpR onePole
	hpL, hpR onePole
	quiet    int
	tail     int
}

// newPingPong builds a delay of 3/4 beat at the given beats per minute.
func newPingPong(bpm float64) *pingPong {
	n := int(math.Round(0.75 * 60 / bpm * sr))
	n = max(64, min(n, int(2*sr)))
	d := &pingPong{bl: make([]float32, n), br: make([]float32, n), fb: 0.38}
	d.lpL.set(3800)
	d.lpR.set(3800)
	d.hpL.set(180)
	d.hpR.set(180)
	d.tail = n * 14
	return d
}

// process reads the mono send and adds the echoes to l and r.
func (d *pingPong) process(in, l, r []float32) {
	if isSilent(in) {
		d.quiet += len(in)
		if d.quiet > d.tail {
			return
		}
	} else {
		d.quiet = 0
	}
	// The filters' states in locals: their recursions stay in registers
	// (the same operations as onePole.tick).
	bl, br, pos, fb := d.bl, d.br[:len(d.bl)], d.pos, d.fb
	lpL, lpR, hpL, hpR := d.lpL, d.lpR, d.hpL, d.hpR
	l, r = l[:len(in)], r[:len(in)]
	for i, x := range in {
		ol := float64(bl[pos])
		or := float64(br[pos])
		lpL.z += lpL.a * (ol - lpL.z)
		fl := lpL.z
		hpL.z += hpL.a * (fl - hpL.z)
		fl -= hpL.z
		lpR.z += lpR.a * (or - lpR.z)
		fr := lpR.z
		hpR.z += hpR.a * (fr - hpR.z)
		fr -= hpR.z
		bl[pos] = float32(float64(x) + fb*fr)
		br[pos] = float32(fb * fl)
		pos++
		if pos == len(bl) {
			pos = 0
		}
		l[i] += float32(ol * 0.55)
		r[i] += float32(or * 0.55)
	}
	d.pos = pos
	d.lpL, d.lpR, d.hpL, d.hpR = lpL, lpR, hpL, hpR
}

// chorus is a two-tap modulated delay that turns mono into a wide stereo
// pair.
type chorus struct {
	buf    []float32
	pos    int
	lfo    float64
	amount float64
}

const chorusLen = 2048

func newChorus(amount float64) *chorus {
	return &chorus{buf: make([]float32, chorusLen), amount: math.Min(1, amount)}
}

// process reads mono in and writes the stereo result to l and r.
func (c *chorus) process(in, l, r []float32) {
	wet := 0.6 * c.amount
	dry := float32(1 - 0.35*c.amount)
	buf, pos := c.buf[:chorusLen], c.pos
	for c0 := 0; c0 < len(in); c0 += ctrl {
		c1 := min(c0+ctrl, len(in))
		s1, s2 := math.Sincos(2 * math.Pi * c.lfo)
		// The delays hold for the control block, and the write position
		// moves by whole samples, so each tap's interpolation fraction
		// holds too.
		ol, fl := tapSplit((0.014 + 0.004*c.amount*s1) * sr)
		or, fr := tapSplit((0.017 + 0.004*c.amount*s2) * sr)
		c.lfo += 0.7 * float64(c1-c0) / sr
		if c.lfo >= 1 {
			c.lfo--
		}
		// The taps reach at least 10 ms back, far beyond a control
		// block, so the block's inputs can be written first and each
		// tap then read as one run.
		x := in[c0:c1]
		n := copy(buf[pos:], x)
		copy(buf, x[n:])
		chorusRing(buf, pos-ol, x, l[c0:c1], dry, wet, fl)
		chorusRing(buf, pos-or, x, r[c0:c1], dry, wet, fr)
		pos = (pos + len(x)) & (chorusLen - 1)
	}
	c.pos = pos
}

// chorusRing writes into out the chorus tap whose older sample for x[0]
// sits at ring index st (wrapped), cut into runs that do not wrap.
func chorusRing(buf []float32, st int, x, out []float32, dry float32, wet, f float64) {
	for len(x) > 0 {
		j := st & (chorusLen - 1)
		n := min(len(x), chorusLen-1-j)
		if n == 0 {
			// The pair straddles the ring's end.
			a, b := float64(buf[j]), float64(buf[0])
			out[0] = dry*x[0] + float32(wet*(a+f*(b-a)))
			n = 1
		} else {
			chorusTap(x[:n], buf[j:j+n+1], out[:n], dry, wet, f)
		}
		x, out, st = x[n:], out[n:], j+n
	}
}

// chorusTapGo writes out[i] = dry*x[i] + wet*(a[i]+f*(a[i+1]-a[i])), the
// interpolation in float64; len(a) is len(x)+1. It is chorusTap where no
// vector version exists, and the reference that version is tested against.
func chorusTapGo(x, a, out []float32, dry float32, wet, f float64) {
	a = a[:len(x)+1]
	out = out[:len(x)]
	for i, v := range x {
		p, q := float64(a[i]), float64(a[i+1])
		out[i] = dry*v + float32(wet*(p+f*(q-p)))
	}
}

// tapSplit turns a fractional delay d (in samples, at least 1) into the
// distance back from the write position of the older of the two samples a
// tap interpolates, and the weight of the newer one.
func tapSplit(d float64) (int, float64) {
	w := math.Floor(d)
	if e := d - w; e > 0 {
		return int(w) + 1, 1 - e
	}
	return int(w), 0
}

// isSilent reports whether every sample in x is exactly zero.
func isSilent(x []float32) bool {
	for _, v := range x {
		if v != 0 {
			return false
		}
	}
	return true
}
