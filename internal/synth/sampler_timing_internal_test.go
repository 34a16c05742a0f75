package synth

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/soundfont/sftest"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestRecordedNoteTiming plays recorded piano and kit notes whose starts
// fall at every offset within the synthesizer's block and checks each
// onset lands within half a block of its frame, early or late: events go
// EventLead frames ahead of their time. Sent on time, they would land up to
// a whole block late (a mean of half a block). The first note starts on a
// block boundary, so it lands exactly; its onset, which includes the
// sample's own lead-in and attack, is the reference for the others.
func TestRecordedNoteTiming(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := sftest.Bank(t)
	const gap = 690 * soundfont.BlockFrames // two seconds between notes: the piano rings on
	var evs []event
	for k := range 24 {
		st := gap*(k+1) + k*soundfont.BlockFrames/24 // every 24th of a block
		evs = append(evs, event{start: st, off: st + 2000, pitch: 60, vel: 0.8, drum: score.Snare})
	}
	s := &score.Score{BPM: 120, BeatsPerBar: 4}
	for _, tc := range []struct {
		name string
		tr   score.Track
	}{
		{"piano", score.Track{Instrument: score.Piano, Recorded: true}},
		{"kit", score.Track{Instrument: score.Drums, Kit: score.KitAcoustic, Recorded: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := newRecPart(b, s, &tc.tr, append([]event(nil), evs...), 0, false)
			if r == nil {
				t.Fatal("the bank cannot play the part")
			}
			x := make([]float32, gap*27)
			for start := 0; start < len(x); start += blockSize {
				r.render(start, x[start:min(len(x), start+blockSize)], nil)
			}
			var errs []float64
			for _, ev := range evs {
				// The onset: the first frame within 8 ms either side that
				// reaches a tenth of the note's first 50 ms peak.
				lo, hi := ev.start-353, ev.start+2205
				peak := 0.0
				for _, v := range x[lo:hi] {
					peak = math.Max(peak, math.Abs(float64(v)))
				}
				if peak == 0 {
					t.Fatalf("note at %d is silent", ev.start)
				}
				on := -1
				for i := lo; i < hi; i++ {
					if math.Abs(float64(x[i])) >= 0.1*peak {
						on = i
						break
					}
				}
				errs = append(errs, float64(on-ev.start)/sr*1000)
			}
			ref := errs[0]
			for i := range errs {
				errs[i] -= ref
			}
			minE, maxE, mean := errs[0], errs[0], 0.0
			for _, e := range errs {
				minE, maxE, mean = math.Min(minE, e), math.Max(maxE, e), mean+e/float64(len(errs))
			}
			t.Logf("onset error over %d notes (the sample's %.2f ms lead-in taken off): min %.2f ms, mean %.2f ms, max %.2f ms",
				len(errs), ref, minE, mean, maxE)
			half := float64(soundfont.BlockFrames/2)/sr*1000 + 0.05
			if minE < -half || maxE > half {
				t.Errorf("onsets %.2f..%.2f ms from their frames, want within ±%.2f ms", minE, maxE, half)
			}
			if math.Abs(mean) > 0.25 {
				t.Errorf("mean onset error %.2f ms: events are not centred on their frames", mean)
			}
		})
	}
}
