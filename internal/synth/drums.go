package synth

import (
	"math"
	"sync"

	"github.com/songsmith/songsmith/internal/score"
)

// drumPatch describes one drum sound as a mix of a pitch-swept sine body,
// an optional second fixed sine, filtered noise, a metallic cluster of six
// square waves, and a click. Times are decay time constants in seconds.
type drumPatch struct {
	level                       float64
	f0, sweep, sweepTau         float64 // body: f = f0 * (1 + sweep*e^(-t/sweepTau))
	tone, toneTau, drive        float64 // body level, decay, saturation
	f2, tone2                   float64 // second sine (Hz, level), shares toneTau
	noise, noiseTau             float64
	metal, metalScale, metalTau float64
	hp, lp                      float64 // filters on noise + metal (0: off)
	click, clickTau             float64
	attack                      float64 // linear attack of noise/metal (shaker)
	clap                        bool    // three bursts before the tail
	length                      float64 // hard stop, seconds

	drumExt // the extensions of drums_extended.go (zero: the original sound)

	// mc caches the metallic cluster: its oscillators always start at
	// phase zero, so every hit of a patch plays the same cluster. Every
	// patch gets its own cache when the kit tables are built.
	mc *metalCache
}

// metalCache is a lazily built metallic cluster.
type metalCache struct {
	once sync.Once
	wave []float64
}

// metalCluster returns the patch's cluster of square waves (six at
// metalFreqs*metalScale unless the patch lists its own frequencies),
// already scaled by 1/count, for its whole length plus one block.
func (dp *drumPatch) metalCluster() []float64 {
	dp.mc.once.Do(func() {
		sq := waveTable(Square).t[tableCount/2]
		freqs := dp.metalF
		if freqs == nil {
			freqs = make([]float64, 6)
			for k := range 6 {
				freqs[k] = metalFreqs[k] * dp.metalScale
			}
		}
		nf := len(freqs)
		ph, inc := make([]uint32, nf), make([]uint32, nf)
		for k, f := range freqs {
			inc[k] = phaseOf(f / sr)
		}
		w := make([]float64, int(dp.length*sr)+blockSize)
		for i := range w {
			m := 0.0
			for k := range nf {
				m += float64(lookup(sq, ph[k]))
				ph[k] += inc[k]
			}
			w[i] = m * (1 / float64(nf))
		}
		dp.mc.wave = w
	})
	return dp.mc.wave
}

// metalFreqs is the classic six-oscillator cymbal cluster (Hz).
var metalFreqs = [6]float64{205.3, 304.4, 369.6, 522.7, 540, 800}

var drumPatches = map[score.Drum]*drumPatch{
	score.Kick: {level: 1, f0: 48, sweep: 3.2, sweepTau: 0.032, tone: 1, toneTau: 0.28, drive: 1.4,
		click: 0.35, clickTau: 0.003, length: 1.2, drumExt: drumExt{tuned: true}},
	score.Kick808: {level: 0.95, f0: 44, sweep: 2, sweepTau: 0.045, tone: 1, toneTau: 0.6, drive: 1.7,
		click: 0.15, clickTau: 0.002, length: 3, drumExt: drumExt{tuned: true}},
	score.Snare: {level: 0.75, f0: 185, sweep: 0.25, sweepTau: 0.02, tone: 0.55, toneTau: 0.05, f2: 330, tone2: 0.3,
		noise: 0.85, noiseTau: 0.12, hp: 1200, lp: 9000, click: 0.2, clickTau: 0.002, length: 0.9},
	score.Clap: {level: 0.7, noise: 1, noiseTau: 0.11, hp: 900, lp: 2200, clap: true, length: 0.9},
	score.Rim: {level: 0.5, f0: 480, tone: 0.6, toneTau: 0.012, f2: 1720, tone2: 0.4, noise: 0.4,
		noiseTau: 0.004, hp: 2500, lp: 6000, length: 0.15},
	score.ClosedHat: {level: 0.3, metal: 0.8, metalScale: 1.6, metalTau: 0.035, noise: 0.35, noiseTau: 0.03,
		hp: 7000, lp: 14000, length: 0.35},
	score.OpenHat: {level: 0.26, metal: 0.8, metalScale: 1.6, metalTau: 0.28, noise: 0.35, noiseTau: 0.22,
		hp: 6500, lp: 14000, length: 2.2},
	score.Ride: {level: 0.2, metal: 0.7, metalScale: 1.25, metalTau: 0.5, f0: 2950, tone: 0.15, toneTau: 0.35,
		noise: 0.25, noiseTau: 0.3, hp: 4500, lp: 12000, length: 3.5},
	score.Crash: {level: 0.3, metal: 0.6, metalScale: 1.4, metalTau: 0.7, noise: 0.8, noiseTau: 0.75,
		hp: 3500, lp: 15000, length: 5},
	score.TomLow: {level: 0.7, f0: 95, sweep: 0.6, sweepTau: 0.07, tone: 1, toneTau: 0.28, drive: 1.1,
		noise: 0.12, noiseTau: 0.03, hp: 400, lp: 3000, length: 1.6},
	score.TomMid: {level: 0.65, f0: 135, sweep: 0.6, sweepTau: 0.06, tone: 1, toneTau: 0.24, drive: 1.1,
		noise: 0.12, noiseTau: 0.03, hp: 500, lp: 3500, length: 1.4},
	score.TomHigh: {level: 0.6, f0: 185, sweep: 0.6, sweepTau: 0.05, tone: 1, toneTau: 0.2, drive: 1.1,
		noise: 0.12, noiseTau: 0.03, hp: 600, lp: 4000, length: 1.2},
	score.Shaker: {level: 0.22, noise: 1, noiseTau: 0.045, attack: 0.012, hp: 5500, lp: 11000, length: 0.4},
}

// roundRobin are the drums whose every hit varies a little in tone (see
// init): the ones played on every eighth or sixteenth.
var roundRobin = map[score.Drum]bool{score.ClosedHat: true, score.OpenHat: true, score.Ride: true,
	score.Shaker: true, score.Tambourine: true}

// drumState is the per-hit state of a drum voice.
type drumState struct {
	dp            *drumPatch
	gain, tone    float64
	ph, ph2       uint32
	sweep, sweepK float64
	ampT, ampTK   float64
	ampN, ampNK   float64
	ampM, ampMK   float64
	click, clickK float64
	fade, fadeK   float64
	metal         []float64
	hp, lp        svf
	length        int
	rr            float64      // the hit's cutoff factor (roundRobin; 1 otherwise)
	x             drumExtState // state of the extensions (drums_extended.go)
}

// init prepares a drum hit. Velocity scales level and opens the filters.
func (d *drumState) init(v *voice, ev event) {
	dp := ev.dp
	if dp == nil {
		dp = kitSet("").get(ev.drum)
	}
	vel := math.Max(0, math.Min(1, ev.vel))
	tone := 0.55 + 0.45*vel // brightness/pitch factor from velocity
	*d = drumState{dp: dp, gain: dp.level * (0.15 + 0.85*vel*vel), tone: tone, fade: 1, fadeK: 1}
	d.sweep, d.sweepK = 1, expCoef(dp.sweepTau)
	d.ampT, d.ampTK = dp.tone, expCoef(dp.toneTau)
	d.ampN, d.ampNK = dp.noise, expCoef(dp.noiseTau)
	d.ampM, d.ampMK = dp.metal, expCoef(dp.metalTau)
	d.click, d.clickK = dp.click*tone, expCoef(dp.clickTau)
	d.rr = 1
	if roundRobin[ev.drum] && dp.lp > 0 {
		// No two strokes alike: each hit of a hat, shaker, ride or
		// tambourine gets its own cutoff (a drummer's stick lands on
		// another spot), on top of velocity's opening. The hit's gain
		// makes up for the noise band the cutoff adds or removes, so the
		// kit's level stays.
		r := newRNG(ev.seed ^ 0x9e3779b97f4a7c15)
		d.rr = 1 + 0.2*r.bipolar()
		lo := 0.0
		if dp.hp > 0 {
			lo = dp.hp * (0.8 + 0.2*tone) * v.bright
		}
		hi := math.Min(0.45*sr, dp.lp*(0.5+0.5*tone)*v.bright)
		hv := math.Min(0.45*sr, hi*d.rr)
		if hi > lo+500 && hv > lo+500 {
			d.gain *= math.Sqrt((hi - lo) / (hv - lo))
		}
	}
	if dp.hp > 0 {
		d.hp.set(dp.hp*(0.8+0.2*tone)*v.bright, 0.7)
	}
	if dp.lp > 0 {
		d.lp.set(dp.lp*(0.5+0.5*tone)*v.bright*d.rr, 0.7)
	}
	if dp.metal > 0 {
		d.metal = dp.metalCluster()
	}
	d.length = int(dp.length * sr)
	if dp.extended() {
		d.initExt(v, ev)
	}
}

// choke fades the hit out within a few milliseconds (open hat cut by a
// closed hat, or a repeated cymbal).
func (d *drumState) choke() { d.fadeK = expCoef(0.008) }

// drumTail is how long before its length a hit starts fading out, and
// tailK the fade's per-sample factor (a 6 ms time constant: the hit is
// 50 dB down or more when it stops).
var (
	drumTail = int(0.04 * sr)
	tailK    = expCoef(0.006)
)

// tail fades the hit out over its last drumTail frames when the block of n
// frames at pos reaches them: a hit whose sound still rings at its length
// (a long kick's body) would otherwise stop with a step a detector hears
// as an onset.
func (d *drumState) tail(pos, n int) {
	if d.fadeK == 1 && pos+n >= d.length-drumTail {
		d.fadeK = tailK
	}
}

// renderDrum adds one block of the drum hit into out. Each component (body,
// filtered noise and metal, click) runs as its own loop over the block with
// its state in locals.
// scratch (at least len(out) long) holds the unscaled sum.
func (v *voice) renderDrum(out, scratch []float32) {
	d := &v.dr
	dp := d.dp
	if dp.extended() {
		v.renderDrumExt(out, scratch)
		return
	}
	buf := scratch[:len(out)]
	if dp.tone > 0 || dp.tone2 > 0 {
		v.drumBody(buf)
	} else {
		clear(buf)
	}
	if dp.noise > 0 || dp.metal > 0 {
		v.drumNoise(buf)
	}
	if d.click > 1e-5 {
		v.drumClick(buf)
	}
	d.tail(v.pos, len(buf))
	gain, fade, fadeK := d.gain, d.fade, d.fadeK
	out = out[:len(buf)]
	if fadeK == 1 {
		g := float32(gain * fade)
		for i, x := range buf {
			out[i] += x * g
		}
	} else {
		for i, x := range buf {
			fade *= fadeK
			out[i] += float32(float64(x) * gain * fade)
		}
	}
	d.fade = fade
	if v.pos+len(out) >= d.length || d.fade < 1e-4 {
		v.done = true
	}
}

// drumBody writes the drum's pitched body into buf: a swept sine (and a
// second partial), decaying, driven when the drum has drive.
func (v *voice) drumBody(buf []float32) {
	d := &v.dr
	dp := d.dp
	sine := sineTable()
	fk := dp.f0 * (0.9 + 0.1*d.tone) / sr
	sw, swK, amp, ampK := d.sweep, d.sweepK, d.ampT, d.ampTK
	ph, ph2 := d.ph, d.ph2
	inc2 := phaseOf(dp.f2 / sr)
	t2 := 0.0
	if dp.tone2 > 0 {
		t2 = dp.tone2 / dp.tone
	}
	drive, norm := dp.drive, 0.0
	if drive > 0 {
		norm = 1 / softClip(drive)
	}
	for i := range buf {
		inc := phaseOf(fk * (1 + dp.sweep*sw))
		sw *= swK
		b := float64(lookup(sine, ph)) * amp
		ph += inc
		if t2 != 0 {
			b += t2 * float64(lookup(sine, ph2)) * amp
			ph2 += inc2
		}
		amp *= ampK
		if drive > 0 {
			b = softClip(b*drive) * norm
		}
		buf[i] = float32(b)
	}
	d.sweep, d.ampT, d.ph, d.ph2 = sw, amp, ph, ph2
}

// drumNoise adds the drum's noise and metal into buf, with its attack,
// clap envelope and filters.
func (v *voice) drumNoise(buf []float32) {
	d := &v.dr
	dp := d.dp
	att := dp.attack * sr
	aN, aNK, aM, aMK := d.ampN, d.ampNK, d.ampM, d.ampMK
	nz := v.nz
	hp, lp := dp.hp > 0, dp.lp > 0
	H, L := d.hp, d.lp
	h1, h2, l1, l2 := H.ic1, H.ic2, L.ic1, L.ic2
	var metal []float64
	if dp.metal > 0 {
		metal = d.metal[v.pos : v.pos+len(buf)]
	}
	for i := range buf {
		t := v.pos + i
		x := 0.0
		if dp.noise > 0 {
			a := aN
			if dp.clap {
				a = clapEnv(t, aN)
			}
			x += float64(nz.next()) * a
			aN *= aNK
		}
		if metal != nil {
			x += metal[i] * aM
			aM *= aMK
		}
		if att > 0 && float64(t) < att {
			x *= float64(t) / att
		}
		if hp {
			n1 := H.b1*x + H.c11*h1 + H.c12*h2
			n2 := H.b2*x + H.c21*h1 + H.c22*h2
			x -= H.k*0.5*(n1+h1) + 0.5*(n2+h2)
			h1, h2 = n1, n2
		}
		if lp {
			n1 := L.b1*x + L.c11*l1 + L.c12*l2
			n2 := L.b2*x + L.c21*l1 + L.c22*l2
			x = 0.5 * (n2 + l2)
			l1, l2 = n1, n2
		}
		buf[i] += float32(x)
	}
	d.ampN, d.ampM, v.nz = aN, aM, nz
	d.hp.ic1, d.hp.ic2, d.lp.ic1, d.lp.ic2 = h1, h2, l1, l2
}

// drumClick adds the drum's decaying noise click into buf.
func (v *voice) drumClick(buf []float32) {
	d := &v.dr
	c, cK := d.click, d.clickK
	nz := v.nz
	for i := range buf {
		if c <= 1e-5 {
			break
		}
		buf[i] += float32(float64(nz.next()) * c)
		c *= cK
	}
	d.click, v.nz = c, nz
}

// clapEnv shapes a hand clap: three quick bursts, then the decaying tail
// whose level is tail.
func clapEnv(t int, tail float64) float64 {
	const burst = 0.011 * sr
	if float64(t) < 3*burst {
		tb := math.Mod(float64(t), burst)
		return math.Exp(-tb / (0.0025 * sr))
	}
	return 0.8 * tail
}
