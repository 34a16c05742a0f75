package synth

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// Every drum of every kit, struck as hard as it goes, ends quietly: its
// last frames are at least 40 dB under the hit's peak (a hit that stopped
// while still ringing made a step an onset detector counted as a note).
func TestDrumHitsEndQuietly(t *testing.T) {
	p := patches[score.Drums]
	for kit, ds := range kitSets {
		for drum, dp := range ds.m {
			var v voice
			v.start(p, event{vel: 1, drum: drum, dp: dp, seed: 7}, 1)
			buf := make([]float32, blockSize)
			env := make([]float32, blockSize)
			peak, last := 0.0, 0.0
			for n := 0; !v.done && n < 20*sr; n += blockSize {
				clear(buf)
				v.render(buf, 0, blockSize, -1, env)
				for _, x := range buf {
					peak = math.Max(peak, math.Abs(float64(x)))
				}
				last = 0
				for _, x := range buf[blockSize-64:] {
					last = math.Max(last, math.Abs(float64(x)))
				}
			}
			if peak == 0 {
				t.Errorf("kit %q drum %v is silent", kit, drum)
				continue
			}
			if db := 20 * math.Log10(last/peak+1e-12); db > -40 {
				t.Errorf("kit %q drum %v stops %.1f dB under its peak, want <= -40", kit, drum, db)
			}
		}
	}
}
