package music

import (
	"math"
	"sort"

	"github.com/songsmith/songsmith/internal/music/form"

	"github.com/songsmith/songsmith/internal/music/harmony"

	"github.com/songsmith/songsmith/internal/music/genre"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// drummer writes one drum track.
type drummer struct {
	style    genre.DrumStyle
	groove   *style.Groove // the step-pattern groove when style is drumsPattern
	swing    float64
	halfTime bool
	r        *harmony.RNG
	hits     []score.Hit
}

// hit adds a drum hit at beat pos (swung) with velocity v, humanised.
func (d *drummer) hit(pos float64, drum score.Drum, v float64) {
	d.hits = append(d.hits, score.Hit{Start: form.SwingPos(pos, d.swing), Drum: drum, Velocity: d.r.Jitter(v, 0.05)})
}

// accent is the metric weight of a position inside the bar.
func accent(p float64) float64 {
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

// writeDrums writes every section's drums into hits, sorted by time.
func writeDrums(secs []form.Section, groove *style.Groove, swing float64, halfTime bool, seed uint64) []score.Hit {
	d := &drummer{style: genre.DrumsPattern, groove: groove, swing: swing, halfTime: halfTime, r: harmony.NewRNG(seed, "drums")}
	if groove.Builtin != "" {
		d.style, d.groove = genre.DrumNames[groove.Builtin], nil
	}
	last := secs[len(secs)-1]
	songEnd := last.StartBeat + float64(last.Bars*last.Beats)
	for i, s := range secs {
		if !s.On[form.LayerDrums] {
			continue
		}
		nextOn := i+1 < len(secs) && secs[i+1].On[form.LayerDrums] && secs[i+1].DrumLevel >= 2
		// A section that rises (more energy, drums coming) is always
		// filled into; a drummer entering plays a pickup fill into his
		// first downbeat and a crash on it.
		rising := i+1 < len(secs) && secs[i+1].On[form.LayerDrums] && secs[i+1].Energy > s.Energy
		entering := i > 0 && !secs[i-1].On[form.LayerDrums]
		if entering {
			d.pickup(s.StartBeat, s.Energy)
		}
		for b := 0; b < s.Bars; b++ {
			if !s.Plays(form.LayerDrums, b) {
				continue
			}
			start := s.StartBeat + float64(s.Beats*b)
			beats := float64(s.Beats)
			fill := 0.0
			last := b == s.Bars-1 && i+1 < len(secs)
			if last && s.Bars >= 2 {
				fill = 1
				if s.Energy >= 0.7 || s.Build {
					fill = 2
				}
			}
			if last && secs[i+1].Riser {
				d.cymbalSwell(start+beats, min(2, beats))
			}
			if s.Build && s.Bars >= 2 && b >= s.Bars/2 {
				d.roll(start, beats, float64(b-s.Bars/2+1)/float64(s.Bars-s.Bars/2), s.Energy)
				continue
			}
			level := s.DrumLevel
			if s.Name == "intro" && b < s.Bars/2 {
				level = 1 // an intro builds in: a sparse groove first
			}
			n := len(d.hits)
			if d.groove != nil {
				d.patternBar(start, s.Beats, level, b, s.Energy)
			} else if s.Beats == 3 {
				d.bar3(start, level, b, s.Energy)
			} else {
				d.bar(start, level, b, s.Energy)
			}
			switch {
			case b != 0 || i == 0:
			case level >= 2 || secs[i].Riser:
				d.hit(start, score.Crash, 0.8*s.Energy+0.2)
			case d.style != genre.DrumsSoftPulse && start < songEnd-2*beats:
				// A lighter section still starts on a cymbal (not in
				// the song's last two bars, where it would ring on).
				d.hit(start, score.Crash, 0.5*s.Energy+0.15)
			}
			if fill > 0 && (nextOn || rising || d.r.Chance(0.5)) {
				d.cut(n, start+beats-fill)
				d.fill(start+beats-fill, fill, s.Energy)
			}
		}
	}
	sort.SliceStable(d.hits, func(i, j int) bool { return d.hits[i].Start < d.hits[j].Start })
	return d.hits
}

// cut drops the hits written since index from that fall at or after pos,
// except the kick on the beat (the pulse carries through fills).
func (d *drummer) cut(from int, pos float64) {
	keep := d.hits[:from]
	for _, h := range d.hits[from:] {
		if h.Start < pos-1e-9 || (h.Drum == score.Kick || h.Drum == score.Kick808) && h.Start == math.Floor(h.Start) {
			keep = append(keep, h)
		}
	}
	d.hits = keep
}

// bar writes one bar of a builtin groove at level (1 light, 2 groove, 3
// full): the writer of the drummer's style (grooveBars) plays it.
func (d *drummer) bar(t float64, level, bar int, energy float64) {
	b := drumBar{d: d, t: t, level: level, bar: bar, v: 0.55 + 0.4*energy, off: 1.0}
	// Swung grooves keep their off-beat hats soft so that the beat stays
	// unambiguous (for listeners and tempo detectors alike).
	if d.swing > 0 {
		b.off = 0.6
	}
	if write := grooveBars[d.style]; write != nil {
		write(b)
	}
}

// trapKicks are the 808 kick rhythms of a four-bar trap loop; the 808 bass
// follows them.
var trapKicks = [][]float64{{0, 2.5}, {0, 0.75, 2.5}, {0, 2.5}, {0, 2.5, 3.5}}

// fill writes a fill of length beats (1 or 2) starting at t.
func (d *drummer) fill(t, length, energy float64) {
	v := 0.6 + 0.35*energy
	switch d.style {
	case genre.DrumsSoftPulse:
		for p := 0.0; p < length; p += 0.5 {
			d.hit(t+p, score.Rim, v*0.5)
		}
		return
	case genre.DrumsOrchestral:
		for p := 0.0; p < length; p += 0.25 {
			d.hit(t+p, score.TomLow, v*(0.4+0.4*p/length))
		}
		return
	case genre.DrumsTrap:
		for p := 0.0; p < length; p += 0.125 {
			d.hit(t+p, score.ClosedHat, v*(0.35+0.4*p/length))
		}
		d.hit(t+length-0.5, score.Snare, v*0.7)
		return
	case genre.DrumsJazz:
		for p := 0.0; p < length; p += 1.0 / 3 {
			d.hit(t+p, score.Snare, v*(0.4+0.3*p/length))
		}
		return
	}
	toms := []score.Drum{score.Snare, score.TomHigh, score.TomMid, score.TomLow}
	step := 0.25
	n := int(length / step)
	for i := 0; i < n; i++ {
		drum := toms[i*len(toms)/n]
		if d.r.Chance(0.25) {
			drum = score.Snare
		}
		vel := v * (0.65 + 0.35*float64(i)/float64(n))
		if i == 0 {
			vel = v * 0.85 // the fill starts on an accent
		}
		d.hit(t+float64(i)*step, drum, vel)
	}
}

// roll writes a build-up bar: snare notes getting denser and louder as
// progress (0..1] approaches the drop, over a steady kick.
func (d *drummer) roll(t, beats, progress, energy float64) {
	step := 1.0
	switch {
	case progress > 0.75:
		step = 0.25
	case progress > 0.4:
		step = 0.5
	}
	for p := 0.0; p < beats; p += step {
		d.hit(t+p, score.Snare, (0.35+0.55*progress*(0.6+0.4*p/beats))*(0.7+0.3*energy))
	}
	for p := 0.0; p < beats; p++ {
		d.hit(t+p, score.Kick, 0.75)
	}
}

// pickup writes the one-beat fill a drummer enters with, into the
// downbeat at.
func (d *drummer) pickup(at, energy float64) {
	d.fill(at-1, 1, energy)
}

// cymbalSwell writes a reverse-cymbal swell into the downbeat at: a
// cymbal roll over the last length beats, from almost nothing to loud
// (the crash on the downbeat follows it).
func (d *drummer) cymbalSwell(at, length float64) {
	const step = 0.25
	n := int(length / step)
	for i := 0; i < n; i++ {
		x := float64(i+1) / float64(n)
		d.hits = append(d.hits, score.Hit{Start: at - length + float64(i)*step, Drum: score.Crash, Velocity: 0.05 + 0.5*x*x})
	}
}
