package synth

import "math"

// reverb is a stereo feedback-delay-network reverb: a pre-delay, two
// all-pass diffusers and eight damped delay lines mixed by a Householder
// matrix. Size scales the line lengths and the decay time.
type reverb struct {
	lines  [8][]float32
	pos    [8]int
	fb     [8]float64
	damp   [8]float64
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

// newReverb builds a reverb for a room size in 0..1.
func newReverb(size float64) *reverb {
	size = math.Max(0, math.Min(1, size))
	rv := &reverb{wet: 0.45}
	t60 := 0.7 + 2.8*size
	scale := 0.55 + 0.75*size
	for k := range rv.lines {
		n := int(float64(fdnLengths[k]) * scale)
		rv.lines[k] = make([]float32, n)
		if k == 0 || n < rv.shortest {
			rv.shortest = n
		}
		rv.fb[k] = math.Pow(0.001, float64(n)/(sr*t60))
	}
	rv.dampA = 1 - math.Exp(-2*math.Pi*6500/sr)
	rv.pre = make([]float32, int(0.012*sr+0.02*sr*size))
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
	xs := rv.xs[:n]
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

	// Copy each line's next n samples out; the mix overwrites them with
	// the values to feed back, which are then copied back in.
	for k := range 8 {
		line, p := rv.lines[k], rv.pos[k]
		if c := copy(rv.seg[k][:n], line[p:]); c < n {
			copy(rv.seg[k][c:n], line)
		}
	}
	s0, s1, s2, s3 := rv.seg[0][:n], rv.seg[1][:n], rv.seg[2][:n], rv.seg[3][:n]
	s4, s5, s6, s7 := rv.seg[4][:n], rv.seg[5][:n], rv.seg[6][:n], rv.seg[7][:n]
	d0, d1, d2, d3 := rv.damp[0], rv.damp[1], rv.damp[2], rv.damp[3]
	d4, d5, d6, d7 := rv.damp[4], rv.damp[5], rv.damp[6], rv.damp[7]
	f0, f1, f2, f3 := rv.fb[0], rv.fb[1], rv.fb[2], rv.fb[3]
	f4, f5, f6, f7 := rv.fb[4], rv.fb[5], rv.fb[6], rv.fb[7]
	dampA, wet := rv.dampA, rv.wet
	l, r = l[:n], r[:n]
	for i, xi := range xs {
		d0 += dampA * (float64(s0[i]) - d0)
		d1 += dampA * (float64(s1[i]) - d1)
		d2 += dampA * (float64(s2[i]) - d2)
		d3 += dampA * (float64(s3[i]) - d3)
		d4 += dampA * (float64(s4[i]) - d4)
		d5 += dampA * (float64(s5[i]) - d5)
		d6 += dampA * (float64(s6[i]) - d6)
		d7 += dampA * (float64(s7[i]) - d7)
		o0, o1, o2, o3 := d0*f0, d1*f1, d2*f2, d3*f3
		o4, o5, o6, o7 := d4*f4, d5*f5, d6*f6, d7*f7
		sum := 0.0
		sum += o0
		sum += o1
		sum += o2
		sum += o3
		sum += o4
		sum += o5
		sum += o6
		sum += o7
		sum *= 2.0 / 8
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
	rv.damp = [8]float64{d0, d1, d2, d3, d4, d5, d6, d7}
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
	for i := range in {
		ol := float64(d.bl[d.pos])
		or := float64(d.br[d.pos])
		fl := d.lpL.tick(ol)
		fl -= d.hpL.tick(fl)
		fr := d.lpR.tick(or)
		fr -= d.hpR.tick(fr)
		d.bl[d.pos] = float32(float64(in[i]) + d.fb*fr)
		d.br[d.pos] = float32(d.fb * fl)
		d.pos++
		if d.pos == len(d.bl) {
			d.pos = 0
		}
		l[i] += float32(ol * 0.55)
		r[i] += float32(or * 0.55)
	}
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
	for c0 := 0; c0 < len(in); c0 += ctrl {
		c1 := min(c0+ctrl, len(in))
		s1, s2 := math.Sincos(2 * math.Pi * c.lfo)
		dl := (0.014 + 0.004*c.amount*s1) * sr
		dr := (0.017 + 0.004*c.amount*s2) * sr
		c.lfo += 0.7 * float64(c1-c0) / sr
		if c.lfo >= 1 {
			c.lfo--
		}
		for i := c0; i < c1; i++ {
			x := in[i]
			c.buf[c.pos] = x
			l[i] = dry*x + float32(wet*c.tap(dl))
			r[i] = dry*x + float32(wet*c.tap(dr))
			c.pos = (c.pos + 1) & (chorusLen - 1)
		}
	}
}

func (c *chorus) tap(d float64) float64 {
	p := float64(c.pos) - d
	if p < 0 {
		p += chorusLen
	}
	i := int(p)
	f := p - float64(i)
	a := float64(c.buf[i&(chorusLen-1)])
	b := float64(c.buf[(i+1)&(chorusLen-1)])
	return a + f*(b-a)
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
