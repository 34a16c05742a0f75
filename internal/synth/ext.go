package synth

import "math"

// maxModes is the most partials a modal patch may list.
const maxModes = 10

// voiceExt holds the state only the instruments of patches_catalogue.go need
// (modal partials, a second string, body resonators, crackle), kept out of
// voice so the original voices stay as small and fast as before. A voice
// keeps its voiceExt between notes, so the string buffer is reused.
type voiceExt struct {
	// Modal partials.
	n         int
	amp, k    [maxModes]float64
	ph, inc   [maxModes]uint32
	tab       [maxModes]*wave
	knock, kK float64
	kf, bp    svf
	bpOn      bool
	// Formant body gains (algoFormant with patch formants).
	formG [3]float64
	// Extended pluck: second string, body resonators, bridge buzz.
	ks2      []float32
	w2       int
	d2, rho2 float64
	body     [2]svf
	bodyG    [2]float64
	jawY     float64
	// Texture.
	crk crackle
}

// reset clears the state for a new note, keeping the second string's
// buffer.
func (x *voiceExt) reset() {
	ks2 := x.ks2
	*x = voiceExt{ks2: ks2[:0]}
}

// extended reports whether the patch needs a voiceExt.
func (p *patch) extended() bool {
	return p.algo == algoModal || p.algo == algoCrackle || p.formants != nil || p.body != nil ||
		p.course > 0 || p.jawari > 0
}

// modulate multiplies an envelope block by the patch's bellows swell and
// motor tremolo. The tremolo phase follows song time (all notes of a
// track share the motor); the gain is computed every ctrl frames and
// interpolated linearly.
func (v *voice) modulate(env []float32) {
	g0 := v.modGain(v.pos)
	for c0 := 0; c0 < len(env); c0 += ctrl {
		c1 := min(c0+ctrl, len(env))
		g1 := v.modGain(v.pos + c0 + ctrl)
		step := (g1 - g0) / ctrl
		g := g0
		for i := c0; i < c1; i++ {
			env[i] *= float32(g)
			g += step
		}
		g0 = g1
	}
}

// modGain is the swell and tremolo gain pos frames after note on.
func (v *voice) modGain(pos int) float64 {
	p := v.p
	g := 1.0
	if p.swell > 0 {
		g *= 1 - p.swell*math.Exp(-float64(pos)/(0.35*sr))
	}
	if p.trem > 0 {
		abs := float64(v.ev.start+pos) / sr
		g *= 1 - p.trem*0.5*(1-math.Sin(2*math.Pi*p.tremRate*abs))
	}
	return g
}

// initFormants tunes the formant filters to the patch's body resonances
// and the direct path's low-pass to its cutoff.
func (v *voice) initFormants() {
	p := v.p
	for i, fm := range p.formants[:min(3, len(p.formants))] {
		v.form[i].set(fm.f, fm.q)
		v.x.formG[i] = fm.g
	}
	if p.cutoff > 0 {
		v.flt.set(p.cutoff*v.bright, 0.7)
	}
}

// formantBody renders one control period of a body-resonance voice
// (fiddle): the oscillators (plus bow noise) through three band-passes,
// plus a low-passed direct share. It returns the advanced noise source.
func (v *voice) formantBody(buf, o, e []float32, norm float64, gain float32, nz noise) noise {
	p := v.p
	g := v.x.formG
	dir, noise := p.direct, p.noise
	f0, f1, f2 := &v.form[0], &v.form[1], &v.form[2]
	for i, x := range buf {
		s := float64(x) * norm
		if noise > 0 {
			s += noise * float64(nz.next())
		}
		_, lp := v.flt.step(s)
		y := dir*lp + g[0]*f0.bp(s)*f0.k + g[1]*f1.bp(s)*f1.k + g[2]*f2.bp(s)*f2.k
		o[i] += float32(y) * e[i] * gain
	}
	return nz
}
