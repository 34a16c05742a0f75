package synth_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestRecordedPitch plays single notes of recorded instruments from the
// bank and estimates each note's fundamental from the rendered audio
// (NSDF autocorrelation over 0.19 s of the held note). Every note must be
// within 25 cents of equal temperament: wrong root keys, sample-rate or
// tuning mistakes are off by a semitone or more.
func TestRecordedPitch(t *testing.T) {
	testutil.SkipRaceShort(t)
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
				// The source's own tone: a bell near the note bends
				// the estimator's peak (a -5.5 dB box at 500 Hz read
				// the piano's C5 28 cents sharp).
				o := withBank(b)
				o.Unbalanced = true
				buf, err := synth.RenderDry(context.Background(), s, styled(s, o))
				if err != nil {
					t.Fatal(err)
				}
				x, r := channel(buf, 0), channel(buf, 1)
				for i := range x {
					x[i] = 0.5 * (x[i] + r[i]) // the mid: the widener's side cancels
				}
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

// TestRecordedLoopNoClicks holds looped notes (flute, strings, choir) for
// 6 s: the 5 s examined pass two or more times through the sample loops
// (the test checks the bank's loops are at most 2.5 s long), and looks for discontinuities:
// in 10-ms windows of the held part, the largest sample-to-sample step
// must stay under 2.5 times the median window's. The detector is checked
// on the same audio with a half-period splice, which it must flag.
func TestRecordedLoopNoClicks(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustBank(t)
	for _, c := range []struct {
		in      score.Instrument
		program int
		key     int
	}{{score.Flute, 73, 72}, {score.Strings, 48, 60}, {score.ChoirPad, 52, 64}} {
		t.Run(string(c.in), func(t *testing.T) {
			regs := b.Regions(0, c.program, c.key, 102)
			if len(regs) == 0 {
				t.Fatalf("no region for program %d key %d", c.program, c.key)
			}
			for _, r := range regs {
				if r.LoopMode != 1 && r.LoopMode != 3 || r.LoopFrames <= 0 ||
					float64(r.LoopFrames)/float64(r.SampleRate) > 2.5 {
					t.Fatalf("region %+v does not loop within 2.5 s", r)
				}
			}
			s := recordedScore(c.in, score.RoleLead, []score.Note{{Start: 0, Length: 12, Pitch: c.key, Velocity: 0.8}})
			x := renderLeft(t, s, b)
			held := x[int(0.5*44100):int(5.5*44100)]
			ratio := stepSpike(held)
			t.Logf("%s: largest step %.2fx the median window's", c.in, ratio)
			if ratio > 2.5 {
				t.Errorf("%s: a step %.2fx the median: a click in the held, looped note", c.in, ratio)
			}
			// The detector sees a splice of half a period at a crest.
			period := int(44100 / midiHz(c.key))
			k := len(held) / 2
			for j := k; j < len(held)/2+period; j++ {
				if math.Abs(float64(held[j])) > math.Abs(float64(held[k])) {
					k = j
				}
			}
			spliced := append(append([]float32{}, held[:k]...), held[k+period/2:]...)
			if r := stepSpike(spliced); r <= 2.5 {
				t.Errorf("detector missed a half-period splice (%.2fx)", r)
			}
		})
	}
}

// stepSpike returns the largest |x[n]-x[n-1]| over the median of the
// per-10-ms-window maxima.
func stepSpike(x []float32) float64 {
	const w = 441
	var maxima []float64
	peak := 0.0
	for i := 1; i+w <= len(x); i += w {
		m := 0.0
		for j := i; j < i+w; j++ {
			m = math.Max(m, math.Abs(float64(x[j]-x[j-1])))
		}
		maxima = append(maxima, m)
		peak = math.Max(peak, m)
	}
	sort.Float64s(maxima)
	return peak / maxima[len(maxima)/2]
}

// TestRecordedEnvelope measures attack and release of recorded notes
// against the bank's volume envelope. Slow strings (program 49) play the
// same samples as strings (48) with a 0.3-s linear attack: the ratio of
// their levels must follow it within 0.15 at a quarter, half, three
// quarters and past the attack. The flute's release falls 80 dB over
// its release time (0.45 s): the measured fall from -6 to -40 dB after
// the note-off must match that slope within 30%.
func TestRecordedEnvelope(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustBank(t)
	t.Run("attack", func(t *testing.T) {
		r49, r48 := b.Regions(0, 49, 60, 102), b.Regions(0, 48, 60, 102)
		if len(r49) == 0 || len(r48) == 0 || r49[0].Sample != r48[0].Sample {
			t.Fatalf("programs 48 and 49 should share samples: %v %v", r49, r48)
		}
		attack := r49[0].Attack
		// Same samples, different envelopes: the ratio of the two renders
		// is the volume envelope's attack.
		slow, fast := envelope(playNote(t, b, 49, 60, 2, 2), 220), envelope(playNote(t, b, 48, 60, 2, 2), 220)
		ratio := func(i int) float64 { return slow[i] / fast[i] }
		var late []float64
		for i := int((attack + 0.3) / 0.005); i < int((attack+0.9)/0.005); i++ {
			late = append(late, ratio(i))
		}
		sort.Float64s(late)
		norm := late[len(late)/2]
		for _, frac := range []float64{0.25, 0.5, 0.75, 1.5} {
			i := int(frac * attack / 0.005)
			got, want := ratio(i)/norm, math.Min(1, frac)
			t.Logf("at %.3f s: level %.2f of held, want %.2f", float64(i)*0.005, got, want)
			if math.Abs(got-want) > 0.15 {
				t.Errorf("at %.3f s: level %.2f of held, want %.2f ± 0.15 (linear attack over %.2f s)",
					float64(i)*0.005, got, want, attack)
			}
		}
	})
	t.Run("release", func(t *testing.T) {
		regs := b.Regions(0, 73, 72, 102)
		want := 80 / regs[0].Release // dB per second
		s := recordedScore(score.Flute, score.RoleLead, []score.Note{{Start: 0, Length: 2, Pitch: 72, Velocity: 0.8}})
		x := renderLeft(t, s, b)
		env := envelope(x, 220)
		off := int(1.0 / 0.005) // the note-off at 1 s (2 beats at 120 BPM)
		ref := env[off-2]
		t6, t40 := -1.0, -1.0
		for i := off; i < len(env); i++ {
			db := 20 * math.Log10(env[i]/ref)
			if t6 < 0 && db <= -6 {
				t6 = float64(i) * 0.005
			}
			if db <= -40 {
				t40 = float64(i) * 0.005
				break
			}
		}
		if t6 < 0 || t40 < 0 {
			t.Fatalf("release never fell 40 dB (t6 %v t40 %v)", t6, t40)
		}
		got := 34 / (t40 - t6)
		t.Logf("release slope %.1f dB/s, want %.1f dB/s", got, want)
		if math.Abs(got-want) > 0.3*want {
			t.Errorf("release slope %.1f dB/s, want %.1f dB/s ± 30%%", got, want)
		}
	})
}

// TestRecordedDeterministic renders the recorded demo twice: the same
// score and bank give the same samples.
func TestRecordedDeterministic(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustBank(t)
	s := recordedDemo(12, 5)
	x1, err := synth.Render(context.Background(), s, styled(s, withBank(b)))
	if err != nil {
		t.Fatal(err)
	}
	x2, err := synth.Render(context.Background(), s, styled(s, withBank(b)))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(x1.Samples, x2.Samples) {
		t.Fatal("two renders of the same score and bank differ")
	}
	// And the recorded parts changed the sound: not the synthesized song.
	x3, err := synth.Render(context.Background(), s, styled(s, synth.Options{Bank: synth.NoBank}))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(x1.Samples, x3.Samples) {
		t.Fatal("the bank made no difference")
	}
	if !allFinite(x1.Samples) {
		t.Fatal("non-finite samples")
	}
}

// playNote plays one note of GM program (bank 0) at MIDI velocity 102 for
// hold seconds through a soundfont.Player and returns total seconds of it.
func playNote(t *testing.T, b *soundfont.Bank, program, key int, hold, total float64) []float32 {
	t.Helper()
	pl, err := b.NewPlayer(32)
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.Program(b, 0, 0, program); err != nil {
		t.Fatal(err)
	}
	x := make([]float32, int(total*44100))
	pl.NoteOn(0, key, 0.8)
	h := int(hold * 44100)
	pl.Render(x[:h])
	pl.NoteOff(0, key)
	pl.Render(x[h:])
	return x
}

// TestRecordedFallback: without a bank, a Recorded track renders exactly
// as the synthesized track; instruments without a GM preset stay
// synthesized even with the bank.
func TestRecordedFallback(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustBank(t)
	notes := []score.Note{{Start: 0, Length: 1, Pitch: 60, Velocity: 0.8}, {Start: 1, Length: 1, Pitch: 67, Velocity: 0.7}}
	render := func(in score.Instrument, rec bool, o synth.Options) []float32 {
		s := recordedScore(in, score.RoleLead, notes)
		s.Tracks[0].Recorded = rec
		buf, err := synth.RenderDry(context.Background(), s, styled(s, o))
		if err != nil {
			t.Fatal(err)
		}
		return buf.Samples
	}
	if !slices.Equal(render(score.Piano, true, synth.Options{Bank: synth.NoBank}), render(score.Piano, false, withBank(b))) {
		t.Error("a recorded piano without a bank differs from the synthesized piano")
	}
	if !slices.Equal(render(score.SawLead, true, withBank(b)), render(score.SawLead, false, withBank(b))) {
		t.Error("a recorded saw lead (no GM preset) is not the synthesized one")
	}
	if slices.Equal(render(score.Piano, true, withBank(b)), render(score.Piano, false, withBank(b))) {
		t.Error("the bank did not change the recorded piano")
	}
}

// TestRecordedDrums plays a recorded acoustic kit: GM hits sound from the
// bank, and a snap (no GM key) is still synthesized on the same track.
func TestRecordedDrums(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustBank(t)
	kit := func(d score.Drum, rec bool) []float32 {
		s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 2, TailSeconds: 0.5, Seed: 3,
			Tracks: []score.Track{{Name: "drums", Instrument: score.Drums, Role: score.RoleDrums, Recorded: rec,
				Hits: []score.Hit{{Start: 0, Drum: d, Velocity: 0.9}, {Start: 1, Drum: d, Velocity: 0.9}}}}}
		buf, err := synth.RenderDry(context.Background(), s, styled(s, withBank(b)))
		if err != nil {
			t.Fatal(err)
		}
		return buf.Samples
	}
	for _, d := range []score.Drum{score.Kick, score.Snare, score.ClosedHat, score.CongaHigh, score.Timpani} {
		rec := kit(d, true)
		if rms(rec) < 1e-3 {
			t.Errorf("recorded %s is silent (rms %.2g)", d, rms(rec))
		}
		if slices.Equal(rec, kit(d, false)) {
			t.Errorf("recorded %s is the synthesized one", d)
		}
	}
	if !slices.Equal(kit(score.Snap, true), kit(score.Snap, false)) {
		t.Error("a snap on a recorded kit is not the synthesized snap")
	}
}

// TestRecordedGlide slides a recorded bass a fifth up (Note.Glide, a
// pitch bend of the sounding note): the pitch before is the first note's,
// the pitch after the slide the target's.
func TestRecordedGlide(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustBank(t)
	s := recordedScore(score.Bass, score.RoleBass, []score.Note{
		{Start: 0, Length: 1, Pitch: 40, Velocity: 0.8},
		{Start: 1, Length: 2, Pitch: 47, Velocity: 0.8, Glide: true},
	})
	x := renderLeft(t, s, b)
	before := estimatePitch(x[int(0.2*44100):int(0.2*44100)+9400], 44100)
	after := estimatePitch(x[int(0.9*44100):int(0.9*44100)+9400], 44100)
	t.Logf("before %.1f Hz, after the glide %.1f Hz", before, after)
	if d := cents(before, midiHz(40)); math.Abs(d) > 25 {
		t.Errorf("before the glide %.1f Hz, want %.1f", before, midiHz(40))
	}
	if d := cents(after, midiHz(47)); math.Abs(d) > 25 {
		t.Errorf("after the glide %.1f Hz, want %.1f", after, midiHz(47))
	}
}
