package synth

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/audio"
)

// Leveller settings: passages more than levelRange LU under the song's
// loud parts are raised by (1 - 1/levelRatio) of the excess, at most
// levelMaxBoost dB, so a breakdown stays a breakdown but does not fall off
// a cliff after the drop. Near-silence (more than levelFloor LU under) is
// left alone, so tails and gaps are not pumped up.
const (
	levelRange    = 6.0
	levelRatio    = 5.0
	levelMaxBoost = 15.0
	levelFloor    = 36.0
	levelWindow   = 3.0 // seconds of short-term loudness
	levelStep     = 0.1 // seconds between gain points
)

// level runs the slow upward leveller over an interleaved buffer in place
// and returns the buffer's integrated loudness after it (LUFS, -Inf for
// silence), predicted from the same analysis: the leveller's gain moves
// over seconds, so it scales each 100 ms block's K-weighted power by its
// square.
func level(s []float32, ch int) float64 {
	frames := len(s) / ch
	if frames < int(2*levelWindow*sr) || ch < 1 {
		return IntegratedLoudness(&audio.Buffer{Rate: audio.SampleRate(sr), Channels: ch, Samples: s})
	}
	// K-weighted power of every 100 ms (levelStep), then the short-term
	// loudness of the window centred on each step.
	pw := kWeigh(s, ch, sr, nil)
	step := int(math.Round(levelStep * sr)) // kWeigh's sub-block
	st := shortTerm(pw)
	// The loud parts: the 90th percentile of the audible short-term values.
	var loud []float64
	for _, v := range st {
		if v > -70 {
			loud = append(loud, v)
		}
	}
	if len(loud) == 0 {
		return gatedLoudness(pw)
	}
	slices.Sort(loud)
	gain := levelGains(st, loud[int(0.9*float64(len(loud)-1))])
	if !slices.ContainsFunc(gain, func(g float64) bool { return g > 0.05 }) {
		return gatedLoudness(pw)
	}
	for i, g := range gain {
		gain[i] = dbToGain(g)
		pw[i] *= gain[i] * gain[i]
	}
	applyLevel(s, ch, gain, step)
	return gatedLoudness(pw)
}

// shortTerm returns the short-term loudness of the window centred on each
// step of K-weighted powers pw.
func shortTerm(pw []float64) []float64 {
	nStep := len(pw)
	half := int(levelWindow / levelStep / 2)
	st := make([]float64, nStep)
	pre := make([]float64, nStep+1)
	for i, p := range pw {
		pre[i+1] = pre[i] + p
	}
	for i := range st {
		a, b := max(0, i-half), min(nStep, i+half)
		st[i] = -0.691 + 10*math.Log10((pre[b]-pre[a])/float64(b-a)+1e-20)
	}
	return st
}

// levelGains returns the boost in dB of every step: what lies more than
// levelRange under ref is lifted by the ratio, faded out near the floor,
// and smoothed over a second either way so that it moves like a hand on a
// fader.
func levelGains(st []float64, ref float64) []float64 {
	gain := make([]float64, len(st))
	for i, v := range st {
		under := ref - v
		boost := 0.0
		if under > levelRange {
			boost = math.Min(levelMaxBoost, (under-levelRange)*(1-1/levelRatio))
		}
		// Fade the boost out over the last 6 LU above the floor.
		if fl := levelFloor - under; fl < 6 {
			boost *= math.Max(0, fl/6)
		}
		gain[i] = boost
	}
	smooth(gain, int(1/levelStep))
	return gain
}

// applyLevel applies the steps' linear gains to the frames of s,
// interpolated between steps.
func applyLevel(s []float32, ch int, gain []float64, step int) {
	frames, nStep := len(s)/ch, len(gain)
	// A frame is boosted only where a gain it interpolates between is
	// above 1.006: the frames of step j read gains j-1 to j+1 (j-2 to
	// j+1 with margin for rounding), so a step whose gains are all below
	// 1.0059 (an interpolation cannot round up past 1.006) is skipped.
	quiet := func(j int) bool {
		for k := max(0, j-2); k <= min(nStep-1, j+1); k++ {
			if gain[k] >= 1.0059 {
				return false
			}
		}
		return true
	}
	for i := 0; i < frames; i++ {
		if i%step == 0 && quiet(i/step) {
			i += step - 1
			continue
		}
		pos := (float64(i) - 0.5*float64(step)) / float64(step)
		k := int(math.Floor(pos))
		f := pos - float64(k)
		a, b := gain[max(0, min(nStep-1, k))], gain[max(0, min(nStep-1, k+1))]
		if f > 0 && f < 1 {
			a += f * (b - a)
		}
		if a <= 1.006 {
			continue
		}
		g := float32(a)
		for c := range ch {
			s[i*ch+c] *= g
		}
	}
}

// smooth replaces x by its moving average over 2r+1 points (shorter at the
// edges).
func smooth(x []float64, r int) {
	pre := make([]float64, len(x)+1)
	for i, v := range x {
		pre[i+1] = pre[i] + v
	}
	for i := range x {
		a, b := max(0, i-r), min(len(x), i+r+1)
		x[i] = (pre[b] - pre[a]) / float64(b-a)
	}
}
