package synth_test

import (
	"context"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// heldNote is a 120-BPM score of one flute note (A4) held 2.5 s, recorded
// or synthesized, with controls cs.
func heldNote(recorded bool, cs ...score.Control) *score.Score {
	s := recordedScore(score.Flute, score.RoleLead, []score.Note{{Start: 0, Length: 5, Pitch: 69, Velocity: 0.8}})
	s.Tracks[0].Recorded = recorded
	s.Tracks[0].Controls = cs
	return s
}

// renderMid renders s dry, with bank b (nil: synthesized), as mono.
func renderMid(t *testing.T, s *score.Score, b *soundfont.Bank) []float32 {
	t.Helper()
	o := synth.Options{Bank: synth.NoBank}
	if b != nil {
		o = withBank(b)
	}
	buf, err := synth.RenderDry(context.Background(), s, styled(s, o))
	if err != nil {
		t.Fatal(err)
	}
	l, r := channel(buf, 0), channel(buf, 1)
	for i := range l {
		l[i] = 0.5 * (l[i] + r[i])
	}
	return l
}

// TestControlsRender (issue 32 item 3): a part's controls sound, the same
// way in a synthesized voice and a SoundFont player: a bend of two
// semitones raises the pitch by two semitones, modulation brings in a
// vibrato (the pitch moves between 0.05 s windows), expression falling
// from 1 to 0.5 quarters the level (the GM curve: the square).
func TestControlsRender(t *testing.T) {
	testutil.SkipRaceShort(t)
	eachPlayer(t, func(name string, b *soundfont.Bank, rec bool) {
		at := func(x []float32, sec float64) float64 {
			i := int(sec * 44100)
			return estimatePitch(x[i:i+4410], 44100)
		}
		plain := renderMid(t, heldNote(rec), b)
		bent := renderMid(t, heldNote(rec, score.Control{Start: 2, Kind: score.Bend, Value: 2}), b)
		if p0, p1 := at(plain, 1.5), at(bent, 1.5); math.Abs(12*math.Log2(p1/p0)-2) > 0.15 {
			t.Errorf("%s: a bend of 2 semitones moves %.1f Hz to %.1f Hz (%.2f semitones)", name, p0, p1, 12*math.Log2(p1/p0))
		}
		vib := renderMid(t, heldNote(rec, score.Control{Start: 1, Kind: score.Modulation, Value: 1}), b)
		spread := func(x []float32) float64 {
			lo, hi := math.Inf(1), 0.0
			for sec := 1.0; sec < 2.2; sec += 0.05 {
				i := int(sec * 44100)
				p := estimatePitch(x[i:i+2205], 44100)
				lo, hi = min(lo, p), max(hi, p)
			}
			return 1200 * math.Log2(hi/lo)
		}
		if s0, s1 := spread(plain), spread(vib); s1 < s0+25 {
			t.Errorf("%s: pitch moves %.0f cents without modulation, %.0f with: want a vibrato", name, s0, s1)
		}
		// The part's level is balanced as a whole: the swell is heard
		// against the part's own level before it.
		soft := renderMid(t, heldNote(rec, score.Control{Start: 0, Kind: score.Expression, Value: 1},
			score.Control{Start: 2, Kind: score.Expression, Value: 1}, score.Control{Start: 2.2, Kind: score.Expression, Value: 0.5}), b)
		win := func(x []float32, a, b float64) float64 { return rms(x[int(a*44100):int(b*44100)]) }
		if r := win(soft, 1.3, 2) / win(soft, 0.5, 0.9) / (win(plain, 1.3, 2) / win(plain, 0.5, 0.9)); math.Abs(r-0.25) > 0.04 {
			t.Errorf("%s: expression 1 then 0.5 scales the level by %.2f, want 0.25", name, r)
		}
	})
}

// bendGesture is a scoop into beat b from from semitones, as perform
// writes it at 120 BPM: back to the written pitch in 90 ms, in thirds.
func bendGesture(b, from float64) []score.Control {
	const t = 0.18 // beats: 90 ms
	return []score.Control{
		{Start: b, Kind: score.Bend, Value: from},
		{Start: b + t/3, Kind: score.Bend, Value: from * 0.45},
		{Start: b + 2*t/3, Kind: score.Bend, Value: from * 0.12},
		{Start: b + t, Kind: score.Bend, Value: 0},
	}
}

// TestBendGesturesHold (issue 32 item 3): between two bend gestures 0.55 s
// apart the pitch holds the written one, in a synthesized voice and a
// SoundFont player, as a MIDI player holds the last bend; it does not
// glide from the first gesture's end toward the second's start (with
// ramps between points up to 0.6 s apart it sank a semitone by the
// middle of the stretch: a bass's D2 read as C#2). Each gesture still
// sounds: 20 ms into one the pitch is under the written one.
func TestBendGesturesHold(t *testing.T) {
	testutil.SkipRaceShort(t)
	eachPlayer(t, func(name string, b *soundfont.Bank, rec bool) {
		at := func(x []float32, sec, win float64) float64 {
			i := int(sec * 44100)
			return estimatePitch(x[i:i+int(win*44100)], 44100)
		}
		plain := renderMid(t, heldNote(rec), b)
		bent := renderMid(t, heldNote(rec, append(bendGesture(0.5, -2), bendGesture(1.6, -2)...)...), b)
		for _, sec := range []float64{0.45, 0.55, 0.65} {
			if p0, p1 := at(plain, sec, 0.1), at(bent, sec, 0.1); math.Abs(12*math.Log2(p1/p0)) > 0.15 {
				t.Errorf("%s: %.2f-%.2f s, between two gestures, the pitch is %.2f semitones off the written one (%.1f Hz for %.1f Hz)",
					name, sec, sec+0.1, 12*math.Log2(p1/p0), p1, p0)
			}
		}
		if p0, p1 := at(plain, 0.8, 0.03), at(bent, 0.8, 0.03); 12*math.Log2(p1/p0) > -0.3 {
			t.Errorf("%s: the second gesture's first 30 ms sound %.2f semitones off the written pitch, want a scoop from below", name, 12*math.Log2(p1/p0))
		}
	})
}

// eachPlayer runs f for a synthesized voice (b nil, rec false) and the
// SoundFont player (the bank, rec true), named for messages.
func eachPlayer(t *testing.T, f func(name string, b *soundfont.Bank, rec bool)) {
	f("synthesized", nil, false)
	f("recorded", mustBank(t), true)
}
