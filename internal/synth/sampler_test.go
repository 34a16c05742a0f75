package synth_test

import (
	"fmt"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
)

// TestRecordedPitch plays single notes of recorded instruments from the
// bank and estimates each note's fundamental from the rendered audio
// (NSDF autocorrelation over 0.19 s of the held note). Every note must be
// within 25 cents of equal temperament: wrong root keys, sample-rate or
// tuning mistakes are off by a semitone or more.
func TestRecordedPitch(t *testing.T) {
	b := mustBank(t)
	cases := []struct {
		in      score.Instrument
		role    score.Role
		pitches []int
	}{
		{score.Piano, score.RoleChords, []int{36, 48, 60, 72, 84}},
		{score.Strings, score.RolePad, []int{48, 55, 67, 79}},
		{score.Flute, score.RoleLead, []int{67, 72, 79, 84}},
		{score.Bass, score.RoleBass, []int{33, 40, 45}},
		{score.UprightBass, score.RoleBass, []int{36, 43}},
		{score.Guitar, score.RoleChords, []int{52, 64}},
		{score.Sax, score.RoleLead, []int{58, 65}},
		{score.Brass, score.RoleChords, []int{55, 62}},
		// The GM drawbar organ sounds its 16' stop, an octave down, like
		// the synthesized organ patch (octave -12).
		{score.Organ, score.RoleChords, []int{60 - 12}},
	}
	for _, c := range cases {
		for _, p := range c.pitches {
			t.Run(fmt.Sprintf("%s/%d", c.in, p), func(t *testing.T) {
				key := p
				if c.in == score.Organ {
					key += 12
				}
				s := recordedScore(c.in, c.role, []score.Note{{Start: 0, Length: 2, Pitch: key, Velocity: 0.8}})
				x := renderLeft(t, s, b)
				from := int(0.35 * 44100)
				got := estimatePitch(x[from:from+8192+1300], 44100)
				want := midiHz(p)
				t.Logf("%s %d: %.2f Hz, want %.2f Hz (%+.1f cents)", c.in, p, got, want, cents(got, want))
				if d := cents(got, want); d > 25 || d < -25 {
					t.Errorf("%s note %d: %.2f Hz, want %.2f Hz (%+.1f cents)", c.in, p, got, want, d)
				}
			})
		}
	}
}
