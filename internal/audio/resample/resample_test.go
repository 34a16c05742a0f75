package resample_test

import (
	"context"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/resample"
)

func tone(rate audio.SampleRate, hz float64, frames int) *audio.Buffer {
	b := audio.NewBuffer(rate, 2, frames)
	for i := 0; i < frames; i++ {
		v := float32(0.5 * math.Sin(2*math.Pi*hz*float64(i)/float64(rate)))
		b.Samples[2*i], b.Samples[2*i+1] = v, -v
	}
	return b
}

// A 1 kHz and a 19 kHz tone resampled from 44.1 to 48 kHz are the same
// tones at 48 kHz: the length scales exactly (rounded), and away from the
// edges every sample is within 1e-4 (-74 dB) of the ideal 48 kHz tone
// (measured: -103 dB at 1 kHz, -90 dB at 19 kHz).
func TestTo48k(t *testing.T) {
	for _, tc := range []struct {
		hz     float64
		maxErr float64
	}{{1000, 1e-4}, {19000, 1e-4}} {
		in := tone(audio.CD, tc.hz, 44100)
		out, err := resample.To(context.Background(), in, 48000)
		if err != nil {
			t.Fatal(err)
		}
		if out.Rate != 48000 || out.Frames() != 48000 {
			t.Fatalf("%d frames at %d Hz", out.Frames(), out.Rate)
		}
		want := tone(48000, tc.hz, 48000)
		worst := 0.0
		for i := 2000; i < 46000; i++ {
			worst = math.Max(worst, math.Abs(float64(out.Samples[2*i]-want.Samples[2*i])))
			worst = math.Max(worst, math.Abs(float64(out.Samples[2*i+1]-want.Samples[2*i+1])))
		}
		t.Logf("%g Hz: worst sample error %.2e (%.1f dB below the tone)", tc.hz, worst, 20*math.Log10(worst/0.5))
		if worst > tc.maxErr {
			t.Errorf("%g Hz: worst sample error %.2e, want <= %.0e", tc.hz, worst, tc.maxErr)
		}
	}
	if got := resample.Frames(1323000, audio.CD, 48000); got != 1440000 {
		t.Errorf("30 s: %d frames", got)
	}
}

// Same input, same output, bit for bit (no randomness, no state).
func TestDeterministic(t *testing.T) {
	in := tone(audio.CD, 440, 10000)
	a, _ := resample.To(context.Background(), in, 48000)
	b, _ := resample.To(context.Background(), in, 48000)
	for i := range a.Samples {
		if math.Float32bits(a.Samples[i]) != math.Float32bits(b.Samples[i]) {
			t.Fatalf("sample %d differs", i)
		}
	}
}

// BenchmarkTo48k resamples 30 s of stereo from 44.1 to 48 kHz (what a
// 30 s song with sample_rate 48000 adds to its generation).
func BenchmarkTo48k(b *testing.B) {
	in := tone(audio.CD, 440, 30*44100)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := resample.To(context.Background(), in, 48000); err != nil {
			b.Fatal(err)
		}
	}
}
