package analysis

import (
	"math"
	"slices"
)

// tightness is how strongly the beat tracker holds its beats to the
// period: the penalty of an interval is tightness·ln(interval/period)².
const tightness = 400.0

// trackBeats finds beats in an onset envelope at about period frames by
// dynamic programming (Ellis 2007): every frame's score is its onset
// strength plus the best score of a previous beat half a period to two
// periods earlier, less a penalty for the interval's distance from the
// period; the beats are the best path back from the end.
func trackBeats(onset []float64, period float64) []int {
	n := len(onset)
	if n == 0 || period < 2 {
		return nil
	}
	sd := 0.0
	for _, v := range onset {
		sd += v * v
	}
	sd = math.Sqrt(sd / float64(n))
	if sd == 0 {
		return nil
	}
	lo, hi := int(math.Round(period/2)), int(math.Round(2*period))
	penalty := make([]float64, hi+1)
	for d := lo; d <= hi; d++ {
		l := math.Log(float64(d) / period)
		penalty[d] = tightness * l * l
	}
	score := make([]float64, n)
	back := make([]int, n)
	for t := range n {
		local := onset[t] / sd
		best, from := 0.0, -1
		for d := lo; d <= hi && d <= t; d++ {
			if v := score[t-d] - penalty[d]; from < 0 || v > best {
				best, from = v, t-d
			}
		}
		if from >= 0 && best > 0 {
			score[t], back[t] = local+best, from
		} else {
			score[t], back[t] = local, -1
		}
	}
	// Start from the best score in the last period.
	end := n - 1
	for t := max(0, n-int(period)); t < n; t++ {
		if score[t] > score[end] {
			end = t
		}
	}
	var beats []int
	for t := end; t >= 0; t = back[t] {
		beats = append(beats, t)
	}
	slices.Reverse(beats)
	return beats
}

// beatPeriod returns the least-squares spacing in frames of beats, each
// interval counted as the whole number of median intervals it spans (a
// missed beat leaves the spacing alone); 0 when it cannot.
func beatPeriod(beats []int) float64 {
	if len(beats) < 3 {
		return 0
	}
	iv := make([]float64, len(beats)-1)
	for i := range iv {
		iv[i] = float64(beats[i+1] - beats[i])
	}
	med := slices.Clone(iv)
	slices.Sort(med)
	m := med[len(med)/2]
	if m <= 0 {
		return 0
	}
	// Regress beat time on beat number.
	var sx, sy, sxx, sxy, k float64
	num := 0.0
	for i, b := range beats {
		if i > 0 {
			num += math.Max(1, math.Round(iv[i-1]/m))
		}
		x, y := num, float64(b)
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
		k++
	}
	den := k*sxx - sx*sx
	if den == 0 {
		return 0
	}
	return (k*sxy - sx*sy) / den
}
