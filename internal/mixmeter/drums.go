package mixmeter

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// DrumPattern is a score's drum pattern folded onto one bar: for every drum
// sound, the summed velocity at each sixteenth (a third of a beat in
// compound meter) of the bar over the whole song.
func DrumPattern(s *score.Score) map[score.Drum][]float64 {
	bpb := max(1, s.BeatsPerBar)
	steps := 4
	if s.Subdivision == 3 {
		steps = 3
	}
	out := map[score.Drum][]float64{}
	for _, t := range s.Tracks {
		for _, h := range t.Hits {
			pos := math.Mod(h.Start, float64(bpb))
			k := int(math.Round(pos*float64(steps))) % (bpb * steps)
			if out[h.Drum] == nil {
				out[h.Drum] = make([]float64, bpb*steps)
			}
			out[h.Drum][k] += h.Velocity
		}
	}
	return out
}

// DrumCosine is the cosine similarity of two scores' drum patterns (see
// DrumPattern): 1 for the same pattern, 0 for nothing in common. Two
// scores without drums give 1.
func DrumCosine(a, b *score.Score) float64 {
	pa, pb := DrumPattern(a), DrumPattern(b)
	var names []score.Drum
	for d := range pa {
		names = append(names, d)
	}
	for d := range pb {
		if _, ok := pa[d]; !ok {
			names = append(names, d)
		}
	}
	slices.Sort(names)
	var dot, na, nb float64
	for _, d := range names {
		x, y := pa[d], pb[d]
		for i := range max(len(x), len(y)) {
			var u, v float64
			if i < len(x) {
				u = x[i]
			}
			if i < len(y) {
				v = y[i]
			}
			dot += u * v
			na += u * u
			nb += v * v
		}
	}
	if na == 0 && nb == 0 {
		return 1
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}
