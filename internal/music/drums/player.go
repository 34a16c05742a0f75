package drums

import (
	"math"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// Player plays the drum track being written: its groove, swing and
// random stream, and the hits so far.
type Player struct {
	Style    genre.DrumStyle
	Groove   *style.Groove // the step-pattern groove when style is drumsPattern
	Swing    form.Swing
	HalfTime bool
	R        *harmony.RNG
	Hits     []score.Hit
}

// Hit adds a drum hit at beat pos (swung) with velocity v, humanised.
func (d *Player) Hit(pos float64, drum score.Drum, v float64) {
	d.Hits = append(d.Hits, score.Hit{Start: d.Swing.Pos(pos), Drum: drum, Velocity: d.R.Jitter(v, 0.05)})
}

// Accent is the metric weight of a position inside the bar.
func Accent(p float64) float64 {
	switch f := p - math.Floor(p); {
	case p == 0:
		return 1
	case f == 0:
		return 0.88
	case f == 0.5:
		return 0.74
	default:
		return 0.62
	}
}

// Cut drops the hits written since index from that fall at or after pos,
// except the kick on the beat (the pulse carries through fills).
func (d *Player) Cut(from int, pos float64) {
	keep := d.Hits[:from]
	for _, h := range d.Hits[from:] {
		if h.Start < pos-1e-9 || (h.Drum == score.Kick || h.Drum == score.Kick808) && h.Start == math.Floor(h.Start) {
			keep = append(keep, h)
		}
	}
	d.Hits = keep
}

// Bar writes one bar of a builtin groove at level (1 light, 2 groove, 3
// full): the writer of the drummer's style (grooveBars) plays it.
func (d *Player) Bar(t float64, level, bar int, energy float64) {
	b := drumBar{d: d, t: t, level: level, bar: bar, v: 0.55 + 0.4*energy, off: 1.0}
	// Swung grooves keep their off-beat hats soft so that the beat stays
	// unambiguous (for listeners and tempo detectors alike).
	if d.Swing.Amount > 0 {
		b.off = 0.6
	}
	if write := grooveBars[d.Style]; write != nil {
		write(b)
	}
}

// TrapKicks are the 808 kick rhythms of a four-bar trap loop; the 808 bass
// follows them.
var TrapKicks = [][]float64{{0, 2.5}, {0, 0.75, 2.5}, {0, 2.5}, {0, 2.5, 3.5}}

// Fill writes a fill of length beats (1 or 2) starting at t.
func (d *Player) Fill(t, length, energy float64) {
	v := 0.6 + 0.35*energy
	switch d.Style {
	case genre.DrumsSoftPulse:
		for p := 0.0; p < length; p += 0.5 {
			d.Hit(t+p, score.Rim, v*0.5)
		}
		return
	case genre.DrumsOrchestral:
		for p := 0.0; p < length; p += 0.25 {
			d.Hit(t+p, score.TomLow, v*(0.4+0.4*p/length))
		}
		return
	case genre.DrumsTrap:
		for p := 0.0; p < length; p += 0.125 {
			d.Hit(t+p, score.ClosedHat, v*(0.35+0.4*p/length))
		}
		d.Hit(t+length-0.5, score.Snare, v*0.7)
		return
	case genre.DrumsJazz:
		for p := 0.0; p < length; p += 1.0 / 3 {
			d.Hit(t+p, score.Snare, v*(0.4+0.3*p/length))
		}
		return
	}
	toms := []score.Drum{score.Snare, score.TomHigh, score.TomMid, score.TomLow}
	step := 0.25
	n := int(length / step)
	for i := 0; i < n; i++ {
		drum := toms[i*len(toms)/n]
		if d.R.Chance(0.25) {
			drum = score.Snare
		}
		vel := v * (0.65 + 0.35*float64(i)/float64(n))
		if i == 0 {
			vel = v * 0.85 // the fill starts on an accent
		}
		d.Hit(t+float64(i)*step, drum, vel)
	}
}

// Roll writes a build-up bar: snare notes getting denser and louder as
// progress (0..1] approaches the drop, over a steady kick.
func (d *Player) Roll(t, beats, progress, energy float64) {
	step := 1.0
	switch {
	case progress > 0.75:
		step = 0.25
	case progress > 0.4:
		step = 0.5
	}
	for p := 0.0; p < beats; p += step {
		d.Hit(t+p, score.Snare, (0.35+0.55*progress*(0.6+0.4*p/beats))*(0.7+0.3*energy))
	}
	for p := 0.0; p < beats; p++ {
		d.Hit(t+p, score.Kick, 0.75)
	}
}

// Pickup writes the one-beat fill a drummer enters with, into the
// downbeat at.
func (d *Player) Pickup(at, energy float64) {
	d.Fill(at-1, 1, energy)
}

// CymbalSwell writes a reverse-cymbal swell into the downbeat at: a
// cymbal roll over the last length beats, from almost nothing to loud
// (the crash on the downbeat follows it).
func (d *Player) CymbalSwell(at, length float64) {
	const step = 0.25
	n := int(length / step)
	for i := 0; i < n; i++ {
		x := float64(i+1) / float64(n)
		d.Hits = append(d.Hits, score.Hit{Start: at - length + float64(i)*step, Drum: score.Crash, Velocity: 0.05 + 0.5*x*x})
	}
}

// Bar3 writes one 3/4 bar of the groove at level (1 light, 2 groove, 3
// full): a brushed jazz waltz, timpani or a soft pulse for the quiet styles,
// otherwise oom-pah-pah (kick on 1, snare or rim on 2 and 3). Every beat
// is marked, so the pulse stays clear.
func (d *Player) Bar3(t float64, level, bar int, energy float64) {
	v := 0.55 + 0.4*energy
	switch d.Style {
	case genre.DrumsJazz:
		for _, p := range []float64{0, 1, 1.5, 2} {
			d.Hit(t+p, score.Ride, v*0.6*Accent(p))
		}
		d.Hit(t, score.Kick, v*0.5)
		for p := 1.0; p < 3; p++ {
			d.Hit(t+p, score.Kick, v*0.3)
			d.Hit(t+p, score.Snare, v*0.3) // brushes
		}
	case genre.DrumsOrchestral:
		d.Hit(t, score.TomLow, v)
		if level >= 2 {
			d.Hit(t+1, score.TomLow, v*0.5)
			d.Hit(t+2, score.TomLow, v*0.5)
		}
		if level >= 3 && bar%2 == 0 {
			d.Hit(t, score.Crash, v*0.5)
		}
	case genre.DrumsSoftPulse:
		v *= 0.85
		d.Hit(t, score.Kick, v)
		d.Hit(t+1, score.Kick, v*0.5)
		d.Hit(t+2, score.Kick, v*0.5)
		for p := 0.0; p < 3; p += 0.5 {
			d.Hit(t+p, score.Shaker, v*0.55*Accent(p))
		}
		if level >= 2 {
			d.Hit(t+1, score.Rim, v*0.5)
			d.Hit(t+2, score.Rim, v*0.5)
		}
	default:
		// A softer kick under the "pah"s keeps every beat as clear as the
		// downbeat, so the pulse is heard in beats, not in bars.
		d.Hit(t, score.Kick, v)
		d.Hit(t+1, score.Kick, v*0.6)
		d.Hit(t+2, score.Kick, v*0.6)
		back := score.Rim
		if level >= 2 {
			back = score.Snare
		}
		d.Hit(t+1, back, v*0.7)
		d.Hit(t+2, back, v*0.7)
		tick := score.ClosedHat
		if d.Style == genre.DrumsTrain {
			tick = score.Shaker
		}
		for p := 0.0; p < 3; p += 0.5 {
			a := Accent(p)
			if p != float64(int(p)) {
				a *= 0.5
			}
			d.Hit(t+p, tick, v*0.5*a)
		}
		if level >= 3 {
			d.Hit(t+2.5, score.OpenHat, v*0.4)
		}
	}
}
