package synth_test

import (
	"context"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestStereoImage renders the demo arrangement and checks the image: wide
// (left/right correlation 0.3..0.9), with the low end centred (correlation
// over 0.95 below 150 Hz).
func TestStereoImage(t *testing.T) {
	testutil.SkipRaceShort(t)
	b := mustRender(t, demoScore(12, 1))
	corr, low := mixmeter.Correlation(b), mixmeter.LowCorrelation(b, 150)
	t.Logf("correlation %.3f, below 150 Hz %.3f", corr, low)
	if corr < 0.3 || corr > 0.9 {
		t.Errorf("correlation %.3f, want 0.3..0.9", corr)
	}
	if low < 0.95 {
		t.Errorf("correlation below 150 Hz %.3f, want >= 0.95", low)
	}
}

// TestWideningIsMonoCompatible renders a centred pad (which the mix widens)
// and checks that the mono sum keeps the part: the side signal is a
// delayed copy added to one channel and taken from the other, so L+R
// carries nearly all the energy of L and R.
func TestWideningIsMonoCompatible(t *testing.T) {
	testutil.SkipRaceShort(t)
	s := &score.Score{BPM: 100, BeatsPerBar: 4, TotalBeats: 16, TailSeconds: 1, Seed: 3,
		Tracks: []score.Track{{Name: "pad", Instrument: score.Pad, Role: score.RolePad}}}
	for bar := range 4 {
		for _, p := range []int{57, 60, 64} {
			s.Tracks[0].Notes = append(s.Tracks[0].Notes, score.Note{Start: float64(4 * bar), Length: 4, Pitch: p + bar, Velocity: 0.7})
		}
	}
	b, err := synth.RenderDry(context.Background(), s, styled(s, synth.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	var mid, side float64
	for i := 0; i < len(b.Samples); i += 2 {
		l, r := float64(b.Samples[i]), float64(b.Samples[i+1])
		mid += (l + r) * (l + r) / 4
		side += (l - r) * (l - r) / 4
	}
	corr := mixmeter.Correlation(b)
	t.Logf("pad: correlation %.2f, side/mid %.1f dB", corr, 10*math.Log10(side/mid))
	if corr > 0.8 {
		t.Errorf("a pad's correlation %.2f: not widened", corr)
	}
	if corr < 0 {
		t.Errorf("a pad's correlation %.2f: out of phase", corr)
	}
}

// TestLevellerLiftsBreakdowns masters a loud passage, a passage 20 dB
// quieter and the loud passage again, and checks that the quiet one ends
// up no more than 10 LU under, while a steady signal is left as it is.
func TestLevellerLiftsBreakdowns(t *testing.T) {
	testutil.SkipRaceShort(t)
	const sec = 12
	n := sec * 44100
	b := audio.NewBuffer(audio.CD, 2, 3*n)
	for i := range 3 * n {
		a := 0.5
		if i >= n && i < 2*n {
			a = 0.05
		}
		v := float32(a * math.Sin(2*math.Pi*440*float64(i)/44100) * (0.8 + 0.2*math.Sin(2*math.Pi*3*float64(i)/44100)))
		b.Samples[2*i], b.Samples[2*i+1] = v, v
	}
	if err := synth.Master(context.Background(), b, synth.MasterOptions{}); err != nil {
		t.Fatal(err)
	}
	st := mixmeter.ShortTerm(b)
	loud, _ := mixmeter.Median(st, 2*sec+2, 3*sec)
	quiet, _ := mixmeter.Median(st, sec+2, 2*sec-1)
	t.Logf("loud %.1f LUFS, quiet %.1f LUFS", loud, quiet)
	if loud-quiet > 10 || loud-quiet < 4 {
		t.Errorf("quiet passage %.1f LU under the loud one, want 4..10 (lifted, still quieter)", loud-quiet)
	}
	if lra := mixmeter.LRA(b); lra > 12 {
		t.Errorf("LRA %.1f LU", lra)
	}
}
