package synth

import (
	"math"

	"github.com/songsmith/songsmith/internal/score"
)

// event is one scheduled note or drum hit, in frames.
type event struct {
	start, off int     // absolute frames of note on and note off
	pitch      float64 // MIDI note (fractional after humanisation)
	from       float64 // glide start pitch when glide is set
	glide      bool
	vel        float64
	drum       score.Drum
	dp         *drumPatch // the drum's sound in the track's kit
	seed       uint64
}

// voice is one sounding note. It renders a block at a time into a mono
// buffer; the algorithm is chosen once per block, never per sample.
type voice struct {
	p         *patch
	ev        event
	pos       int // frames rendered since note on
	amp       adsr
	gain      float64
	bright    float64 // cutoff multiplier from track brightness
	nz        noise
	ph        [maxOsc]uint32 // fixed-point oscillator phases (see lookup)
	spread    [maxOsc]float64
	subPh     uint32
	flt       svf
	form      [3]svf
	mPh1      uint32
	mPh2      uint32
	cPh2      uint32
	dScale    float64
	ks        []float32
	ksW       int
	ksD, ksS  float64
	ksRho     float64
	dcX, dcY  float64
	dr        drumState
	done      bool
	releasing bool
	ctl       *controls // the track's bend and modulation curves, or nil

	// Control-rate caches: values derived from the pitch are recomputed
	// only when the pitch changes, decays advance by one multiply per
	// control period.
	lastM    float64
	f        float64
	tab      *wave
	tabLo    float64 // v.tab serves fundamentals in (tabLo, tabHi)
	tabHi    float64
	inc      [maxOsc]uint32
	keyOct   float64
	fltBase  float64
	fltK     float64
	lastL2   float64
	fEnv     ctrlDecay
	fm1, fm2 ctrlDecay
	guard1   float64
	guard2   float64

	x *voiceExt // state of the instruments of patches_catalogue.go (nil otherwise)
}

// ctrlDecay tracks e^(-(t-t0)/tau) at control rate.
type ctrlDecay struct {
	v, k, t0, tau float64
	pos           int
}

func newCtrlDecay(t0, tau float64) ctrlDecay {
	return ctrlDecay{t0: t0, tau: tau, k: math.Exp(-ctrl / (sr * tau)), pos: -1 << 40}
}

// at returns the decay at frame pos: one multiply when pos is exactly one
// control period after the previous call, an exp otherwise.
func (d *ctrlDecay) at(pos int) float64 {
	if pos == d.pos+ctrl {
		d.v *= d.k
	} else {
		d.v = math.Exp(-(float64(pos)/sr - d.t0) / d.tau)
	}
	d.pos = pos
	return d.v
}

// start prepares the voice for an event.
func (v *voice) start(p *patch, ev event, bright float64) {
	ks, x := v.ks, v.x
	if p.noVel {
		ev.vel = 0.75
	}
	*v = voice{p: p, ev: ev, ks: ks, bright: bright, lastM: math.NaN(), lastL2: math.NaN()}
	if p.extended() {
		if x == nil {
			x = new(voiceExt)
		}
		x.reset()
		v.x = x
	} else {
		v.x = x // keep the allocation for a later extended note
	}
	r := newRNG(ev.seed)
	v.nz = newNoise(r.next())
	if p.algo == algoDrum {
		v.dr.init(v, ev)
		return
	}
	f := mtof(ev.pitch + p.octave)
	v.dScale = math.Min(2, math.Max(0.3, math.Sqrt(261.6/f)))
	d := p.d
	if p.algo == algoFM {
		d *= v.dScale
	}
	v.amp.init(p.a, d, p.s, p.r)
	// Level: a soft velocity curve.
	v.gain = p.level * (0.25 + 0.75*ev.vel*ev.vel)
	uni := max(1, min(p.unison, maxOsc))
	for k := range uni {
		off := 0.0
		if uni > 1 {
			off = (float64(k)/float64(uni-1) - 0.5) * p.detune
		}
		v.spread[k] = math.Exp2(off / 12)
		v.ph[k] = phaseOf(r.float())
	}
	v.fltBase = math.Log2(p.cutoff*bright) + p.velFilt*(ev.vel-0.7)
	v.fltK = 1 / math.Max(p.res, 0.3)
	if p.envAmt != 0 {
		v.fEnv = newCtrlDecay(p.fA, p.fD)
	}
	if p.algo == algoFM {
		v.fm1 = newCtrlDecay(0, p.decay1*v.dScale)
		v.fm2 = newCtrlDecay(0, p.decay2)
	}
	if p.algo == algoFormant {
		vowel := [3][2]float64{{730, 1}, {1090, 0.55}, {2440, 0.3}}
		for i, fm := range vowel {
			v.form[i].set(fm[0], 8)
		}
		if p.formants != nil {
			v.initFormants()
		}
	}
	if p.algo == algoPluck {
		v.initPluck(f, r)
		if p.extended() {
			v.initPluckExt(f, r)
		}
	}
	switch p.algo {
	case algoModal:
		v.initModal(f)
	case algoCrackle:
		v.x.crk.init(r.next())
	}
}

// pitchAt returns the current pitch (MIDI) t seconds after note on.
func (v *voice) pitchAt(t float64) float64 {
	p := v.p
	m := v.ev.pitch + p.octave
	if v.ev.glide && p.glide > 0 {
		m += (v.ev.from - v.ev.pitch) * math.Exp(-t/p.glide)
	}
	if p.drop != 0 {
		tau, d := 0.06, p.drop
		if p.dropTau > 0 {
			tau = p.dropTau
		}
		if p.dropVel {
			d *= v.ev.vel
		}
		m += d * math.Exp(-t/tau)
	}
	if p.vibDepth > 0 && t > p.vibDelay {
		depth := p.vibDepth * math.Min(1, (t-p.vibDelay)/0.4)
		m += depth * math.Sin(2*math.Pi*p.vibRate*t)
	}
	if v.ctl != nil {
		m += v.ctl.pitch(v.ev.start + int(t*sr))
	}
	return m
}

// render adds the voice into buf[from:n]; relAt is the block index of the
// note off (negative when not in this block). env is scratch space.
func (v *voice) render(buf []float32, from, n, relAt int, env []float32) {
	env = env[from:n]
	if v.p.algo == algoDrum {
		v.renderDrum(buf[from:n], env)
		v.pos += n - from
		return
	}
	if relAt >= 0 {
		relAt -= from
	}
	v.amp.fill(env, relAt)
	if relAt >= 0 {
		v.releasing = true
	}
	if v.p.trem > 0 || v.p.swell > 0 {
		v.modulate(env)
	}
	out := buf[from:n]
	switch v.p.algo {
	case algoFM:
		v.renderFM(out, env)
	case algoPluck:
		if v.x != nil && v.p.extended() {
			v.renderPluckExt(out, env)
		} else {
			v.renderPluck(out, env)
		}
	case algoModal:
		v.renderModal(out, env)
	case algoCrackle:
		v.renderCrackle(out, env)
	default:
		v.renderSub(out, env)
	}
	if v.amp.stage == stDone {
		v.done = true
	}
}

// renderSub is the subtractive path (and the formant path for choir).
// Each control period is rendered oscillator by oscillator into a scratch
// buffer, then filtered with the filter state held in locals.
func (v *voice) renderSub(out []float32, env []float32) {
	p := v.p
	gain := float32(v.gain)
	norm := 1 / float64(v.unison())
	sine := sineTable()
	var osc [ctrl]float32
	for c0 := 0; c0 < len(out); c0 += ctrl {
		c1 := min(c0+ctrl, len(out))
		buf := osc[:c1-c0]
		subInc := v.subControl(buf)
		o, e := out[c0:c1], env[c0:c1]
		o, e = o[:len(buf)], e[:len(buf)]
		sub, noise := p.sub, p.noise
		subPh, nz := v.subPh, v.nz
		if p.algo == algoFormant && p.formants != nil {
			nz = v.formantBody(buf, o, e, norm, gain, nz)
		} else if p.algo == algoFormant {
			for i, x := range buf {
				s := float64(x) * norm
				if sub > 0 {
					s += sub * float64(lookup(sine, subPh))
					subPh += subInc
				}
				if noise > 0 {
					s += noise * float64(nz.next())
				}
				y := v.form[0].bp(s)*v.form[0].k + 0.55*v.form[1].bp(s)*v.form[1].k + 0.3*v.form[2].bp(s)*v.form[2].k
				o[i] += float32(y) * e[i] * gain
			}
		} else {
			F := v.flt
			ic1, ic2 := F.ic1, F.ic2
			for i, x := range buf {
				s := float64(x) * norm
				if sub > 0 {
					s += sub * float64(lookup(sine, subPh))
					subPh += subInc
				}
				if noise > 0 {
					s += noise * float64(nz.next())
				}
				n1 := F.b1*s + F.c11*ic1 + F.c12*ic2
				n2 := F.b2*s + F.c21*ic1 + F.c22*ic2
				y := 0.5 * (n2 + ic2)
				ic1, ic2 = n1, n2
				o[i] += float32(y) * e[i] * gain
			}
			v.flt.ic1, v.flt.ic2 = ic1, ic2
		}
		v.subPh, v.nz = subPh, nz
		v.pos += c1 - c0
	}
}

// unison is the number of oscillators a subtractive voice sums.
func (v *voice) unison() int { return max(1, min(v.p.unison, maxOsc)) }

// subControl runs the control-rate update of a subtractive or formant
// voice for the period starting at v.pos (pitch, wavetable, increments,
// filter cutoff), renders the period's oscillators into buf and returns
// the sub-oscillator increment. It does not advance v.pos.
func (v *voice) subControl(buf []float32) (subInc uint32) {
	p := v.p
	uni := v.unison()
	t := float64(v.pos) / sr
	if m := v.pitchAt(t); m != v.lastM {
		v.lastM = m
		f := mtof(m)
		if top := f * v.spread[uni-1]; !(v.tabLo < top && top < v.tabHi) {
			v.tab, v.tabLo, v.tabHi = waveTable(p.wave).pickRange(top)
		}
		for k := range uni {
			v.inc[k] = phaseOf(f * v.spread[k] / sr)
		}
		v.f = f
		v.keyOct = p.keyTrack * ((m-69)/12 + math.Log2(440/261.6))
	}
	pw := p.pulse
	if p.pulseT > 0 && t >= p.pulseT {
		pw = p.pulse2
	}
	v.oscillate(buf, uni, phaseOf(pw))
	subInc = phaseOf(v.f / 2 / sr)
	if p.algo == algoSub {
		fe := 0.0
		if p.envAmt != 0 {
			if t < p.fA {
				fe = t / p.fA
			} else {
				fe = v.fEnv.at(v.pos)
			}
		}
		// log2 of p.cutoff*bright*2^(envAmt*fe + velFilt*(vel-0.7) + keyTrack*log2(f/261.6)).
		if l2 := v.fltBase + p.envAmt*fe + v.keyOct; l2 != v.lastL2 {
			v.lastL2 = l2
			v.flt.setG(svfG(l2), v.fltK)
		}
	}
	return subInc
}

// oscillate writes the sum of the voice's uni oscillators (each a pulse
// made of two saws when pulse is set) into buf and advances their phases.
// The common unison counts run as one loop that sums in a register, in
// the same order as the general loop.
func (v *voice) oscillate(buf []float32, uni int, pulse uint32) {
	tab := v.tab
	switch {
	case v.p.pulse == 0 && uni == 1:
		ph, inc := v.ph[0], v.inc[0]
		for i := range buf {
			x := float32(0)
			x += lookup(tab, ph)
			buf[i] = x
			ph += inc
		}
		v.ph[0] = ph
		return
	case v.p.pulse == 0 && uni == 2:
		p0, p1, i0, i1 := v.ph[0], v.ph[1], v.inc[0], v.inc[1]
		for i := range buf {
			x := float32(0)
			x += lookup(tab, p0)
			x += lookup(tab, p1)
			buf[i] = x
			p0 += i0
			p1 += i1
		}
		v.ph[0], v.ph[1] = p0, p1
		return
	case v.p.pulse == 0 && uni == 3:
		p0, p1, p2, i0, i1, i2 := v.ph[0], v.ph[1], v.ph[2], v.inc[0], v.inc[1], v.inc[2]
		for i := range buf {
			x := float32(0)
			x += lookup(tab, p0)
			x += lookup(tab, p1)
			x += lookup(tab, p2)
			buf[i] = x
			p0 += i0
			p1 += i1
			p2 += i2
		}
		v.ph[0], v.ph[1], v.ph[2] = p0, p1, p2
		return
	case v.p.pulse > 0 && uni == 1:
		ph, inc := v.ph[0], v.inc[0]
		for i := range buf {
			x := float32(0)
			x += lookup(tab, ph) - lookup(tab, ph+pulse)
			buf[i] = x
			ph += inc
		}
		v.ph[0] = ph
		return
	}
	clear(buf)
	for k := range uni {
		ph, inc := v.ph[k], v.inc[k]
		if v.p.pulse > 0 {
			for i := range buf {
				buf[i] += lookup(tab, ph) - lookup(tab, ph+pulse)
				ph += inc
			}
		} else {
			for i := range buf {
				buf[i] += lookup(tab, ph)
				ph += inc
			}
		}
		v.ph[k] = ph
	}
}

// renderFM is two-modulator phase modulation: the carrier (and an optional
// detuned second carrier) is modulated by mod1 and mod2, whose indices decay.
func (v *voice) renderFM(out []float32, env []float32) {
	p := v.p
	sine := sineTable()
	gain := float32(v.gain)
	velI := 0.35 + 0.65*v.ev.vel
	d2 := math.Exp2(p.detune2 / 12)
	for c0 := 0; c0 < len(out); c0 += ctrl {
		c1 := min(c0+ctrl, len(out))
		t := float64(v.pos) / sr
		if m := v.pitchAt(t); m != v.lastM {
			v.lastM = m
			f := mtof(m)
			v.f = f
			v.inc[0], v.inc[1] = phaseOf(f/sr), phaseOf(f*d2/sr)
			v.inc[2], v.inc[3] = phaseOf(f*p.ratio1/sr), phaseOf(f*p.ratio2/sr)
			v.guard1, v.guard2 = fmGuard(f, p.ratio1, p.index1), fmGuard(f, p.ratio2, p.index2)
		}
		i1 := p.index1 * velI * v.fm1.at(v.pos) * v.guard1 / (2 * math.Pi)
		i2 := p.index2 * velI * v.fm2.at(v.pos) * v.guard2 / (2 * math.Pi)
		ci, ci2, m1i, m2i := v.inc[0], v.inc[1], v.inc[2], v.inc[3]
		hammer := 0.0
		if p.noise > 0 && t < 0.03 {
			hammer = p.noise * v.ev.vel
		}
		ph, m1, m2, c2 := v.ph[0], v.mPh1, v.mPh2, v.cPh2
		detune := p.detune2 != 0
		o, e := out[c0:c1], env[c0:c1]
		e = e[:len(o)]
		for i := range o {
			m := i1*float64(lookup(sine, m1)) + i2*float64(lookup(sine, m2))
			mq := phaseOf(m)
			s := float64(lookup(sine, ph+mq))
			if detune {
				s = 0.6*s + 0.4*float64(lookup(sine, c2+mq))
				c2 += ci2
			}
			if hammer > 0 {
				s += hammer * float64(v.nz.next()) * math.Exp(-float64(v.pos+i)/(0.004*sr))
			}
			ph += ci
			m1 += m1i
			m2 += m2i
			o[i] += float32(s) * e[i] * gain
		}
		v.ph[0], v.mPh1, v.mPh2, v.cPh2 = ph, m1, m2, c2
		v.pos += c1 - c0
	}
}

// fmGuard fades a modulator out as its sidebands approach Nyquist.
func fmGuard(f, ratio, index float64) float64 {
	top := f * (1 + ratio*(index+1)) // rough Carson bandwidth edge
	return math.Max(0, math.Min(1, (19000-top)/6000))
}
