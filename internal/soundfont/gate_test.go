package soundfont_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestOutputGainKeepsSoftNotes plays FluidR3's closed hi-hat (standard
// kit) at MIDI velocities 7-20. At unit output gain meltysynth drops a
// voice under -60 dB, which takes the hits under velocity 12 (as upstream
// does); told that its output is lifted 32 dB (OutputGain 40), the player
// plays every hit, its power going with velocity to the fourth (gain with
// velocity squared) as FluidSynth plays them, and the hits it played
// before are unchanged.
func TestOutputGainKeepsSoftNotes(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustLoad(t)
	hit := func(gain float64, vel int) float64 {
		pl, err := b.NewStereoPlayer(8)
		if err != nil {
			t.Fatal(err)
		}
		if err := pl.Program(b, soundfont.PercussionChannel, soundfont.PercussionBank, 0); err != nil {
			t.Fatal(err)
		}
		pl.OutputGain(gain)
		pl.NoteOn(soundfont.PercussionChannel, 42, float64(vel-1)/126)
		mid := make([]float32, soundfont.SampleRate/4)
		pl.RenderMidSide(mid, make([]float32, len(mid)))
		return power(mid)
	}
	if p := hit(1, 9); p != 0 {
		t.Logf("velocity 9 at unit gain plays (%.1f dB): meltysynth's floor moved", 10*math.Log10(p))
	}
	last, lastVel := 0.0, 0
	for _, vel := range []int{7, 9, 11, 12, 14, 20} {
		p := hit(40, vel)
		db := 10 * math.Log10(p)
		if p == 0 {
			t.Errorf("velocity %d is silent with the lower floor", vel)
		} else if want := 40 * math.Log10(float64(vel)/float64(lastVel)); lastVel > 0 && math.Abs(db-last-want) > 1.5 {
			t.Errorf("velocity %d: %.1f dB over velocity %d, want %.1f (velocity squared) within 1.5 dB", vel, db-last, lastVel, want)
		}
		last, lastVel = db, vel
		if vel >= 12 {
			if q := hit(1, vel); q != p {
				t.Errorf("velocity %d: %.2f dB with the lower floor, %.2f dB without", vel, db, 10*math.Log10(q))
			}
		}
	}
}
