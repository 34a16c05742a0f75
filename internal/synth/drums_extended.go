package synth

import "math"

// drumExt holds the drum-patch extensions the newer sounds use (hand
// percussion, tabla, taiko and timpani, group claps and jingles, the chip
// kit, key-tuned kicks). A patch that sets none of them renders through
// the original renderDrum loops.
type drumExt struct {
	partials  []drumPartial // extra sines at ratios to the swept body, own levels and decays
	bodyWave  Waveform      // body table: Sine unless set (Triangle, chipTri)
	metalF    []float64     // metallic cluster frequencies (nil: metalFreqs*metalScale)
	bursts    int           // strikes of a group clap or a shake (up to maxBursts)
	burstGap  float64       // mean seconds between strikes
	burstTau  float64       // decay of each strike
	burstTail float64       // level of the tail after the last strike
	scrape    float64       // guiro: tooth rate Hz (the noise is gated per tooth)
	hold      float64       // chip: 1-bit noise held at this rate Hz
	steps     bool          // chip: 4-bit volume steps
	stop      float64       // seconds after which the hit fades out (0: never)
	tuned     bool          // body lands on the song's tonic (see kits.go)
	fq        float64       // Q of the noise high- and low-pass (0: 0.7); above 1 they ring
	outDrive  float64       // kit colour: saturation of the whole hit (0: none)
	outLP     float64       // kit colour: low-pass of the whole hit, Hz (0: none)
}

// drumPartial is one extra body sine: ratio to the body pitch, level and
// decay time constant.
type drumPartial struct{ ratio, amp, tau float64 }

// maxBursts and maxPartials bound the per-hit state.
const (
	maxBursts   = 8
	maxPartials = 4
)

// extended reports whether the patch needs renderDrumExt.
func (dp *drumPatch) extended() bool {
	e := &dp.drumExt
	return e.partials != nil || e.bodyWave != Sine || e.bursts > 0 || e.scrape > 0 || e.hold > 0 ||
		e.steps || e.stop > 0 || e.tuned || e.fq > 0 || e.outDrive > 0 || e.outLP > 0
}

// drumExtState is the per-hit state of the extensions.
type drumExtState struct {
	tab      *wave
	fk       float64 // body frequency / sr before the sweep
	np       int
	pph      [maxPartials]uint32
	pamp, pK [maxPartials]float64
	onset    [maxBursts]int
	bAmp     [maxBursts]float64
	bi       int
	bA, bK   float64
	sph      float64
	hacc     float64
	lfsr     uint32
	stopped  bool
	out      svf     // kit colour low-pass
	outNorm  float64 // 1/softClip(drive) of the kit colour
}

// initExt prepares the extended parts of a hit: body table and pitch,
// partials, the strikes of a burst (spread from the hit's seed).
func (d *drumState) initExt(v *voice, ev event) {
	dp := d.dp
	x := &d.x
	*x = drumExtState{lfsr: 1}
	x.fk = dp.f0 * (0.9 + 0.1*d.tone) / sr
	if dp.tuned {
		x.fk = dp.f0 / sr
	}
	if dp.fq > 0 {
		if dp.hp > 0 {
			d.hp.set(dp.hp*(0.8+0.2*d.tone)*v.bright, dp.fq)
		}
		if dp.lp > 0 {
			d.lp.set(dp.lp*(0.5+0.5*d.tone)*v.bright*d.rr, dp.fq)
		}
	}
	if dp.outLP > 0 {
		x.out.set(dp.outLP*v.bright, 0.6)
	}
	if dp.outDrive > 0 {
		x.outNorm = 1 / softClip(1+4*dp.outDrive)
	}
	x.tab = waveTable(dp.bodyWave).pick(dp.f0 * (1 + math.Max(dp.sweep, 0)))
	x.np = min(len(dp.partials), maxPartials)
	for j, pt := range dp.partials[:x.np] {
		x.pamp[j] = pt.amp * (0.6 + 0.4*d.tone)
		x.pK[j] = expCoef(pt.tau)
	}
	if nb := min(dp.bursts, maxBursts); nb > 0 {
		r := newRNG(ev.seed ^ 0x9E3779B97F4A7C15)
		t := 0.0
		for k := range nb {
			x.onset[k] = int(t * sr)
			x.bAmp[k] = 0.55 + 0.45*r.float()
			t += dp.burstGap * (0.5 + r.float())
		}
		x.bAmp[nb-1] = 1
		x.bK = expCoef(dp.burstTau)
	}
}

// quant4 rounds a level in 0..1 to 16 steps.
func quant4(a float64) float64 { return math.Floor(a*15+0.5) / 15 }

// renderDrumExt is renderDrum for patches with extensions.
func (v *voice) renderDrumExt(out, scratch []float32) {
	d := &v.dr
	dp := d.dp
	x := &d.x
	buf := scratch[:len(out)]
	clear(buf)
	if dp.tone > 0 || dp.tone2 > 0 || x.np > 0 {
		v.drumBodyExt(buf)
	}
	if dp.noise > 0 || dp.metal > 0 {
		v.drumNoiseExt(buf)
	}
	if d.click > 1e-5 {
		c, cK := d.click, d.clickK
		for i := range buf {
			if c <= 1e-5 {
				break
			}
			buf[i] += float32(float64(v.nz.next()) * c)
			c *= cK
		}
		d.click = c
	}
	if dp.stop > 0 && !x.stopped && float64(v.pos+len(buf)) >= dp.stop*sr {
		x.stopped = true
		d.choke()
	}
	if dp.outDrive > 0 || dp.outLP > 0 {
		v.drumColour(buf)
	}
	d.tail(v.pos, len(buf))
	gain, fade, fadeK := d.gain, d.fade, d.fadeK
	for i, s := range buf {
		fade *= fadeK
		out[i] += float32(float64(s) * gain * fade)
	}
	d.fade = fade
	if v.pos+len(out) >= d.length || d.fade < 1e-4 {
		v.done = true
	}
}

// drumBodyExt renders the swept body (any table), the fixed second sine
// and the partials into buf.
func (v *voice) drumBodyExt(buf []float32) {
	d := &v.dr
	dp := d.dp
	x := &d.x
	sine := sineTable()
	tab, fk := x.tab, x.fk
	sw, swK, amp, ampK := d.sweep, d.sweepK, d.ampT, d.ampTK
	ph, ph2 := d.ph, d.ph2
	inc2 := phaseOf(dp.f2 / sr)
	t2 := 0.0
	if dp.tone2 > 0 && dp.tone > 0 {
		t2 = dp.tone2 / dp.tone
	}
	drive, norm := dp.drive, 0.0
	if drive > 0 {
		norm = 1 / softClip(drive)
	}
	for i := range buf {
		f := fk * (1 + dp.sweep*sw)
		sw *= swK
		a := amp
		if dp.steps {
			a = quant4(a)
		}
		b := float64(lookup(tab, ph)) * a
		ph += phaseOf(f)
		if t2 != 0 {
			b += t2 * float64(lookup(sine, ph2)) * a
			ph2 += inc2
		}
		for j := range x.np {
			b += float64(lookup(sine, x.pph[j])) * x.pamp[j]
			x.pph[j] += phaseOf(f * dp.partials[j].ratio)
			x.pamp[j] *= x.pK[j]
		}
		amp *= ampK
		if drive > 0 {
			b = softClip(b*drive) * norm
		}
		buf[i] += float32(b)
	}
	d.sweep, d.ampT, d.ph, d.ph2 = sw, amp, ph, ph2
}

// drumNoiseExt renders the noise and metal part with strikes, scrape,
// held 1-bit noise and volume steps, then the patch's filters.
func (v *voice) drumNoiseExt(buf []float32) {
	d := &v.dr
	dp := d.dp
	x := &d.x
	att := dp.attack * sr
	aN, aNK, aM, aMK := d.ampN, d.ampNK, d.ampM, d.ampMK
	nb := min(dp.bursts, maxBursts)
	hp, lp := dp.hp > 0, dp.lp > 0
	var metal []float64
	if dp.metal > 0 {
		metal = d.metal[v.pos : v.pos+len(buf)]
	}
	hInc := dp.hold / sr
	for i := range buf {
		t := v.pos + i
		n := 0.0
		if hInc > 0 {
			x.hacc += hInc
			if x.hacc >= 1 {
				x.hacc -= math.Floor(x.hacc)
				bit := (x.lfsr ^ x.lfsr>>1) & 1
				x.lfsr = x.lfsr>>1 | bit<<14
			}
			n = float64(x.lfsr&1)*2 - 1
		} else {
			n = float64(v.nz.next())
		}
		if dp.scrape > 0 {
			x.sph += dp.scrape * (1 + 2*float64(t)/sr) / sr
			x.sph -= math.Floor(x.sph)
			g := 1 - x.sph
			n *= g * g * g
		}
		a := aN
		if dp.steps {
			a = quant4(a)
		}
		s := n * a
		aN *= aNK
		if metal != nil {
			s += metal[i] * aM
			aM *= aMK
		}
		if nb > 0 {
			for x.bi < nb && t >= x.onset[x.bi] {
				x.bA = x.bAmp[x.bi]
				x.bi++
			}
			g := x.bA
			if x.bi == nb {
				g += dp.burstTail
			}
			x.bA *= x.bK
			s *= g
		}
		if att > 0 && float64(t) < att {
			s *= float64(t) / att
		}
		if hp {
			b, l := d.hp.step(s)
			s -= d.hp.k*b + l
		}
		if lp {
			_, s = d.lp.step(s)
		}
		buf[i] += float32(s)
	}
	d.ampN, d.ampM = aN, aM
}

// drumColour applies the kit's colour (saturation, then low-pass) to one
// block of a hit.
func (v *voice) drumColour(buf []float32) {
	d := &v.dr
	dp := d.dp
	x := &d.x
	pre := 1 + 4*dp.outDrive
	for i, s := range buf {
		y := float64(s)
		if dp.outDrive > 0 {
			y = softClip(y*pre) * x.outNorm
		}
		if dp.outLP > 0 {
			_, y = x.out.step(y)
		}
		buf[i] = float32(y)
	}
}
