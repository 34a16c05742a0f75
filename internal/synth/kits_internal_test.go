package synth

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// TestKeyPitchTonicNearest checks that every tuned drum of every kit lands
// on the key's tonic in all twelve keys, in the octave nearest its nominal
// pitch (never more than six semitones from it), except a kick that would
// fall under kickFloorHz: it takes the octave above.
func TestKeyPitchTonicNearest(t *testing.T) {
	for k, ds := range kitSets {
		for d, p := range ds.m {
			if !p.tuned {
				continue
			}
			for root := range 12 {
				f := ds.forKey(root).get(d).f0
				m := 69 + 12*math.Log2(f/440)
				if pc := ((int(math.Round(m)) % 12) + 12) % 12; pc != root || math.Abs(m-math.Round(m)) > 0.01 {
					t.Errorf("%s %s key %d: %.2f Hz is not the tonic", k, d, root, f)
				}
				if d == score.Kick && f/2 < kickFloorHz {
					if f < kickFloorHz {
						t.Errorf("%s kick key %d: %.2f Hz under the floor", k, root, f)
					}
					continue // the octave above the floor
				}
				if dist := 12 * math.Abs(math.Log2(f/p.f0)); dist > 6.001 {
					t.Errorf("%s %s key %d: %.2f Hz is %.2f semitones from its nominal %.2f Hz", k, d, root, f, dist, p.f0)
				}
			}
		}
	}
}

// TestPitchedHandDrumsTuned checks that the hand drums whose boom has a
// clear pitch follow the key: a taiko left on B1 in every key boomed the
// bVI of Eb minor, and Essentia heard the cinematic song in B major.
func TestPitchedHandDrumsTuned(t *testing.T) {
	for _, d := range []score.Drum{score.Taiko, score.Timpani} {
		if !handDrums[d].tuned {
			t.Errorf("%s is not tuned to the key", d)
		}
	}
}
