package music

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/music/drums"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/score"
)

// How a chord part plays a bar: comping styles, held and re-struck chords,
// strums (writeChords in parts.go chooses the voicings).

// comp writes one bar of a comping style with voicing vc (for compBroken the
// last pitch of vc is the low root) at time t.
func comp(pt *part, style genre.CompStyle, t float64, vc []int, v, energy float64) {
	switch style {
	case genre.CompPower:
		if energy < 0.5 {
			pt.chord(t, 4, vc, v)
			return
		}
		for p := 0.0; p < 4; p += 0.5 {
			pt.chord(t+p, 0.45, vc, v*drums.Accent(p))
		}
	case genre.CompBlock:
		pt.chord(t, 4, vc, v*0.85)
	case genre.CompPop:
		if energy < 0.6 {
			pt.chord(t, 2, vc, v)
			pt.chord(t+2, 2, vc, v*0.85)
		} else {
			for _, e := range [][2]float64{{0, 1.5}, {1.5, 1}, {2.5, 0.5}, {3, 1}} {
				pt.chord(t+e[0], e[1], vc, v*drums.Accent(e[0]))
			}
		}
	case genre.CompBallad:
		balladBar(pt, t, vc, v, energy)
	case genre.CompCharles:
		pt.chord(t, 1.4, vc, v)
		pt.chord(t+1.5, 2.4, vc, v*0.8)
	case genre.CompStab:
		for p := 0.5; p < 4; p++ {
			pt.chord(t+p, 0.3, vc, v*0.85)
		}
	case genre.CompSkank:
		// The double skank: on 2 and 4, and lighter on their "and"s
		// (with the one drop, aubio heard reggae at 72 bpm at 144 with it,
		// 127 without, moving between the beat and its eighths).
		pt.chord(t+1, 0.3, vc, v*0.85)
		pt.chord(t+1.5, 0.3, vc, v*0.6)
		pt.chord(t+3, 0.3, vc, v*0.85)
		pt.chord(t+3.5, 0.3, vc, v*0.6)
	case genre.CompFunk:
		top := vc[len(vc)-3:]
		for _, p := range []float64{0, 0.75, 1.5, 2.25, 2.5, 3.5} {
			pt.chord(t+p, 0.2, top, v*drums.Accent(p))
		}
	case genre.CompStrum:
		// Down on every beat, up on every "and": the hand keeps moving
		// and the beat keeps the full down-strum. (The "missed" down on
		// beat 3 of D–DU–UDU let the bass's beat 3 fill the eighths in,
		// and bpm-tools heard a folk song at 100 bpm as 197.)
		for _, e := range [][2]float64{{0, 1}, {1, 0.5}, {1.5, 0.5}, {2, 0.5}, {2.5, 0.5}, {3, 0.5}, {3.5, 0.5}} {
			pt.strum(t+e[0], e[1], vc, v*drums.Accent(e[0]), e[0]-float64(int(e[0])) == 0.5)
		}
	case genre.CompBroken:
		low, vc := vc[len(vc)-1], vc[:len(vc)-1]
		seq := []int{low, vc[len(vc)-1], vc[1%len(vc)], vc[len(vc)-1]}
		// The notes between the beats (the figure's repeated top note)
		// light, as a pianist plays an Alberti bass: the beat carries.
		// Even eighths made bpm-tools hear a string quartet's 98 bpm as
		// 142.7 (101.1 with them light).
		for j := 0; j < 8; j++ {
			pt.add(t+float64(j)*0.5, 0.5, seq[j%4], v*drums.Accent(float64(j)*0.5)*[]float64{1, 0.6}[j%2], false)
		}
	}
}

// balladBar writes one 4/4 bar of a ballad's piano: the left hand states
// every beat and the hands keep the eighths going, as a pianist keeps a
// slow song's time. Softly (energy under 0.6, and in the intro) the chord
// broken in even eighths from the low root (low, middle, top, middle);
// fuller, the chord on every beat, beat 1 strongest, and its top two
// notes lightly on every "and". Pop's syncopated comping (1, the and of
// 2, the and of 3, 4) and its half notes left a 76 bpm ballad's verse with
// an attack every two beats and beat 2 empty: aubio and bpm-tools heard it
// at 138-145 bpm. At 76 bpm aubio counts the eighths (152) wherever they
// sound: with the intro's held chords, beat-accented broken eighths and a
// chorus of quarter-note chords it moved between the beat and its eighths
// and heard 134-146 (engine 2026.11.29.3); with the eighths unbroken from
// the first bar, 153-155.
func balladBar(pt *part, t float64, vc []int, v, energy float64) {
	up := slices.Sorted(slices.Values(vc))
	if energy < 0.6 {
		low, mid, top := up[0]-12, up[len(up)/2], up[len(up)-1]
		for j, p := range []int{low, mid, top, mid, low + 12, mid, top, mid} {
			b := float64(j) * 0.5
			pt.add(t+b, 0.5, p, v*drums.Accent(math.Floor(b))*0.95, false)
		}
		return
	}
	for b := 0.0; b < 4; b++ {
		pt.chord(t+b, 1, up, v*drums.Accent(b))
		pt.chord(t+b+0.5, 0.5, up[max(0, len(up)-2):], v*drums.Accent(b)*0.6)
	}
}

// rechord moves the notes written since index from onto a second chord from
// beat at: pitch old[i] becomes pitch new[i] (dropped when new is shorter)
// in notes starting at or after at; notes sounding across at stop there and
// sound on with the new pitch.
func (pt *part) rechord(from int, at float64, old, new []int) {
	mapped := func(p int) (int, bool) {
		for i, o := range old {
			if o == p {
				if i < len(new) {
					return new[i], true
				}
				return 0, false
			}
		}
		return p, true
	}
	n := len(pt.notes)
	keep := pt.notes[:from]
	var tail []score.Note
	for _, x := range pt.notes[from:n] {
		switch {
		case x.Start >= at-1e-9:
			p, ok := mapped(x.Pitch)
			if !ok {
				continue
			}
			x.Pitch = p
		case x.Start+x.Length > at+1e-9:
			if p, ok := mapped(x.Pitch); ok {
				tail = append(tail, score.Note{Start: at, Length: x.Start + x.Length - at, Pitch: p, Velocity: x.Velocity * 0.9})
			}
			x.Length = at - x.Start
		}
		keep = append(keep, x)
	}
	pt.notes = append(keep, tail...)
}

// held plays one bar of voicing vc held to the bar's end (to split, then
// vc2 when the chord changes inside the bar); with roll the notes of vc
// come in one after another, lowest first, over the first half of the bar.
func (pt *part) held(t, beats float64, vc, vc2 []int, split float64, roll float64, v float64) {
	end := beats
	if split > 0 {
		end = split
	}
	step, last := 0.0, math.Inf(1)
	if n := float64(len(vc) - 1); roll > 0 && n > 0 {
		step = min(0.5, end/2/n)
		if roll >= 1 {
			// One note a beat: the roll states the beat; the notes
			// left at the last beat enter together.
			step, last = 1, math.Ceil(end-1e-9)-1
		}
	}
	for j, p := range slices.Sorted(slices.Values(vc)) {
		at := min(float64(j)*step, last)
		pt.add(t+at, end-at, p, v*(0.9-0.05*float64(j)), false)
	}
	if split > 0 {
		for _, p := range vc2 {
			pt.add(t+split, beats-split, p, v*0.85, false)
		}
	}
}

// chord adds all pitches of a voicing together.
func (pt *part) chord(t, length float64, vc []int, v float64) {
	for _, p := range vc {
		pt.add(t, length, p, v, false)
	}
}

// strum adds a voicing spread over a few milliseconds, downwards when up is
// false. An upstroke is lighter and, on a voicing of four notes or more,
// catches the treble strings only (the upper half): the down-strum on the
// beat stays the louder, fuller sound.
func (pt *part) strum(t, length float64, vc []int, v float64, up bool) {
	if up {
		v *= 0.85
		if len(vc) > 3 {
			vc = vc[len(vc)/2:]
		}
	}
	for j := range vc {
		p := vc[j]
		if up {
			p = vc[len(vc)-1-j]
		}
		d := 0.015 * float64(j)
		pt.add(t+d, length-d, p, v*(1-0.05*float64(j)), false)
	}
}
