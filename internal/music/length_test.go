package music

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/music/form"
)

// fitLength fills every length from 10 s to 5 min exactly with whole bars
// and a tail of at least half the style's: a free tempo moves by at most
// MaxNudge, a fixed one not at all.
func TestFitLength(t *testing.T) {
	for _, bpm := range []float64{40, 61, 90, 127, 174, 240} {
		for _, bpb := range []int{2, 3, 4, 5} {
			for _, tail := range []float64{1, 1.5, 3} {
				for secs := 10.0; secs <= 300; secs += 3.71 {
					for _, fixed := range []bool{false, true} {
						n, b, ring := form.FitLength(secs, bpm, bpb, tail, fixed)
						if barSec := float64(bpb) * 60 / bpm; barSec+math.Max(0.5, tail/2) > secs {
							continue // one bar and the shortest tail do not fit
						}
						total := float64(n*bpb)*60/b + ring
						if n < 1 || math.Abs(total-secs) > 1e-9 || ring < math.Max(0.5, tail/2)-1e-9 ||
							(fixed && b != bpm) || math.Abs(b/bpm-1) > form.MaxNudge+1e-12 {
							t.Fatalf("fit(%g s, %g bpm, %d/bar, tail %g, fixed %v) = %d bars at %g bpm + %g s = %g s",
								secs, bpm, bpb, tail, fixed, n, b, ring, total)
						}
					}
				}
			}
		}
	}
}
