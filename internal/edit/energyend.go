package edit

import (
	"cmp"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// The composer ends a song on a stop: the drums play the last bar's
// first beats and the band holds the final chord. A song whose curve ends
// drawn at endsOnFrom or more ends on the groove instead, as a loop-based
// producer ends a beat: the drums play through the last section's bars
// into the fade (playThrough). Measured on TestEnergyThirtyBriefs: the
// lo-fi brief's outro drawn 0.59, one bar whose drums stopped on its third
// beat, measured 1.3 onsets a second under the 0.52 verse's 2.3.
const endsOnFrom = 0.5

// playThrough gives every bar of [from, to) of s whose drums play fewer
// hits than the groove bar (grooveBar) of the composed song (as) the
// groove bar's hits after the bar's last hit: the drums play on where the
// composer stopped them.
func playThrough(s, as *score.Score, from, to float64) {
	bpb := float64(max(s.BeatsPerBar, 1))
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		if t.Instrument != score.Drums || ti >= len(as.Tracks) || as.Tracks[ti].Instrument != score.Drums {
			continue
		}
		best, _ := grooveBar(as.Tracks[ti].Hits, bpb)
		if best < 0 {
			continue
		}
		var groove []score.Hit
		for _, h := range as.Tracks[ti].Hits {
			if int(h.Start/bpb) == best && h.Drum != score.Crash {
				h.Start -= float64(best) * bpb
				groove = append(groove, h)
			}
		}
		for at := from; at < to-1e-9; at += bpb {
			last, n := -1.0, 0
			for _, h := range t.Hits {
				if h.Start >= at-1e-9 && h.Start < at+bpb-1e-9 {
					last, n = max(last, h.Start-at), n+1
				}
			}
			if n >= len(groove) {
				continue
			}
			for _, h := range groove {
				if h.Start > last+1e-9 && at+h.Start < to-1e-9 {
					h.Start += at
					t.Hits = append(t.Hits, h)
				}
			}
		}
		slices.SortStableFunc(t.Hits, func(a, b score.Hit) int { return cmp.Compare(a.Start, b.Start) })
	}
}
