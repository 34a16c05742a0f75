package synth_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestRecordedSoftHits plays the recorded kits' most trimmed drums (hats,
// shaker, tambourine: 26-40 dB under the kit by velocity, the kit lifted
// 35 dB after the player) at a groove's ghost and normal velocities: every
// hit sounds, louder with velocity and on the bank's velocity curve (gain
// with velocity squared; within 5 dB: the trims leave these drums MIDI
// velocities of 5-30, where rounding to a whole velocity is up to 1.5 dB
// and the velocity's offset of 1 lifts the softest), as FluidSynth plays
// them.
// meltysynth's gate at -60 dB of the player's own output dropped every
// closed hat under score velocity 0.52 (docs/engine.md, "Soft recorded
// drum hits").
func TestRecordedSoftHits(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustBank(t)
	hit := func(kit score.Kit, d score.Drum, vel float64) float64 {
		s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 1, TailSeconds: 0.2, Seed: 5,
			Tracks: []score.Track{{Name: "drums", Instrument: score.Drums, Role: score.RoleDrums, Kit: kit, Recorded: true,
				Hits: []score.Hit{{Start: 0, Drum: d, Velocity: vel}}}}}
		return rms(dryRender(t, s, withBank(b)))
	}
	for _, kit := range []score.Kit{score.KitAcoustic, score.KitBrush} {
		for _, d := range []score.Drum{score.ClosedHat, score.Shaker, score.Tambourine} {
			full := hit(kit, d, 1)
			line := fmt.Sprintf("%s %s:", kit, d)
			last := math.Inf(-1)
			for _, v := range []float64{0.3, 0.45, 0.6} {
				got := 20 * math.Log10(hit(kit, d, v)/full)
				want := 40 * math.Log10(v)
				line += fmt.Sprintf(" %.2f=%+.1f dB (want %+.1f)", v, got, want)
				if math.IsInf(got, -1) || math.Abs(got-want) > 5 {
					t.Errorf("kit %s: %s at velocity %.2f is %.1f dB under velocity 1, want %.1f within 5 dB", kit, d, v, -got, -want)
				} else if got <= last {
					t.Errorf("kit %s: %s at velocity %.2f is no louder than the softer hit", kit, d, v)
				}
				last = got
			}
			t.Log(line)
		}
	}
}
