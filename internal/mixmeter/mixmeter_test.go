package mixmeter_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// tone returns seconds of stereo audio whose left and right channels are
// given per frame index.
func tone(seconds float64, f func(i int) (float64, float64)) *audio.Buffer {
	n := audio.CD.NSeconds(seconds)
	b := audio.NewBuffer(audio.CD, 2, n)
	for i := range n {
		l, r := f(i)
		b.Samples[2*i], b.Samples[2*i+1] = float32(l), float32(r)
	}
	return b
}

func sine(hz float64, i int) float64 { return math.Sin(2 * math.Pi * hz * float64(i) / 44100) }

func TestCorrelation(t *testing.T) {
	testutil.SkipRaceShort(t)
	mono := tone(2, func(i int) (float64, float64) { s := 0.5 * sine(440, i); return s, 0.3 * s })
	anti := tone(2, func(i int) (float64, float64) { s := 0.5 * sine(440, i); return s, -s })
	apart := tone(2, func(i int) (float64, float64) { return 0.5 * sine(440, i), 0.5 * sine(1234, i) })
	for _, c := range []struct {
		name string
		b    *audio.Buffer
		want float64
	}{{"panned mono", mono, 1}, {"out of phase", anti, -1}, {"unrelated", apart, 0}} {
		if got := mixmeter.Correlation(c.b); math.Abs(got-c.want) > 0.02 {
			t.Errorf("%s: correlation %.3f, want %.0f", c.name, got, c.want)
		}
	}
	// Wide above, centred below: the low band reads as centred.
	split := tone(3, func(i int) (float64, float64) {
		lo, hi := 0.5*sine(60, i), 0.3*sine(2000, i)
		return lo + hi, lo - hi
	})
	if got := mixmeter.LowCorrelation(split, 150); got < 0.99 {
		t.Errorf("low correlation %.3f, want about 1", got)
	}
	if got := mixmeter.Correlation(split); got > 0.8 {
		t.Errorf("full correlation %.3f of a wide top, want well under 1", got)
	}
}

func TestLoudnessMeasures(t *testing.T) {
	testutil.SkipRaceShort(t)
	// A 997 Hz sine at -20 dBFS in both channels reads -20 LUFS (BS.1770:
	// a full-scale 1 kHz sine in both channels reads 0 LUFS).
	s1k := tone(5, func(i int) (float64, float64) { s := 0.1 * sine(997, i); return s, s })
	if l := mixmeter.Loudness(s1k); math.Abs(l+20) > 0.1 {
		t.Errorf("loudness %.2f LUFS, want about -20", l)
	}
	if hp := mixmeter.HighPassLoss(s1k, 200); hp > 0.2 {
		t.Errorf("a 1 kHz tone loses %.2f LU through a 200 Hz high-pass, want about 0", hp)
	}
	if bl := mixmeter.BandLoss(s1k, 1000, 4000); bl > 4 {
		t.Errorf("a 1 kHz tone loses %.2f LU kept to 1-4 kHz, want little", bl)
	}
	s50 := tone(5, func(i int) (float64, float64) { s := 0.1 * sine(50, i); return s, s })
	if hp := mixmeter.HighPassLoss(s50, 200); hp < 20 {
		t.Errorf("a 50 Hz tone loses %.2f LU through a 200 Hz high-pass, want over 20", hp)
	}
	if lra := mixmeter.LRA(s1k); lra > 0.5 {
		t.Errorf("steady tone: LRA %.2f LU, want about 0", lra)
	}
	// 10 s loud, 10 s 12 dB quieter: the range is about 12 LU and the
	// medians of the halves lie 12 LU apart.
	steps := tone(20, func(i int) (float64, float64) {
		a := 0.4
		if i >= 10*44100 {
			a /= 4
		}
		s := a * sine(997, i)
		return s, s
	})
	if lra := mixmeter.LRA(steps); math.Abs(lra-12) > 1 {
		t.Errorf("two steps 12 dB apart: LRA %.2f LU, want about 12", lra)
	}
	st := mixmeter.ShortTerm(steps)
	a, okA := mixmeter.Median(st, 0, 10)
	b, okB := mixmeter.Median(st, 10, 20)
	if !okA || !okB || math.Abs(a-b-12) > 0.5 {
		t.Errorf("medians %.2f and %.2f (%v %v), want 12 LU apart", a, b, okA, okB)
	}
}

func TestDrumCosine(t *testing.T) {
	four := &score.Score{BeatsPerBar: 4, Subdivision: 2}
	back := &score.Score{BeatsPerBar: 4, Subdivision: 2}
	four.Tracks = []score.Track{{}}
	back.Tracks = []score.Track{{}}
	for bar := range 4 {
		for beat := range 4 {
			b := float64(4*bar + beat)
			four.Tracks[0].Hits = append(four.Tracks[0].Hits, score.Hit{Start: b, Drum: score.Kick, Velocity: 1})
			if beat%2 == 1 {
				back.Tracks[0].Hits = append(back.Tracks[0].Hits, score.Hit{Start: b, Drum: score.Snare, Velocity: 1})
			}
		}
		back.Tracks[0].Hits = append(back.Tracks[0].Hits, score.Hit{Start: float64(4 * bar), Drum: score.Kick, Velocity: 1})
	}
	if c := mixmeter.DrumCosine(four, four); math.Abs(c-1) > 1e-9 {
		t.Errorf("same pattern: cosine %v, want 1", c)
	}
	// Kick on 1 is one of the four-on-the-floor kicks; the snares share
	// nothing: 1 / (2 * sqrt(3)).
	if c := mixmeter.DrumCosine(four, back); math.Abs(c-1/(2*math.Sqrt(3))) > 1e-9 {
		t.Errorf("four on the floor vs backbeat: cosine %v, want %v", c, 1/(2*math.Sqrt(3)))
	}
}
