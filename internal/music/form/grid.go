package form

import (
	"math"

	"github.com/songsmith/songsmith/internal/score"
)

// Swing is how a song delays its off-beats: Amount from 0 (straight) to 1
// (a full triplet swing). Sixteenths swings the off-beat sixteenths only
// and keeps the off-beat eighths straight, as slow hip hop, soul, r&b and
// reggae grooves do: the beat's eighths stay even, so a listener (and a
// tempo tracker) taps the beat and not the long-short pairs of swung
// eighths, whose long eighth alone heard 77 bpm at 128.
type Swing struct {
	Amount     float64
	Sixteenths bool
}

// SwingOf is the swing the composer wrote s with.
func SwingOf(s *score.Score) Swing {
	return Swing{Amount: s.Swing, Sixteenths: s.SwingSixteenths}
}

// Pos delays an off-beat eighth by up to a triplet eighth (unless only the
// sixteenths swing) and an off-beat sixteenth by half that.
func (sw Swing) Pos(pos float64) float64 {
	if sw.Amount == 0 {
		return pos
	}
	f := pos - math.Floor(pos)
	switch {
	case math.Abs(f-0.5) < 1e-9 && !sw.Sixteenths:
		return pos + sw.Amount/6
	case math.Abs(f-0.25) < 1e-9, math.Abs(f-0.75) < 1e-9:
		return pos + sw.Amount/12
	}
	return pos
}
