package music

import (
	"github.com/songsmith/songsmith/internal/music/cast"
	"github.com/songsmith/songsmith/internal/music/drums"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// Triple meter: a prompt asking for a waltz, 3/4 or "in three" composes in
// 3/4 when the genre suits it; other genres keep 4/4.

// rhythmCells3 are one-bar melodic rhythms in 3/4, from sparse to dense.
var rhythmCells3 = [3][][]beatNote{
	{ // sparse
		{{0, 2}, {2, 1}}, {{0, 3}}, {{0, 1}, {1, 2}}, {{0, 1.5}, {1.5, 1.5}},
	},
	{ // medium
		{{0, 1}, {1, 1}, {2, 1}}, {{0, 1.5}, {1.5, 0.5}, {2, 1}}, {{0, 1}, {1, 0.5}, {1.5, 0.5}, {2, 1}}, {{0, 2}, {2, 0.5}, {2.5, 0.5}},
	},
	{ // dense
		{{0, 0.5}, {0.5, 0.5}, {1, 0.5}, {1.5, 0.5}, {2, 1}}, {{0, 1}, {1, 0.5}, {1.5, 0.5}, {2, 0.5}, {2.5, 0.5}},
		{{0, 0.75}, {0.75, 0.25}, {1, 1}, {2, 0.5}, {2.5, 0.5}},
	},
}

// rhythmCells68 are one-bar melodic rhythms in 6/8 (two dotted-quarter
// beats of three eighths), from sparse to dense.
var rhythmCells68 = [3][][]beatNote{
	{ // sparse
		{{0, 1}, {1, 1}}, {{0, 2}}, {{0, 2.0 / 3}, {2.0 / 3, 1.0 / 3}, {1, 1}},
	},
	{ // medium
		{{0, 2.0 / 3}, {2.0 / 3, 1.0 / 3}, {1, 2.0 / 3}, {5.0 / 3, 1.0 / 3}},
		{{0, 1.0 / 3}, {1.0 / 3, 1.0 / 3}, {2.0 / 3, 1.0 / 3}, {1, 1}},
		{{0, 1}, {1, 1.0 / 3}, {4.0 / 3, 1.0 / 3}, {5.0 / 3, 1.0 / 3}},
	},
	{ // dense: the jig's running eighths
		{{0, 1.0 / 3}, {1.0 / 3, 1.0 / 3}, {2.0 / 3, 1.0 / 3}, {1, 1.0 / 3}, {4.0 / 3, 1.0 / 3}, {5.0 / 3, 1.0 / 3}},
		{{0, 2.0 / 3}, {2.0 / 3, 1.0 / 3}, {1, 1.0 / 3}, {4.0 / 3, 1.0 / 3}, {5.0 / 3, 1.0 / 3}},
	},
}

// waltzBass writes one 3/4 bar of bass at t on chord tones c: a walking
// line for walking styles, a held root for sustained ones, otherwise the
// "oom" of oom-pah-pah on the downbeat, alternating root and fifth by bar.
func (pt *part) waltzBass(style genre.BassStyle, k harmony.Key, t float64, c harmony.BassTones, nextRoot, bar int, v, energy float64, band bool) {
	switch style {
	case genre.BassWalking:
		pt.add(t, 1, c.Root, v, false)
		pt.add(t+1, 1, []int{c.Third, c.Fifth}[pt.r.Intn(2)], v*0.8, false)
		pt.add(t+2, 1, nextRoot+[]int{1, -1}[pt.r.Intn(2)], v*0.75, false) // chromatic approach
	case genre.BassSustain:
		if band {
			pt.add(t, 0.9, c.Root, v*0.8, false)
			pt.add(t+1, 0.9, c.Fifth, v*0.6, false)
			pt.add(t+2, 0.9, c.Octave, v*0.6, false)
			return
		}
		pt.add(t, 3, c.Root, v*0.8, false)
	default:
		pitch := c.Root
		if bar%2 == 1 {
			pitch = c.Fifth
		}
		if band {
			// Without drums the plucked bass (see waltzBassInstrument)
			// strikes every beat, the root on the downbeat and the fifth
			// and octave lighter on 2 and 3, with the chords' "pah-pah"
			// (oomPahPah): the bass is the loudest part in the low end, so
			// a bass on the downbeat alone puts the song's pulse in bars
			// (bpm-tools reads two thirds of the tempo).
			pt.add(t, 0.9, c.Root, v, false)
			pt.add(t+1, 0.9, c.Fifth, v*0.75, false)
			pt.add(t+2, 0.9, c.Octave, v*0.75, false)
			return
		}
		if energy < 0.5 {
			pt.add(t, 2.5, pitch, v, false)
			return
		}
		// The "oom" of oom-pah-pah: the bass on the downbeat, with a
		// pickup into the next chord every other bar. A note on beat 3 of
		// every bar puts the strongest low-end period at a bar and a half,
		// which a listener (and bpm-tools) hears as two thirds of the tempo.
		pt.add(t, 2.5, pitch, v, false)
		if bar%2 == 1 && nextRoot != pitch {
			pt.add(t+2.5, 0.5, harmony.Approach(k, nextRoot, pitch), v*0.55, false)
		}
	}
}

// drumless reports whether no section of a song has drums: the band
// itself has to state the beats.
func drumless(secs []form.Section) bool {
	for i := range secs {
		if secs[i].On[form.LayerDrums] {
			return false
		}
	}
	return true
}

// waltzBassInstrument returns the bass instrument of a song in meter m
// cast as c: in a waltz or a 6/8 song without drums the basses play
// pizzicato (the plucked upright bass) where the style has the strings'
// slow bowed attack, which has no onset for a listener to count the beats
// by (bpm-tools read the classical waltz's bowed bass on the downbeat as
// two thirds of the tempo, and missed 3 of 8 classical pieces in 6/8). A
// bass the prompt names keeps its instrument. So do the cellos of a
// concert piece in any meter (concert, see concertPulse): bowed, their
// quarter notes under a string quartet's chorus at 97 bpm gave aubio no
// beat (heard at 107-114), plucked they do (97.2).
func waltzBassInstrument(c cast.Band, m style.Meter, concert bool) score.Instrument {
	in := c.Inst[form.LayerBass]
	if (m == style.ThreeFour || m == style.SixEight || concert) && c.Inst[form.LayerDrums] == "" && in == score.Strings && !c.Named[form.LayerBass] {
		return score.UprightBass
	}
	return in
}

// slowAttack reports whether an instrument swells in (pads, choir, bowed
// strings): it holds a waltz's harmony rather than striking its beats.
func slowAttack(inst score.Instrument) bool {
	return inst == score.Pad || inst == score.ChoirPad || inst == score.Strings
}

// oomPahPah writes one 3/4 bar of the chord part of a waltz without drums
// at t, as a waltz band's accompaniment states the meter: the "oom" on the
// downbeat (the low root for broken-chord styles, whose last pitch of vc
// is that root; the whole voicing otherwise), then the "pah-pah", the
// chord lighter and detached on beats 2 and 3. Every beat is struck and
// nothing sounds between them, so a listener (and bpm-tools) hears the
// tempo in beats; six broken eighths, or a chord held through the bar
// under a melody, read as twice the tempo or as a bar and a half.
func oomPahPah(pt *part, style genre.CompStyle, t float64, vc []int, v float64) {
	if style == genre.CompBroken {
		low, upper := vc[len(vc)-1], vc[:len(vc)-1]
		pt.add(t, 0.9, low, v, false)
		pt.chord(t+1, 0.55, upper, v*0.8)
		pt.chord(t+2, 0.55, upper, v*0.8)
		return
	}
	pt.chord(t, 0.9, vc, v*0.85)
	pt.chord(t+1, 0.55, vc, v*0.6)
	pt.chord(t+2, 0.55, vc, v*0.6)
}

// comp3 writes one 3/4 bar of a comping style with voicing vc (for
// compBroken the last pitch of vc is the low root) at time t: the "pah-pah"
// on beats 2 and 3 for rhythmic styles, a jazz-waltz figure for Charleston
// comping, six-eighth broken chords, strums on every beat.
func comp3(pt *part, style genre.CompStyle, t float64, vc []int, v, energy float64) {
	switch style {
	case genre.CompBlock:
		pt.chord(t, 3, vc, v*0.85)
	case genre.CompBroken:
		low, vc := vc[len(vc)-1], vc[:len(vc)-1]
		top, mid := vc[len(vc)-1], vc[1%len(vc)]
		for j, p := range []int{low, top, mid, top, mid, top} {
			pt.add(t+float64(j)*0.5, 0.5, p, v*drums.Accent(float64(j)*0.5), false)
		}
	case genre.CompCharles:
		pt.chord(t, 0.9, vc, v)
		pt.chord(t+1.5, 1.4, vc, v*0.8)
	case genre.CompStrum:
		pt.strum(t, 1, vc, v*0.9, false)
		pt.strum(t+1, 1, vc, v*0.75, false)
		pt.strum(t+2, 1, vc, v*0.75, energy >= 0.6)
	default:
		pt.chord(t+1, 0.9, vc, v*0.8)
		pt.chord(t+2, 0.9, vc, v*0.8)
	}
}
