package synth

import (
	"math"
	"slices"
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

// level runs the slow upward leveller over an interleaved buffer in place.
func level(s []float32, ch int) {
	frames := len(s) / ch
	step := int(levelStep * sr)
	if frames < int(2*levelWindow*sr) || ch < 1 {
		return
	}
	// K-weighted power per step, then short-term loudness of the window
	// centred on each step.
	shelf, hp := kWeighting(sr)
	nStep := frames / step
	pw := make([]float64, nStep)
	for c := range min(ch, 2) {
		var z1, z2 [4]float64 // x1, x2, y1, y2 of each stage
		for i := range nStep * step {
			x := float64(s[i*ch+c])
			y := shelf.b0*x + shelf.b1*z1[0] + shelf.b2*z1[1] - shelf.a1*z1[2] - shelf.a2*z1[3]
			z1 = [4]float64{x, z1[0], y, z1[2]}
			w := hp.b0*y + hp.b1*z2[0] + hp.b2*z2[1] - hp.a1*z2[2] - hp.a2*z2[3]
			z2 = [4]float64{y, z2[0], w, z2[2]}
			pw[i/step] += w * w
		}
	}
	half := int(levelWindow / levelStep / 2)
	st := make([]float64, nStep)
	pre := make([]float64, nStep+1)
	for i, p := range pw {
		pre[i+1] = pre[i] + p
	}
	for i := range st {
		a, b := max(0, i-half), min(nStep, i+half)
		st[i] = -0.691 + 10*math.Log10((pre[b]-pre[a])/float64((b-a)*step)+1e-20)
	}
	// The loud parts: the 90th percentile of the audible short-term values.
	var loud []float64
	for _, v := range st {
		if v > -70 {
			loud = append(loud, v)
		}
	}
	if len(loud) == 0 {
		return
	}
	slices.Sort(loud)
	ref := loud[int(0.9*float64(len(loud)-1))]
	gain := make([]float64, nStep)
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
	// Smooth the gain (a second either way) so it moves like a hand on a
	// fader, then apply it with linear interpolation between steps.
	smooth(gain, int(1/levelStep))
	if !slices.ContainsFunc(gain, func(g float64) bool { return g > 0.05 }) {
		return
	}
	for i, g := range gain {
		gain[i] = dbToGain(g)
	}
	for i := range frames {
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
