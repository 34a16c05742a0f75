package overlay

import (
	"strings"

	"github.com/songsmith/songsmith/internal/music/form"
)

// Where a breathing pulse (style.Drone.Breathe) rests: the last bar of a
// middle section of at least breathEnd bars (a phrase end), and in one of
// at least breathHalf bars the last bar of its first half too (two
// phrases, each ending on a breath).
const (
	breathEnd  = 3
	breathHalf = 6
)

// breathing returns the strike pattern of each bar of a song of sections
// secs whose pulse is struck on steps, as an arranger lets a pulse
// breathe with the phrases (issue 32: struck on every eighth from the
// first bar to the last, it was a beat every tracker agreed on, Essentia's
// calm beat confidence over the references'): the intro plays the whole
// pattern (the trackers lock on to the first bars: aubio sets beats at a
// default tempo until it has heard one); a middle section rests at its
// phrase ends, the strike before ringing through the bar while the drone
// holds; the outro keeps the beats and drops the steps between (the
// piece winds down). Bars past the sections play the whole pattern.
func breathing(steps string, secs []form.Section) func(bar int) string {
	rest := strings.Repeat(".", len(steps))
	beats := onBeats(steps)
	var bars []string
	for i, s := range secs {
		mid := i > 0 && i < len(secs)-1
		for b := range s.Bars {
			p := steps
			switch {
			case mid && s.Bars >= breathEnd && b == s.Bars-1,
				mid && s.Bars >= breathHalf && b == s.Bars/2-1:
				p = rest
			case i > 0 && i == len(secs)-1:
				p = beats
			}
			bars = append(bars, p)
		}
	}
	return func(bar int) string {
		if bar >= 0 && bar < len(bars) {
			return bars[bar]
		}
		return steps
	}
}

// onBeats keeps the hits of a 16-step pattern that fall on the beats (a
// pattern of another length is kept whole).
func onBeats(steps string) string {
	if len(steps) != 16 {
		return steps
	}
	b := []byte(steps)
	for i := range b {
		if i%4 != 0 {
			b[i] = '.'
		}
	}
	return string(b)
}
