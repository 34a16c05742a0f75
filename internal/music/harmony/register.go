package harmony

import "github.com/songsmith/songsmith/internal/score"

// BassRange returns the lowest pitch of the octave a bass instrument sits in.
func BassRange(inst score.Instrument) int {
	switch inst {
	case score.SubBass:
		return 29 // F1
	case score.Strings:
		return 36 // cellos
	case score.ChoirPad:
		return 40 // a choir's basses (E2)
	default:
		return 33 // A1
	}
}

// Approach returns a scale tone next to target, on the side of from.
func Approach(k Key, target, from int) int {
	if target == from {
		return from + 7 // the fifth above when the harmony does not move
	}
	d := k.DegreeNear(target, 0)
	if from < target {
		return k.Pitch(d-1, 0)
	}
	return k.Pitch(d+1, 0)
}

// CompCenter is where a chord instrument's voicings sit.
func CompCenter(inst score.Instrument) int {
	switch inst {
	case score.DistGuitar:
		return 52
	case score.Guitar, score.Organ:
		return 60
	case score.Pad, score.Strings, score.ChoirPad:
		return 64
	default:
		return 62
	}
}
