package synth

import "math"

// Modal synthesis: a struck bar, tine, pan, bowl or membrane rings as a
// handful of exponentially decaying partials at fixed ratios to the note
// (marimba 1:4:10, singing bowl 1:2.7:5.1 with split doublets that beat).
// A short band-passed noise burst adds the mallet or hand strike; an
// optional band-pass keyed to the note shapes square-wave partials (808
// cowbell). The pitch can start high and fall to the note (log drum,
// tabla).

// initModal sets the partial levels, decays and strike of a modal voice.
func (v *voice) initModal(f float64) {
	p, x := v.p, v.x
	vel := v.ev.vel
	hi := 0.5 + 0.5*vel // upper partials grow with velocity
	x.n = min(len(p.modes), maxModes)
	for k, m := range p.modes[:x.n] {
		a := m.amp
		if k > 0 {
			a *= hi
		}
		x.amp[k] = a
		x.k[k] = expCoef(m.tau * v.dScale)
	}
	if p.noise > 0 {
		x.knock = p.noise * (0.3 + 0.7*vel)
		x.kK = expCoef(math.Max(p.knockTau, 0.0005))
		x.kf.set(math.Max(p.knockHz, 100)*v.bright, 1.4)
	}
	if p.bpRatio > 0 {
		x.bp.set(f*p.bpRatio*v.bright, p.res)
		x.bpOn = true
	}
}

// renderModal adds one block of a modal voice into out.
func (v *voice) renderModal(out, env []float32) {
	p, x := v.p, v.x
	gain := float32(v.gain)
	var scratch [ctrl]float32
	for c0 := 0; c0 < len(out); c0 += ctrl {
		c1 := min(c0+ctrl, len(out))
		if m := v.pitchAt(float64(v.pos) / sr); m != v.lastM {
			v.lastM = m
			f := mtof(m)
			for k := range x.n {
				fk := f * p.modes[k].ratio
				if fk > 18000 {
					x.amp[k] = 0
				}
				x.inc[k] = phaseOf(fk / sr)
				x.tab[k] = waveTable(p.modes[k].wave).pick(fk)
			}
		}
		buf := scratch[:c1-c0]
		clear(buf)
		for k := range x.n {
			a, kk := x.amp[k], x.k[k]
			if a < 1e-6 {
				continue
			}
			ph, inc, tab := x.ph[k], x.inc[k], x.tab[k]
			for i := range buf {
				buf[i] += float32(a) * lookup(tab, ph)
				ph += inc
				a *= kk
			}
			x.amp[k], x.ph[k] = a, ph
		}
		if x.knock > 1e-5 {
			kn, kK := x.knock, x.kK
			for i := range buf {
				buf[i] += float32(x.kf.bp(float64(v.nz.next())*kn) * x.kf.k)
				kn *= kK
			}
			x.knock = kn
		}
		if x.bpOn {
			for i, s := range buf {
				buf[i] = float32(x.bp.bp(float64(s)) * x.bp.k)
			}
		}
		o, e := out[c0:c1], env[c0:c1]
		e = e[:len(o)]
		for i, s := range buf {
			o[i] += s * e[i] * gain
		}
		v.pos += c1 - c0
	}
	sum := x.knock
	for k := range x.n {
		sum += x.amp[k]
	}
	if v.amp.stage == stDone || sum < 1e-4 {
		v.done = true
	}
}

// crackle is the state of a record-surface texture: soft hiss plus
// clicks at random, exponentially distributed intervals whose sizes
// follow a steep power law (many ticks, a few pops).
type crackle struct {
	nz         noise
	wait       int     // frames to the next click
	c, cK      float64 // current click level and its decay
	prev       float64 // previous click sample (the click is differentiated)
	hiss, rumb onePole
}

// init seeds the texture.
func (c *crackle) init(seed uint64) {
	c.nz = newNoise(seed)
	c.cK = expCoef(0.00025)
	c.hiss.set(4500)
	c.rumb.set(60)
	c.wait = int(0.01 * sr)
}

// uniform returns a value in (0, 1].
func (c *crackle) uniform() float64 { return 0.5 + 0.5*float64(c.nz.next()) + 1e-9 }

// renderCrackle adds one block of vinyl crackle. The note's pitch is
// ignored; the note gates the texture.
func (v *voice) renderCrackle(out, env []float32) {
	c := &v.x.crk
	rate := math.Max(v.p.crackle, 1)
	gain := float32(v.gain)
	for i := range out {
		h := c.hiss.tick(float64(c.nz.next()))
		r := c.rumb.tick(float64(c.nz.next()))
		c.wait--
		if c.wait <= 0 {
			u := c.uniform()
			level := u * u * u * u
			if c.nz.next() < 0 {
				level = -level
			}
			c.c = level
			c.wait = 1 + int(-math.Log(c.uniform())*sr/rate)
		}
		click := c.c
		c.c *= c.cK
		y := 0.05*h + 0.4*r + 1.6*(click-0.7*c.prev)
		c.prev = click
		out[i] += float32(y) * env[i] * gain
	}
	v.pos += len(out)
	if v.amp.stage == stDone {
		v.done = true
	}
}
