package synth

import (
	"math"
	"sync"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
)

// The noise voice: the noises a part's player makes beside its notes
// (score.Track.Noises, written by internal/perform): breath, a bow's
// scrape and rosin hiss, a pick's click and a string's squeak, a piano's
// key thump and dampers. One per track; each noise is white noise through
// its own band-pass, under a short envelope, at a level under the part's
// notes (noiseShapes' dB against the part's measured loudness) scaled by
// the velocity. Seeded from the score and the track: the same bits on
// every run and architecture (products are rounded before every sum, so
// no multiply-add can fuse).

// noiseShape is how one kind of noise sounds: its band (centre Hz,
// quality; a squeak sweeps its centre up to sweep Hz), its level under the
// notes (dB) and its envelope: a rise of up seconds (or upShare of its
// length), a fall of power fall, and for a bow the hiss level it settles
// to after the scrape (scrape seconds).
type noiseShape struct {
	centre, q, sweep float64
	db               float64
	up, upShare      float64
	fall             int
	hiss, scrape     float64
}

// noiseShapes are the kinds' sounds, levels 14-38 dB under the notes; a
// pick's click is a listener's pick attack, short and bright at 2-5 kHz
// (TestPickClickHeard).
var noiseShapes = map[score.NoiseKind]noiseShape{
	score.NoiseBreath: {centre: 5000, q: 0.5, db: -34, upShare: 0.6, fall: 2},
	score.NoiseAir:    {centre: 5000, q: 0.5, db: -34, up: 0.006, fall: 2},
	score.NoiseBow:    {centre: 6000, q: 0.7, db: -33, up: 0.003, fall: 1, hiss: 0.18, scrape: 0.08},
	score.NoisePick:   {centre: 3500, q: 1.2, db: -14, up: 0.0003, fall: 1},
	score.NoiseSqueak: {centre: 2500, q: 2, sweep: 6000, db: -30, upShare: 0.5, fall: 1},
	score.NoiseKey:    {centre: 1000, q: 0.3, db: -30, up: 0.001, fall: 2},
	score.NoiseDamper: {centre: 3000, q: 0.7, db: -38, upShare: 0.5, fall: 1},
}

// sweepSteps is how many band-pass settings a squeak's sweep steps through.
const sweepSteps = 8

// bandCoef is one setting of a TPT state-variable band-pass: a1, a2, a3 as
// in svf.setG, and norm, the gain that gives white noise uniform in
// [-1, 1) unit RMS through it.
type bandCoef struct{ a1, a2, a3, norm float64 }

// newBandCoef tunes a band-pass to centre Hz, quality q.
func newBandCoef(centre, q float64) bandCoef {
	g, k := math.Tan(math.Pi*centre/sr), 1/q
	a1 := 1 / (1 + float64(g*(g+k)))
	c := bandCoef{a1: a1, a2: g * a1, a3: g * g * a1}
	// The impulse response's energy, times the noise's variance (1/3).
	var b bandState
	e := 0.0
	for i := range 8192 {
		x := 0.0
		if i == 0 {
			x = 1
		}
		y := b.step(&c, x)
		e += float64(y * y)
	}
	c.norm = 1 / math.Sqrt(e/3)
	return c
}

// bandState is a band-pass's two integrators.
type bandState struct{ ic1, ic2 float64 }

// step filters one sample (the band-pass output v1); every product is
// rounded before it is summed.
func (b *bandState) step(c *bandCoef, x float64) float64 {
	v3 := x - b.ic2
	v1 := float64(c.a1*b.ic1) + float64(c.a2*v3)
	v2 := b.ic2 + float64(c.a2*b.ic1) + float64(c.a3*v3)
	b.ic1 = 2*v1 - b.ic1
	b.ic2 = 2*v2 - b.ic2
	return v1
}

// bands are the band-pass settings of every kind: one, or a squeak's
// sweepSteps.
var bands = func() map[score.NoiseKind][]bandCoef {
	m := map[score.NoiseKind][]bandCoef{}
	for k, sh := range noiseShapes {
		if sh.sweep == 0 {
			m[k] = []bandCoef{newBandCoef(sh.centre, sh.q)}
			continue
		}
		for i := range sweepSteps {
			f := sh.centre * math.Pow(sh.sweep/sh.centre, float64(i)/(sweepSteps-1))
			m[k] = append(m[k], newBandCoef(f, sh.q))
		}
	}
	return m
}()

// noiseTableLen is the length of a kind's noise table (1.5 s: a hiss
// along a held note does not repeat audibly).
const noiseTableLen = 1 << 16

// noiseTables hold each fixed-band kind's noise, band-passed to unit RMS
// once, read from a seeded offset by every noise of the kind: a table
// read costs a tenth of filtering every sample.
var noiseTables sync.Map // score.NoiseKind -> []float32

// noiseTable returns kind k's table: white noise (seeded by the kind)
// through its band-pass, run twice around the table so that it loops
// without a seam.
func noiseTable(k score.NoiseKind) []float32 {
	if t, ok := noiseTables.Load(k); ok {
		return t.([]float32)
	}
	c := bands[k][0]
	src := newNoise(0x9E3779B97F4A7C15 ^ uint64(k))
	white := make([]float64, noiseTableLen)
	for i := range white {
		white[i] = float64(src.next())
	}
	t := make([]float32, noiseTableLen)
	var b bandState
	for pass := range 2 {
		for i, x := range white {
			y := b.step(&c, x)
			if pass == 1 {
				t[i] = float32(y * c.norm)
			}
		}
	}
	got, _ := noiseTables.LoadOrStore(k, t)
	return got.([]float32)
}

// noiseEv is one noise on the frame clock.
type noiseEv struct {
	start, n int     // first frame, length in frames
	up       float64 // rise, frames
	hissAt   float64 // a bow's scrape length, frames (0: none)
	gain     float64 // peak RMS gain
	shape    *noiseShape
	fixed    *fixedBand // a fixed band's table (nil: a swept band, filtered here)
	coefs    []bandCoef
	band     bandState
	done     bool
}

// envSegs is how many envelope pieces a block holds.
const envSegs = blockSize / envStep

// fixedBand is a track's noise of one fixed-band kind: its table, the
// place it reads next, and the block's summed envelope of every noise of
// the kind sounding in it (a start gain and a slope per envStep frames),
// so that overlapping noises cost one pass over the table.
type fixedBand struct {
	table  []float32
	pos    int
	g, d   [envSegs]float64
	lo, hi int // the block's pieces holding a noise (lo >= hi: none)
}

// noiseVoice renders a track's noises.
type noiseVoice struct {
	evs   []noiseEv
	next  int
	on    []*noiseEv // sounding
	src   noise      // the swept noises' white noise
	fixed []*fixedBand
}

// newNoiseVoice prepares the noises of track ti of s under notes whose
// gated loudness (as balanceGains measures it, dry at unity) is loud LUFS;
// nil when the track has none or is silent.
func newNoiseVoice(s *score.Score, ti int, tr *score.Track, frames int, loud float64) *noiseVoice {
	if len(tr.Noises) == 0 || !isFinite(loud) {
		return nil
	}
	// The notes' RMS in the track's mono signal: K-weighted loudness is
	// -0.691 dB + the power summed over both channels, each at half.
	ref := math.Pow(10, (loud+0.691)/20)
	seed := mixSeed(s.Seed, 0x6E6F6973+uint64(ti))
	v := &noiseVoice{src: newNoise(seed)}
	r := newRNG(seed)
	fixed := map[score.NoiseKind]*fixedBand{}
	for _, x := range tr.Noises {
		sh, ok := noiseShapes[x.Kind]
		if !ok || !isFinite(x.Start) || !isFinite(x.Length) || x.Start < 0 || !(x.Level > 0) {
			continue
		}
		st := audio.CD.NSeconds(s.BeatToSeconds(x.Start))
		n := audio.CD.NSeconds(s.BeatToSeconds(x.Start+x.Length)) - st
		if st >= frames || n <= 0 {
			continue
		}
		ev := noiseEv{start: st, n: min(n, frames-st), shape: &sh, coefs: bands[x.Kind]}
		ev.up = math.Max(1, sh.up*sr)
		if sh.upShare > 0 {
			ev.up = math.Max(1, sh.upShare*float64(n))
		}
		if sh.scrape > 0 {
			ev.hissAt = sh.scrape * sr
		}
		if sh.sweep == 0 {
			if fixed[x.Kind] == nil {
				fixed[x.Kind] = &fixedBand{table: noiseTable(x.Kind), pos: int(r.next() % noiseTableLen)}
				v.fixed = append(v.fixed, fixed[x.Kind])
			}
			ev.fixed = fixed[x.Kind]
		}
		ev.gain = ref * dbToGain(sh.db) * min(1.25, x.Level/0.8)
		v.evs = append(v.evs, ev)
	}
	if len(v.evs) == 0 {
		return nil
	}
	return v
}

// busy reports whether a noise sounds in the n frames from start.
func (v *noiseVoice) busy(start, n int) bool {
	return len(v.on) > 0 || (v.next < len(v.evs) && v.evs[v.next].start < start+n)
}

// render adds the noises sounding in the block from start to buf.
func (v *noiseVoice) render(start int, buf []float32) {
	end := start + len(buf)
	for v.next < len(v.evs) && v.evs[v.next].start < end {
		v.on = append(v.on, &v.evs[v.next])
		v.next++
	}
	kept := v.on[:0]
	for _, ev := range v.on {
		if ev.fixed != nil {
			ev.sumEnvelope(start, len(buf))
		} else {
			ev.render(&v.src, start, buf)
		}
		ev.done = end >= ev.start+ev.n
		if !ev.done {
			kept = append(kept, ev)
		}
	}
	clear(v.on[len(kept):])
	v.on = kept
	for _, fb := range v.fixed {
		fb.add(buf)
	}
}

// envStep is how many frames share one linear piece of a noise's
// envelope.
const envStep = 32

// sumEnvelope adds the noise's envelope in the block of n frames from
// start to its band's pieces: from the gain at each piece's start, a slope
// to the next one's (none before the noise starts and after it ends).
func (ev *noiseEv) sumEnvelope(start, n int) {
	fb := ev.fixed
	from := max(0, ev.start-start) / envStep
	to := (min(n, ev.start+ev.n-start) + envStep - 1) / envStep
	if fb.lo >= fb.hi {
		fb.lo, fb.hi = from, to
	}
	fb.lo, fb.hi = min(fb.lo, from), max(fb.hi, to)
	k := from*envStep + start - ev.start // frames into the noise
	g := ev.envelope(float64(k))
	for j := from; j < to; j++ {
		w := min(envStep, n-j*envStep)
		g1 := ev.envelope(float64(k + w))
		fb.g[j] += g
		fb.d[j] += (g1 - g) / float64(w)
		g, k = g1, k+w
	}
}

// add adds the band's noise under its summed envelope to the block buf
// and clears the envelope.
func (fb *fixedBand) add(buf []float32) {
	for j := fb.lo; j < fb.hi; j++ {
		a := j * envStep
		b := min(a+envStep, len(buf))
		fb.pos = addRamp(buf[a:b], fb.table, fb.pos, float32(fb.g[j]), float32(fb.d[j]))
		fb.g[j], fb.d[j] = 0, 0
	}
	fb.lo, fb.hi = 0, 0
}

// render adds the block's part of a swept noise from start to buf,
// through its band-pass from the track's source, its envelope ramped
// linearly over envStep frames.
func (ev *noiseEv) render(src *noise, start int, buf []float32) {
	from := max(0, ev.start-start)
	to := min(len(buf), ev.start+ev.n-start)
	for a := from; a < to; a += envStep {
		b := min(a+envStep, to)
		k := a + start - ev.start // frames into the noise
		g := ev.envelope(float64(k))
		d := (ev.envelope(float64(k+b-a)) - g) / float64(b-a)
		c := &ev.coefs[min(len(ev.coefs)-1, k*len(ev.coefs)/ev.n)]
		for i := a; i < b; i++ {
			y := ev.band.step(c, float64(src.next()))
			buf[i] += float32(float64(y*c.norm) * g)
			g += d
		}
	}
}

// addRamp adds table from pos on (looping) to dst under a gain ramping
// from g by d a frame, and returns the table's next place. Each product is
// rounded before it is added.
func addRamp(dst, table []float32, pos int, g, d float32) int {
	for len(dst) > 0 {
		t := table[pos:]
		t = t[:min(len(t), len(dst))]
		seg := dst[:len(t)]
		for i, x := range t {
			seg[i] += float32(x * g)
			g += d
		}
		dst = dst[len(t):]
		pos = (pos + len(t)) & (len(table) - 1)
	}
	return pos
}

// envelope is the noise's gain k frames in: a linear rise, then a fall to
// none at its end (a power of what is left of it); a bow's scrape falls to
// its hiss, which fades out over its last 30 ms. None outside the noise.
func (ev *noiseEv) envelope(k float64) float64 {
	sh := ev.shape
	n := float64(ev.n)
	if k <= 0 || k >= n {
		return 0
	}
	g := ev.gain
	if k < ev.up {
		g *= k / ev.up
	}
	if ev.hissAt > 0 {
		s := math.Max(0, 1-k/ev.hissAt)
		g *= sh.hiss + float64((1-sh.hiss)*float64(s*s))
		if tail := 0.03 * sr; n-k < tail {
			g *= (n - k) / tail
		}
		return g
	}
	left := 1.0
	if k > ev.up && n > ev.up {
		left = 1 - (k-ev.up)/(n-ev.up)
	}
	for range sh.fall {
		g *= left
	}
	return g
}
