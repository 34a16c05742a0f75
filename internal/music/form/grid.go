package form

import "math"

// SwingPos delays off-beat eighths by up to a triplet eighth and off-beat
// sixteenths by half that.
func SwingPos(pos, swing float64) float64 {
	if swing == 0 {
		return pos
	}
	f := pos - math.Floor(pos)
	switch {
	case math.Abs(f-0.5) < 1e-9:
		return pos + swing/6
	case math.Abs(f-0.25) < 1e-9, math.Abs(f-0.75) < 1e-9:
		return pos + swing/12
	}
	return pos
}
