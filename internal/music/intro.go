package music

import (
	"math"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/score"
)

// ringSeconds is about how long a note of inst is heard after it is
// struck: plucked and struck instruments die away, bowed, blown and
// synthesized ones sound as long as they are held (+Inf).
func ringSeconds(inst score.Instrument) float64 {
	switch inst {
	case score.Ukulele, score.Mandolin, score.Banjo, score.Kalimba, score.MusicBox, score.Pluck,
		score.Marimba, score.SteelDrums, score.Harpsichord, score.Sitar:
		return 0.6
	case score.Guitar, score.NylonGuitar, score.Harp, score.Vibraphone, score.Bells:
		return 1.5
	case score.Piano, score.EPiano:
		return 3
	}
	return math.Inf(1)
}

// strikeEvery is how often, in beats, the chord instrument inst strikes a
// held chord of section s again so that it keeps sounding: 0 (hold it)
// when one stroke rings through the bar, else the longest of a half bar,
// a beat or half a beat that the instrument rings through. In a song
// without drums (onBeats) the chord is struck on the beats as long as it
// rings through most of one: there its strokes are the pulse a listener
// and a tempo tracker count, and eighths in an intro of a piece in
// quarters made aubio count eighths (a minuet at 83 bpm heard at 102).
func strikeEvery(inst score.Instrument, s *form.Section, onBeats bool) float64 {
	ring := ringSeconds(inst)
	if s.BPM <= 0 || math.IsInf(ring, 1) {
		return 0
	}
	beatSec := 60 / s.BPM
	if float64(s.Beats)*beatSec <= ring {
		return 0
	}
	for _, every := range []float64{float64(s.Beats) / 2, 1} {
		grid := math.Trunc(every*2) / 2 // on a beat or half a beat
		if onBeats {
			grid = math.Trunc(every) // on a beat
		}
		if every*beatSec <= ring*1.05 && every == grid {
			return every
		}
	}
	if onBeats && beatSec <= ring*1.6 {
		return 1
	}
	return 0.5
}

// keepSounding plays one bar of a held chord (see held); with every > 0
// the chord is strummed again every every beats, a little softer, so that
// a plucked instrument fills the bar instead of dying away.
func (pt *part) keepSounding(t, beats float64, vc, vc2 []int, split float64, roll float64, v, every float64) {
	if every <= 0 || every >= beats-1e-9 {
		pt.held(t, beats, vc, vc2, split, roll, v)
		return
	}
	first := every
	if split > 0 {
		first = min(first, split)
	}
	pt.held(t, first, vc, nil, 0, roll, v)
	for at := every; at < beats-1e-9; at += every {
		voicing := vc
		if split > 0 && at >= split-1e-9 {
			voicing = vc2
		}
		end := min(at+every, beats)
		if split > at+1e-9 && split < end {
			end = split
		}
		pt.strum(t+at, end-at, voicing, v*[]float64{0.8, 0.7}[int(math.Round(at/every))%2], false)
	}
	if split > 0 && math.Mod(split, every) > 1e-9 {
		end := min(beats, (math.Floor(split/every)+1)*every)
		pt.strum(t+split, end-split, vc2, v*0.75, false)
	}
}
