package synth

import (
	"math"
	"sort"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/soundfont"
)

// roleHP is the high-pass corner (Hz) of each role's part.
var roleHP = map[score.Role]float64{
	score.RoleDrums:  0,
	score.RoleBass:   28,
	score.RoleChords: 140,
	score.RolePad:    160,
	score.RoleLead:   170,
	score.RoleArp:    200,
	score.RoleFX:     200,
}

// maxPoly is the most voices a track may sound at once; the oldest is
// released when a new note would exceed it.
const maxPoly = 24

// trackState renders one score.Track block by block.
type trackState struct {
	p      *patch
	drums  bool
	events []event
	next   int
	voices []*voice
	pool   []*voice
	bright float64

	mono, l, r [blockSize]float32
	sb         [blockSize]float32 // the side signal: the widener's and a stereo recorded part's
	rs         [blockSize]float32 // a stereo recorded part's side signal
	env, env2  [blockSize]float32
	wide       *widener
	sbDone     bool // sb holds the widener's side signal of the block (engine.widenPairs)

	hp              svf
	hpOn            bool
	tone            []monoBand // body and box bells (tone.go)
	tilt            onePole
	tiltK           float64
	drive, driveOut float64
	cab             svf
	cabOn           bool
	dcOn            bool    // a DC blocker after the drive (driven parts and drums)
	dcX, dcY        float64 // its input and output history
	ch              *chorus
	gl, gr          float32
	pan             float64 // pan angle: 0 left, pi/4 centre, pi/2 right
	rev, dly        float32
	side            float32
	tail            int
	rec             *recPart    // recorded part (sampler.go), or nil
	ctl             *controls   // the part's bend, modulation and expression (expression.go), or nil
	nz              *noiseVoice // the player's noises (noisevoice.go), or nil
}

// newTrack prepares a track's events and mixer settings.
func newTrack(s *score.Score, ti int, tr *score.Track, frames int, bank *soundfont.Bank, o Options) *trackState {
	t := &trackState{p: patchFor(tr.Instrument), drums: tr.Instrument == score.Drums}
	t.events = buildEvents(s, ti, tr, t.drums, frames)
	t.rec, t.events = newRecPart(bank, s, tr, t.events, t.p.glide, stereoTrack(tr, bank))
	if t.rec == nil {
		t.ctl = newControls(s, tr)
	}
	if t.drums {
		t.useKit(s, tr) // kits.go: each hit's sound in the track's kit and the song's key
	}
	if t.rec != nil && !t.drums {
		t.p = recordedPatch(t.p)
	}
	ch := o.channel(ti)
	b := ch.Brightness
	if b <= 0 || math.IsNaN(b) {
		b = 0.5 // unset means neutral
	}
	b = math.Min(1, b)
	t.bright = math.Exp2((b - 0.5) * 3)
	t.tiltK = math.Pow(t.bright, 0.6)
	t.tilt.set(2500)
	hp := hpCorner(tr, o.plan().HighPassFloorHz)
	if hp > 0 {
		t.hp.set(hp, 0.7)
		t.hpOn = true
	}
	t.tone = toneBands(tr, o.calm())
	t.drive = clamp01(ch.Drive) + t.p.drive
	if t.drive > 0 {
		pre := 1 + 8*t.drive
		t.driveOut = (1 + 1.5*t.drive) / pre
		t.drive = pre
	}
	// Saturation of an asymmetric wave (a kick's first half-cycle, a
	// driven sawtooth) leaves an offset: block it after the drive.
	t.dcOn = t.drive > 0 || t.drums
	if t.p.cab > 0 {
		t.cab.set(t.p.cab*math.Sqrt(t.bright), 0.8)
		t.cabOn = true
	}
	if c := math.Max(clamp01(ch.Chorus), t.p.chorus); c > 0 {
		t.ch = newChorus(c)
	}
	// The fader is set by the engine from the part's measured loudness
	// (balance.go); until then the gains are the pan law's alone.
	t.pan = (clampPan(ch.Pan) + 1) * math.Pi / 4 // seatPans may move it (newEngine)
	t.setLevel(0)
	t.rev = float32(0.6 * clamp01(ch.Reverb))
	t.dly = float32(0.5 * clamp01(ch.Delay))
	t.side = float32(clamp01(ch.Sidechain))
	// A stereo sample pair brings its own width, and the widener adds the
	// room's to it: FluidR3's organ and many of its pairs are nearly the
	// same sample twice (a rock song's organ pad correlated 0.99). The
	// master keeps the sum of both out of anti-phase (inPhase).
	if t.drums {
		t.wide = newWidener(overheadWidth, overheadDelay, overheadHP)
	} else if w, ok := calmWidth[tr.Role]; ok && o.calm() {
		t.wide = newRoomWidener(w.width, w.delay, w.hp, calmAir.width)
	} else if w := beatBassWidth; tr.Role == score.RoleBass {
		t.wide = newRoomWidener(w.width, w.delay, w.hp, 0)
	} else if w, ok := roleWidth[tr.Role]; ok {
		t.wide = newWidener(w.width, w.delay, w.hp)
	}
	return t
}

// hpCorner is a part's high-pass corner (Hz, 0 for none): under its own
// register, 0.6 times the frequency of its low notes (the 10th
// percentile of its pitches), so that a cello or a piano's left hand keeps
// its body, but not above its role's corner nor under floor (the sub band
// belongs to the bass and kick). Bass parts keep 28 Hz, drums none.
func hpCorner(tr *score.Track, floor float64) float64 {
	if tr.Instrument == score.Drums {
		return 0
	}
	hp, ok := roleHP[tr.Role]
	if !ok {
		hp = 120
	}
	if tr.Role == score.RoleBass || len(tr.Notes) == 0 {
		return hp
	}
	p := make([]int, len(tr.Notes))
	for i, n := range tr.Notes {
		p[i] = n.Pitch
	}
	sort.Ints(p)
	low := 440 * math.Exp2(float64(p[len(p)/10]-69)/12)
	return math.Min(hp, math.Max(floor, 0.6*low))
}

// setLevel sets the track's fader to db, keeping its pan.
func (t *trackState) setLevel(db float64) {
	g := dbToGain(db)
	t.gl, t.gr = float32(g*math.Cos(t.pan)), float32(g*math.Sin(t.pan))
}

// buildEvents converts notes or hits to frame-timed events, humanised from
// the score's seed, sorted by start (ties keep score order).
func buildEvents(s *score.Score, ti int, tr *score.Track, drums bool, frames int) []event {
	r := newRNG(mixSeed(s.Seed, uint64(ti)+1))
	toFrame := func(beat float64) int { return audio.CD.NSeconds(s.BeatToSeconds(beat)) }
	var evs []event
	if drums {
		for _, h := range tr.Hits {
			if !isFinite(h.Start) || h.Start < 0 {
				continue
			}
			st := toFrame(h.Start) + int(r.bipolar()*0.0006*sr)
			vel := clamp01(h.Velocity * (1 + 0.05*r.bipolar()))
			if st < 0 {
				st = 0
			}
			if st >= frames {
				continue
			}
			evs = append(evs, event{start: st, off: math.MaxInt, vel: vel, drum: h.Drum, seed: r.next()})
		}
	} else {
		for _, n := range tr.Notes {
			if !isFinite(n.Start) || !isFinite(n.Length) || n.Start < 0 || n.Pitch < 0 || n.Pitch > 127 {
				continue
			}
			st := toFrame(n.Start) + int(r.bipolar()*0.001*sr)
			st = max(st, 0)
			if st >= frames {
				continue
			}
			off := max(toFrame(n.Start+n.Length), st+int(0.01*sr))
			evs = append(evs, event{
				start: st, off: off, pitch: float64(n.Pitch),
				vel: clamp01(n.Velocity * (1 + 0.04*r.bipolar())), glide: n.Glide, seed: r.next(),
			})
		}
	}
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].start < evs[j].start })
	for i := 1; i < len(evs); i++ {
		evs[i].from = evs[i-1].pitch
	}
	return evs
}

// kickFrames lists the frames of all kick hits, sorted.
func (t *trackState) kickFrames() []int {
	var k []int
	if t.rec != nil {
		k = append(k, t.rec.kicks...)
	}
	for _, e := range t.events {
		if e.drum == score.Kick || e.drum == score.Kick808 {
			k = append(k, e.start)
		}
	}
	return k
}

// startVoices begins every event that starts before end.
func (t *trackState) startVoices(end int) {
	for t.next < len(t.events) && t.events[t.next].start < end {
		ev := t.events[t.next]
		t.next++
		if t.drums {
			same := 0
			for i := len(t.voices) - 1; i >= 0; i-- {
				v := t.voices[i]
				if v.ev.drum == ev.drum {
					same++
					if same >= 2 {
						v.dr.choke()
					}
				}
				if ev.drum == score.ClosedHat && v.ev.drum == score.OpenHat {
					v.dr.choke()
				}
			}
		} else if t.p.mono {
			for _, v := range t.voices {
				if v.ev.off > ev.start {
					v.ev.off = ev.start
				}
			}
		}
		if len(t.voices) >= maxPoly {
			old := t.voices[0]
			old.ev.off = min(old.ev.off, ev.start)
			old.amp.rCoef = math.Min(old.amp.rCoef, expCoef(0.01))
			old.dr.choke()
		}
		var v *voice
		if n := len(t.pool); n > 0 {
			v, t.pool = t.pool[n-1], t.pool[:n-1]
		} else {
			v = new(voice)
		}
		v.start(t.p, ev, t.bright)
		v.ctl = t.ctl
		t.voices = append(t.voices, v)
	}
}

// render mixes one block of the track into the engine's buses.
func (t *trackState) render(start, n int, e *engine) {
	recSide, ok := t.source(start, n)
	if !ok {
		return
	}
	t.insert(t.mono[:n])
	t.finish(n, e, recSide)
}

// renderVoices renders the sounding voices of the block from start into
// buf, and returns the finished ones to the pool.
func (t *trackState) renderVoices(start, n int, buf []float32) {
	end := start + n
	kept := t.voices[:0]
	keep := func(v *voice) {
		if v.done {
			t.pool = append(t.pool, v)
		} else {
			kept = append(kept, v)
		}
	}
	// relAt is the block index of v's note off, or -1.
	relAt := func(v *voice, from int) int {
		if !v.releasing && v.ev.off < end {
			return max(from, v.ev.off-start)
		}
		return -1
	}
	for j := 0; j < len(t.voices); j++ {
		v := t.voices[j]
		from := max(0, v.ev.start-start)
		// Two neighbouring subtractive voices that both sound from the
		// start of the block render together (see renderSubPair).
		if t.p.algo == algoSub && from == 0 && j+1 < len(t.voices) && t.voices[j+1].ev.start <= start {
			w := t.voices[j+1]
			renderSubPair(v, w, buf, relAt(v, 0), relAt(w, 0), t.env[:n], t.env2[:n])
			j++
			keep(v)
			keep(w)
			continue
		}
		v.render(buf, from, n, relAt(v, from), t.env[:n])
		keep(v)
	}
	clear(t.voices[len(kept):])
	t.voices = kept
}

// mixOut pans the track's block (t.l, t.r, filled from buf, the insert
// chain's output)
// into the engine's mix with the sidechain's ducking, adds the side signal
// (the widener's, a stereo recorded part's) and feeds the sends.
func (t *trackState) mixOut(buf []float32, e *engine, recSide []float32) {
	n := len(buf)
	l, r := t.l[:n], t.r[:n]
	duck := e.duck[:n]
	mixL, mixR := e.mixL[:n], e.mixR[:n]
	revIn, dlyIn := e.revIn[:n], e.dlyIn[:n]
	gl, gr, side, rev, dly := t.gl, t.gr, t.side, t.rev, t.dly
	if side <= 0 {
		duck = zeroDuck[:n] // the gain 1 - side*duck is exactly 1
	}
	var sb []float32
	if t.wide != nil || recSide != nil {
		// The side signals (the widener's, a stereo sample pair's) go
		// in after the pan, at the fader's mean gain, so that they
		// cancel in the mono sum wherever the part sits.
		sb = t.sb[:n]
		switch {
		case t.wide == nil:
			copy(sb, recSide)
		case recSide == nil:
			if !t.sbDone {
				t.wide.side(buf, sb)
			}
		default:
			if !t.sbDone {
				t.wide.side(buf, sb)
			}
			for i, x := range recSide {
				sb[i] += x
			}
		}
	}
	t.sbDone = false
	// l becomes the send signal (mixPanGo).
	mixPan(l, r, sb, duck, mixL, mixR, &[4]float32{gl, gr, 0.5 * (gl + gr), side})
	if rev != 0 {
		addScaled(revIn, l, rev)
	}
	if dly != 0 {
		addScaled(dlyIn, l, dly)
	}
}

// dcR is the DC blocker's pole: a 10 Hz corner.
const dcR = 1 - 2*math.Pi*10/sr

// insert runs the per-track mono chain: the body and box bells
// (tone.go), high-pass, tone tilt, drive, cab, DC blocker.
func (t *trackState) insert(buf []float32) {
	if t.insertFused(buf) {
		return
	}
	processBells(t.tone, buf)
	tilt := t.tiltK != 1
	if !t.hpOn && !tilt && t.drive == 0 && !t.dcOn {
		return
	}
	if t.hpOn && !tilt && t.drive == 0 && !t.dcOn {
		t.hp.processHP(buf) // the common chain: the high-pass alone
		return
	}
	t.insertChain(buf)
}

// insertFused runs the chains whose stages one fused loop runs (the
// bells with the high-pass, a kit's bells with the DC blocker) and reports
// whether it did.
func (t *trackState) insertFused(buf []float32) bool {
	tilt := t.tiltK != 1
	if t.hpOn && !tilt && t.drive == 0 && !t.dcOn && len(t.tone) == 1 {
		processBellHP(&t.tone[0], &t.hp, buf) // the common chain in one loop
		return true
	}
	if t.hpOn && !tilt && t.drive == 0 && !t.dcOn && len(t.tone) == 2 {
		processPairHP(&t.tone[0], &t.tone[1], &t.hp, buf)
		return true
	}
	if !t.hpOn && !tilt && t.drive == 0 && t.dcOn && len(t.tone) == 2 {
		processPairDC(&t.tone[0], &t.tone[1], &t.dcX, &t.dcY, buf) // a kit's chain
		return true
	}
	return false
}

// insertChain runs the chain's stages after the bells sample by sample:
// high-pass, tone tilt, drive, cab, DC blocker (those the track has).
func (t *trackState) insertChain(buf []float32) {
	tilt := t.tiltK != 1
	hpOn, drive, cabOn, dcOn := t.hpOn, t.drive, t.cabOn, t.dcOn
	dx, dy := t.dcX, t.dcY
	H, C := t.hp, t.cab
	h1, h2, c1, c2 := H.ic1, H.ic2, C.ic1, C.ic2
	tk, ta, tz := t.tiltK, t.tilt.a, t.tilt.z
	tb := 1 - ta
	dOut := t.driveOut
	hk := H.k * 0.5 // as in H.k*0.5*(n1+h1), hoisted
	for i, x := range buf {
		y := float64(x)
		if hpOn {
			n1 := H.b1*y + H.c11*h1 + H.c12*h2
			n2 := H.b2*y + H.c21*h1 + H.c22*h2
			y -= hk*(n1+h1) + 0.5*(n2+h2)
			h1, h2 = n1, n2
		}
		if tilt {
			tz = ta*y + tb*tz // one multiply and one add long
			y = tz + tk*(y-tz)
		}
		if drive > 0 {
			y = softClip(y*drive) * dOut
			if cabOn {
				n1 := C.b1*y + C.c11*c1 + C.c12*c2
				n2 := C.b2*y + C.c21*c1 + C.c22*c2
				y = 0.5 * (n2 + c2)
				c1, c2 = n1, n2
			}
		}
		if dcOn {
			dy = y - dx + dcR*dy
			dx = y
			y = dy
		}
		buf[i] = float32(y)
	}
	t.dcX, t.dcY = dx, dy
	t.hp.ic1, t.hp.ic2, t.cab.ic1, t.cab.ic2 = h1, h2, c1, c2
	t.tilt.z = tz
}

func clamp01(x float64) float64 {
	if !(x > 0) {
		return 0
	}
	return math.Min(1, x)
}

func clampPan(x float64) float64 {
	if !isFinite(x) {
		return 0
	}
	return math.Max(-1, math.Min(1, x))
}

func finite(x float64) float64 {
	if !isFinite(x) {
		return 0
	}
	return x
}

func isFinite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
