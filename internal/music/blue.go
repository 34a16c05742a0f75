package music

import "github.com/songsmith/songsmith/internal/music/harmony"

// Blue notes: the flat third, flat fifth and flat seventh of the key, used
// by blues, jazz, funk, rock and hip hop melodies as short approach notes
// off the beat that resolve by a half or whole step into the note on the
// beat.

// blueApproach returns a blue note (b3, b5 or b7 of the key, outside its
// scale) a half or whole step from target, from which the melody resolves
// by step into target, and false when target has no such neighbour.
func blueApproach(k harmony.Key, target int) (int, bool) {
	var b int
	switch harmony.PC(target - k.Root) {
	case 4, 7: // b3 up to 3, b5 up to 5
		b = target - 1
	case 2, 5, 9: // b3 down to 2, b5 down to 4, b7 down to 6
		b = target + 1
	case 0: // b7 up a whole step to the tonic
		b = target - 2
	default:
		return 0, false
	}
	if harmony.InScale(b, k.Root, k.Mode) {
		return 0, false
	}
	return b, true
}

// blueGrace adds, before a melody note of pitch p at bar position at (on
// the beat), a blue approach note taken from the end of the previous note
// (which started at prevAt and was the last note added), with chance rate.
func (pt *part) blueGrace(k harmony.Key, r *harmony.RNG, rate float64, t, prevAt, at float64, p, lo, hi int, vel float64) {
	if rate <= 0 || at != float64(int(at)) || at-prevAt < 0.5 || len(pt.notes) == 0 {
		return
	}
	prev := &pt.notes[len(pt.notes)-1]
	if prev.Start+prev.Length < t+at-0.5 || !r.Chance(rate) {
		return // a rest before the note: nothing to take the time from
	}
	b, ok := blueApproach(k, p)
	if !ok || b < lo || b > hi {
		return
	}
	g := 0.25
	if at-prevAt >= 1.5 {
		g = 0.5
	}
	prev.Length = t + at - g - prev.Start
	pt.add(t+at-g, g*0.9, b, vel*0.8, false)
}
