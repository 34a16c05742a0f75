package synth_test

import (
	"context"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestRenderLoudnessOption: a requested loudness wins over the family's,
// within -31..-9 LUFS, and the true-peak ceiling wins over a loudness it
// cannot reach.
func TestRenderLoudnessOption(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: the loudness of every target rendered")
	}
	s := demoScore(12, 2)
	for _, c := range []struct{ ask, want float64 }{{-23, -23}, {-16, -16}, {-40, -31}} {
		b, err := synth.Render(context.Background(), s, styled(s, synth.Options{LoudnessLUFS: c.ask}))
		if err != nil {
			t.Fatal(err)
		}
		l, p := synth.IntegratedLoudness(b), synth.TruePeak(b)
		t.Logf("asked %v: %.2f LUFS, %.2f dBTP", c.ask, l, p)
		if math.Abs(l-c.want) > 0.5 || p > -1.2 {
			t.Errorf("asked %v LUFS: %.2f LUFS, %.2f dBTP; want %v, <= -1.2 dBTP", c.ask, l, p, c.want)
		}
	}
	b, err := synth.Render(context.Background(), s, styled(s, synth.Options{LoudnessLUFS: -5}))
	if err != nil {
		t.Fatal(err)
	}
	if l, p := synth.IntegratedLoudness(b), synth.TruePeak(b); l > -8.5 || p > -1.2 {
		t.Errorf("asked -5 LUFS: %.2f LUFS, %.2f dBTP; want at most -9 and the ceiling", l, p)
	}
}

// TestMasterLeveller: the upward leveller lifts a soft passage; without
// it (orchestral, ambient, acoustic, jazz) the soft passage keeps its
// distance from the loud one.
func TestMasterLeveller(t *testing.T) {
	testutil.SkipRaceShort(t)
	gap := func(o synth.MasterOptions) float64 {
		b := audio.NewBuffer(audio.CD, 2, 20*44100)
		for i := range b.Frames() {
			a := 0.3
			if i < 10*44100 {
				a = 0.03 // the soft intro, 20 dB down
			}
			v := float32(a * math.Sin(2*math.Pi*440*float64(i)/44100))
			b.Samples[2*i], b.Samples[2*i+1] = v, v
		}
		if err := synth.Master(context.Background(), b, o); err != nil {
			t.Fatal(err)
		}
		soft := &audio.Buffer{Rate: b.Rate, Channels: 2, Samples: b.Samples[2*44100 : 2*8*44100]}
		loud := &audio.Buffer{Rate: b.Rate, Channels: 2, Samples: b.Samples[2*12*44100 : 2*18*44100]}
		return synth.IntegratedLoudness(loud) - synth.IntegratedLoudness(soft)
	}
	lifted, kept := gap(synth.MasterOptions{}), gap(synth.MasterOptions{NoLeveller: true, LoudnessLUFS: -18})
	t.Logf("soft intro under the loud part: %.1f LU levelled, %.1f LU without the leveller", lifted, kept)
	if kept < 18 || lifted > kept-3 {
		t.Errorf("soft intro %.1f LU under without the leveller (want >= 18), %.1f with it", kept, lifted)
	}
}
