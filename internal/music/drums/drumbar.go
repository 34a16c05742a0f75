package drums

import (
	"math"

	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/score"
)

// drumBar is one bar of a builtin groove being written (drummer.bar): the
// drummer, where the bar starts, its level (1 light, 2 groove, 3 full), its
// index in the section, the base velocity, and how soft off-beat hats are
// (softer in swung grooves).
type drumBar struct {
	d     *Player
	t     float64
	level int
	bar   int
	v     float64
	off   float64
}

// grooveBars are the bar writers of the builtin grooves.
var grooveBars = map[genre.DrumStyle]func(drumBar){
	genre.DrumsBackbeat:   drumBar.backbeatBar,
	genre.DrumsBoomBap:    drumBar.boomBapBar,
	genre.DrumsTrap:       drumBar.trapBar,
	genre.DrumsFourFloor:  drumBar.fourFloorBar,
	genre.DrumsDisco:      drumBar.fourFloorBar,
	genre.DrumsTechno:     drumBar.fourFloorBar,
	genre.DrumsBreakbeat:  drumBar.breakbeatBar,
	genre.DrumsHalfTime:   drumBar.halfTimeBar,
	genre.DrumsOneDrop:    drumBar.oneDropBar,
	genre.DrumsJazz:       drumBar.jazzBar,
	genre.DrumsMetal:      drumBar.metalBar,
	genre.DrumsFunk:       drumBar.funkBar,
	genre.DrumsSoftPulse:  drumBar.softPulseBar,
	genre.DrumsOrchestral: drumBar.orchestralBar,
	genre.DrumsTrain:      drumBar.trainBar,
}

// eighths plays drum on every eighth of the bar, accented by the metre.
func (b drumBar) eighths(drum score.Drum, vel float64) {
	for p := 0.0; p < 4; p += 0.5 {
		a := Accent(p)
		if p != math.Floor(p) {
			a *= b.off
		}
		b.d.Hit(b.t+p, drum, vel*a)
	}
}

// sixteenths plays drum on every sixteenth of the bar, accented by the
// metre.
func (b drumBar) sixteenths(drum score.Drum, vel float64) {
	for p := 0.0; p < 4; p += 0.25 {
		a := Accent(p)
		if p != math.Floor(p) {
			a *= b.off
		}
		b.d.Hit(b.t+p, drum, vel*a)
	}
}

// backbeat plays drum on 2 and 4 (on 3 in half time).
func (b drumBar) backbeat(drum score.Drum) {
	if b.d.HalfTime {
		b.d.Hit(b.t+2, drum, b.v)
		return
	}
	b.d.Hit(b.t+1, drum, b.v)
	b.d.Hit(b.t+3, drum, b.v)
}

// backbeatBar writes a bar of the backbeat: kick on 1 and 3, snare on 2 and
// 4 over eighth hats (a light bar: quarter hats and rim clicks), a pushed
// kick and an open hat when full.
func (b drumBar) backbeatBar() {
	d, t, v, level, bar := b.d, b.t, b.v, b.level, b.bar
	d.Hit(t, score.Kick, v)
	d.Hit(t+2, score.Kick, v*0.9)
	if level >= 2 {
		b.backbeat(score.Snare)
		if bar%2 == 1 {
			d.Hit(t+2.5, score.Kick, v*0.7)
		}
		b.eighths(score.ClosedHat, v*0.6)
	} else {
		for p := 0.0; p < 4; p++ {
			d.Hit(t+p, score.ClosedHat, v*0.5)
		}
		d.Hit(t+1, score.Rim, v*0.5)
		d.Hit(t+3, score.Rim, v*0.5)
	}
	if level >= 3 {
		d.Hit(t+1.5, score.Kick, v*0.7)
		d.Hit(t+3.5, score.OpenHat, v*0.6)
	}
}

// boomBapBar writes a bar of boom bap: kick on 1, a lighter one on 3 and
// the and of 3 (a ghost before 2 every other bar), snare (rim when light)
// on 2 and 4, quarter-note hats. (With beat 3 left to a soft hat, the
// kick on the and of 3, the charleston's stabs on the and of 2 and 4 and
// the bass's pushes made aubio slip onto the off-beats: 90 bpm heard at
// 95.3, 93 at 162.)
func (b drumBar) boomBapBar() {
	d, t, v, level, bar := b.d, b.t, b.v, b.level, b.bar
	d.Hit(t, score.Kick, v)
	d.Hit(t+2, score.Kick, v*0.7)
	d.Hit(t+2.5, score.Kick, v*0.85)
	if bar%2 == 1 {
		d.Hit(t+1.75, score.Kick, v*0.6)
	}
	if level >= 2 {
		d.Hit(t+1, score.Snare, v)
		d.Hit(t+3, score.Snare, v)
	} else {
		d.Hit(t+1, score.Rim, v*0.6)
		d.Hit(t+3, score.Rim, v*0.6)
	}
	// Quarter-note hats: swung off-beat hats made tempo detectors
	// hear a double-time pulse read too coarsely to land within 3 %.
	for p := 0.0; p < 4; p++ {
		d.Hit(t+p, score.ClosedHat, v*0.55*Accent(p))
	}
	if level >= 3 {
		d.Hit(t+3.5, score.OpenHat, v*0.45)
		d.Hit(t+1.5, score.Shaker, v*0.35)
	}
}

// trapBar writes a bar of trap: the 808 kick rhythm of the four-bar loop, a
// clap (and snare) on 3, rim clicks on 2 and 4 from the groove on, eighth
// hats with a triplet or 32nd roll before every other bar line. (The kick
// and the clap say half time; the hats are too quiet in the mix to hold
// the beat against them: without the rims aubio took the half for a few
// bars after a fill, 128.6 for 137.)
func (b drumBar) trapBar() {
	d, t, v, level, bar := b.d, b.t, b.v, b.level, b.bar
	for _, p := range TrapKicks[bar%len(TrapKicks)] {
		d.Hit(t+p, score.Kick808, v*Accent(p))
	}
	d.Hit(t+2, score.Clap, v)
	if level >= 2 {
		d.Hit(t+2, score.Snare, v*0.8)
		d.Hit(t+1, score.Rim, v)
		d.Hit(t+3, score.Rim, v)
	}
	for p := 0.0; p < 4; p += 0.5 {
		if level >= 2 && p == 3.5 && bar%2 == 1 && d.R.Chance(0.7) {
			step := []float64{0.125, 1.0 / 6, 0.25}[d.R.Intn(3)]
			for q := p; q < p+0.5-1e-9; q += step {
				d.Hit(t+q, score.ClosedHat, v*0.45*(0.8+0.4*(q-p)))
			}
			continue
		}
		d.Hit(t+p, score.ClosedHat, v*0.75*Accent(p))
	}
	if level >= 3 {
		d.Hit(t+1.5, score.OpenHat, v*0.5)
	}
}

// fourFloorBar writes a bar of four on the floor (house, disco, techno): a
// kick every beat, claps (disco: snares) on 2 and 4, open hats on the
// off-beats, sixteenth hats when full (disco from the groove on), rim
// ghosts in techno.
func (b drumBar) fourFloorBar() {
	d, t, v, level := b.d, b.t, b.v, b.level
	for p := 0.0; p < 4; p++ {
		d.Hit(t+p, score.Kick, v)
	}
	if level >= 2 {
		clap := score.Clap
		if d.Style == genre.DrumsDisco {
			clap = score.Snare
		}
		d.Hit(t+1, clap, v*0.85)
		d.Hit(t+3, clap, v*0.85)
	}
	for p := 0.5; p < 4; p++ {
		d.Hit(t+p, score.OpenHat, v*0.55)
	}
	if level >= 3 || d.Style == genre.DrumsDisco && level >= 2 {
		b.sixteenths(score.ClosedHat, v*0.45)
	}
	if d.Style == genre.DrumsTechno && level >= 2 {
		d.Hit(t+3.75, score.Rim, v*0.5)
		d.Hit(t+1.75, score.Rim, v*0.4)
	}
}

// breakbeatBar writes a bar of the breakbeat: kick on 1 and 3 with a
// lighter one on the and of 3, snare on 2 and 4 with ghost notes, eighth
// hats, sixteenth shakers and a ride when full. (The two-step's kick on 1
// and the and of 3 alone made bpm-tools hear 174 bpm jungle at 116, two
// thirds: the kick on 3 keeps the half time, 87, in front.)
func (b drumBar) breakbeatBar() {
	d, t, v, level := b.d, b.t, b.v, b.level
	d.Hit(t, score.Kick, v)
	d.Hit(t+2, score.Kick, v*0.85)
	d.Hit(t+2.5, score.Kick, v*0.6)
	d.Hit(t+1, score.Snare, v)
	d.Hit(t+3, score.Snare, v)
	if level >= 2 {
		d.Hit(t+1.75, score.Snare, v*0.35)
		d.Hit(t+3.25, score.Snare, v*0.3)
	}
	b.eighths(score.ClosedHat, v*0.55)
	if level >= 3 {
		b.sixteenths(score.Shaker, v*0.35)
		d.Hit(t+0.5, score.Ride, v*0.4)
	}
}

// halfTimeBar writes a bar of half time (dubstep): kick on 1, snare and
// clap on 3, eighth hats from the groove on (quarters when light).
func (b drumBar) halfTimeBar() {
	d, t, v, level, bar := b.d, b.t, b.v, b.level, b.bar
	d.Hit(t, score.Kick, v)
	if bar%2 == 1 {
		d.Hit(t+0.75, score.Kick, v*0.7)
	}
	d.Hit(t+2, score.Snare, v)
	d.Hit(t+2, score.Clap, v*0.7)
	if level >= 2 {
		b.eighths(score.ClosedHat, v*0.55)
		d.Hit(t+3.25, score.Kick, v*0.6)
	} else {
		for p := 0.0; p < 4; p++ {
			d.Hit(t+p, score.ClosedHat, v*0.5)
		}
	}
	if level >= 3 {
		d.Hit(t+3.5, score.OpenHat, v*0.5)
	}
}

// oneDropBar writes a bar of the one drop (reggae): kick and rim together
// on 3 only (steppers kick on 1 when full), eighth hats, shakers on 2 and
// 4.
func (b drumBar) oneDropBar() {
	d, t, v, level := b.d, b.t, b.v, b.level
	d.Hit(t+2, score.Kick, v)
	d.Hit(t+2, score.Rim, v*0.9)
	if level >= 3 {
		d.Hit(t, score.Kick, v*0.7) // steppers in the chorus
	}
	b.eighths(score.ClosedHat, v*0.55)
	if level >= 2 {
		d.Hit(t+3.5, score.OpenHat, v*0.4)
		d.Hit(t+1, score.Shaker, v*0.4)
		d.Hit(t+3, score.Shaker, v*0.4)
	}
}

// jazzBar writes a bar of jazz time: the ride pattern, hi-hat on 2 and 4, a
// feathered kick on every beat, now and then a snare comp.
func (b drumBar) jazzBar() {
	d, t, v, level := b.d, b.t, b.v, b.level
	for _, p := range []float64{0, 1, 1.5, 2, 3, 3.5} {
		d.Hit(t+p, score.Ride, v*0.6*Accent(p))
	}
	d.Hit(t+1, score.ClosedHat, v*0.45)
	d.Hit(t+3, score.ClosedHat, v*0.45)
	for p := 0.0; p < 4; p++ {
		d.Hit(t+p, score.Kick, v*0.35)
	}
	if level >= 2 && d.R.Chance(0.6) {
		d.Hit(t+[]float64{1.5, 2.5, 3.5}[d.R.Intn(3)], score.Snare, v*0.35)
	}
}

// metalBar writes a bar of metal: double-kick sixteenths accented on the
// beats under a ride on every beat when full, a kick on every beat under
// eighth hats otherwise, the backbeat on the snare. (Kicks on the ands of
// 1 and 3 repeat every three eighths as often as every beat, and even
// sixteenths under a snare louder than the kick on the beats let aubio
// take three eighths or the half: 151-164 for 167-173.)
func (b drumBar) metalBar() {
	d, t, v, level := b.d, b.t, b.v, b.level
	if level >= 3 {
		for p := 0.0; p < 4; p += 0.25 {
			a := 0.4
			if p == math.Floor(p) {
				a = 1
			}
			d.Hit(t+p, score.Kick, v*a)
		}
		for p := 0.0; p < 4; p++ {
			d.Hit(t+p, score.Ride, v*0.6)
		}
	} else {
		for p := 0.0; p < 4; p++ {
			d.Hit(t+p, score.Kick, v*0.85*Accent(p))
		}
		for p := 0.0; p < 4; p += 0.5 {
			a := Accent(p)
			if p != math.Floor(p) {
				a *= 0.5
			}
			d.Hit(t+p, score.ClosedHat, v*0.55*a)
		}
	}
	b.backbeat(score.Snare)
}

// funkBar writes a bar of funk: a syncopated kick, snare on 2 and 4 with
// ghost notes and sixteenth hats from the groove on (eighths when light).
func (b drumBar) funkBar() {
	d, t, v, level := b.d, b.t, b.v, b.level
	for _, p := range []float64{0, 0.75, 2.5} {
		d.Hit(t+p, score.Kick, v*Accent(p))
	}
	d.Hit(t+1, score.Snare, v)
	d.Hit(t+3, score.Snare, v)
	if level >= 2 {
		for _, p := range []float64{1.75, 2.25, 3.75} {
			d.Hit(t+p, score.Snare, v*0.28)
		}
		b.sixteenths(score.ClosedHat, v*0.5)
	} else {
		b.eighths(score.ClosedHat, v*0.5)
	}
	if level >= 3 {
		d.Hit(t+3.5, score.OpenHat, v*0.5)
	}
}

// softPulseBar writes a bar of a soft pulse (ambient): a soft kick every
// beat, eighth shakers, rim clicks on 2 and 4 from the groove on.
func (b drumBar) softPulseBar() {
	d, t, v, level := b.d, b.t, b.v, b.level
	v *= 0.85
	for p := 0.0; p < 4; p++ {
		d.Hit(t+p, score.Kick, v*[]float64{1, 0.55, 0.85, 0.55}[int(p)])
	}
	for p := 0.0; p < 4; p += 0.5 {
		d.Hit(t+p, score.Shaker, v*0.55*Accent(p))
	}
	if level >= 2 {
		d.Hit(t+1, score.Rim, v*0.55)
		d.Hit(t+3, score.Rim, v*0.55)
	}
}

// orchestralBar writes a bar of an orchestral pulse: timpani (the low tom)
// on 1 and 3, every beat from the groove on, a cymbal every other bar when
// full.
func (b drumBar) orchestralBar() {
	d, t, v, level, bar := b.d, b.t, b.v, b.level, b.bar
	d.Hit(t, score.TomLow, v)
	d.Hit(t+2, score.TomLow, v*0.8)
	if level >= 2 {
		d.Hit(t+1, score.TomLow, v*0.55)
		d.Hit(t+3, score.TomLow, v*0.55)
	}
	if level >= 3 && bar%2 == 0 {
		d.Hit(t, score.Crash, v*0.5)
	}
}

// trainBar writes a bar of the train beat (country, folk): kick on 1 and 3,
// snare (rim when light) on 2 and 4 under eighth shakers, hats added when
// full.
func (b drumBar) trainBar() {
	d, t, v, level := b.d, b.t, b.v, b.level
	d.Hit(t, score.Kick, v)
	d.Hit(t+2, score.Kick, v*0.85)
	if level >= 2 {
		d.Hit(t+1, score.Snare, v*0.8)
		d.Hit(t+3, score.Snare, v*0.8)
	} else {
		d.Hit(t+1, score.Rim, v*0.6)
		d.Hit(t+3, score.Rim, v*0.6)
	}
	for p := 0.0; p < 4; p += 0.5 {
		d.Hit(t+p, score.Shaker, v*0.5*Accent(p))
	}
	if level >= 3 {
		b.eighths(score.ClosedHat, v*0.45)
	}
}
