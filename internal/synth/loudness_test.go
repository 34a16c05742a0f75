package synth_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// sineBuffer returns a 1 kHz sine at the given peak dBFS on the chosen
// channels of a stereo buffer.
func sineBuffer(seconds, freq, dbfs float64, left, right bool) *audio.Buffer {
	b := audio.NewBuffer(audio.CD, 2, audio.CD.NSeconds(seconds))
	a := math.Pow(10, dbfs/20)
	for i := range b.Frames() {
		v := float32(a * math.Sin(2*math.Pi*freq*float64(i)/float64(audio.CD)))
		if left {
			b.Samples[2*i] = v
		}
		if right {
			b.Samples[2*i+1] = v
		}
	}
	return b
}

func TestIntegratedLoudness(t *testing.T) {
	testutil.SkipRaceShort(t)
	cases := []struct {
		name        string
		b           *audio.Buffer
		want        float64
		left, right bool
	}{
		{name: "MonoLeft", b: sineBuffer(5, 1000, -20, true, false), want: -23.01},
		{name: "Stereo", b: sineBuffer(5, 1000, -20, true, true), want: -20.0},
		{name: "Stereo100Hz", b: sineBuffer(5, 100, -10, true, true)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := synth.IntegratedLoudness(c.b)
			if c.want != 0 && math.Abs(got-c.want) > 0.1 {
				t.Errorf("got %.2f LUFS, want %.2f", got, c.want)
			}
			l, _ := ffmpegLoudness(t, writeWAV(t, c.b))
			if math.Abs(got-l) > 0.5 {
				t.Errorf("own %.2f LUFS vs ffmpeg %.2f LUFS", got, l)
			}
		})
	}
	t.Run("Silence", func(t *testing.T) {
		if l := synth.IntegratedLoudness(audio.NewBuffer(audio.CD, 2, 44100)); !math.IsInf(l, -1) {
			t.Errorf("silence reads %v, want -Inf", l)
		}
	})
}

func TestTruePeak(t *testing.T) {
	t.Run("Sine", func(t *testing.T) {
		if p := synth.TruePeak(sineBuffer(1, 997, -6, true, true)); math.Abs(p+6) > 0.1 {
			t.Errorf("true peak %.2f dBTP, want -6", p)
		}
	})
	t.Run("InterSample", func(t *testing.T) {
		// fs/4 sine with 45 degree phase: samples peak at 0.707, true peak 1.0.
		b := audio.NewBuffer(audio.CD, 1, 4410)
		for i := range b.Samples {
			b.Samples[i] = float32(math.Sin(math.Pi/2*float64(i) + math.Pi/4))
		}
		if p := synth.TruePeak(b); math.Abs(p) > 0.3 {
			t.Errorf("true peak %.2f dBTP, want about 0 (sample peak is -3 dB)", p)
		}
	})
	t.Run("BetweenQuarterSamples", func(t *testing.T) {
		// A sine at fs/4 of amplitude 0.5 (-6.02 dBTP) peaks between its
		// samples wherever its phase puts it: with a phase of pi/16 a
		// quarter of a sample from the 4x points (at 0.875), where a 4x
		// measure reads 0.17 dB low. ffmpeg's ebur128 reads the peak. The
		// sine fades in and out over 10 ms (an abrupt start rings).
		want := 20 * math.Log10(0.5)
		for _, phase := range []float64{math.Pi / 16, 0.1, 0.3, 0.7, 1.3} {
			for _, ch := range []int{1, 2} {
				const frames, fade = 4410, 441
				b := audio.NewBuffer(audio.CD, ch, frames)
				for i := range b.Samples {
					n := i / ch
					g := 0.5 - 0.5*math.Cos(math.Pi*math.Min(1, float64(min(n, frames-1-n))/fade))
					b.Samples[i] = float32(g * 0.5 * math.Sin(math.Pi/2*float64(n)+phase))
				}
				if p := synth.TruePeak(b); math.Abs(p-want) > 0.05 {
					t.Errorf("phase %.3f, %d channels: true peak %.3f dBTP, want %.3f within 0.05", phase, ch, p, want)
				}
			}
		}
	})
}
