package synth_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
)

// TestKickFollowsKey renders the kick and the 808 of every kit in all
// twelve keys and measures the settled body pitch (FFT of 16384 frames
// from 150 ms, after the pitch sweep): it must be the key's tonic within
// 25 cents in every key, and agree with KickHz. The kick used to take the
// fifth where the tonic lay more than three semitones from its nominal
// pitch, to keep its range within six semitones over the keys; Essentia
// then heard salsa a fifth away (E major as B minor: a kick on every beat
// outweighs the chords' tonic). The tonic wins: each kit's kick spans up
// to eleven semitones over the twelve keys (the octave nearest its nominal
// pitch, never more than six semitones from it, a kick never under 44 Hz:
// TestKeyPitchTonicNearest) and stays between 30 and 110 Hz.
func TestKickFollowsKey(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: the kick's pitch in every kit")
	}
	for _, k := range enumValues(t, "Kit") {
		kit := score.Kit(k)
		for _, d := range []score.Drum{score.Kick, score.Kick808} {
			lo, hi := math.Inf(1), 0.0
			for root := range 12 {
				x := hit(t, kit, d, root)
				f := fundamental(left(x, int(0.15*44100), 16384))
				m := 69 + 12*math.Log2(f/440)
				pc := ((int(math.Round(m)) % 12) + 12) % 12
				if c := 100 * math.Abs(m-math.Round(m)); c > 25 {
					t.Errorf("%s %s key %d: %.2f Hz is %.0f cents off the scale", kit, d, root, f, c)
				}
				if pc != root {
					t.Errorf("%s %s key %d: %.2f Hz is pitch class %d, not the tonic", kit, d, root, f, pc)
				}
				if d == score.Kick {
					if want := synth.KickHz(kit, root); math.Abs(1200*math.Log2(f/want)) > 25 {
						t.Errorf("%s key %d: measured %.2f Hz, KickHz %.2f", kit, root, f, want)
					}
				}
				lo, hi = math.Min(lo, f), math.Max(hi, f)
			}
			if span := 12 * math.Log2(hi/lo); span > 11.05 || lo < 30 || hi > 110 {
				t.Errorf("%s %s: %.1f to %.1f Hz over the keys (%.1f semitones)", kit, d, lo, hi, span)
			}
			t.Logf("%-10s %-8s %.1f..%.1f Hz over the twelve keys", kit, d, lo, hi)
		}
	}
}
