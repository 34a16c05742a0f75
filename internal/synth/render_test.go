package synth_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

func TestRenderLength(t *testing.T) {
	testutil.SkipRaceShort(t)
	s := demoScore(4, 3)
	s.TailSeconds = 0.77
	b := mustRender(t, s)
	t.Run("OK", func(t *testing.T) {
		if want := audio.CD.NSeconds(s.Seconds()); b.Frames() != want || b.Channels != 2 || b.Rate != audio.CD {
			t.Fatalf("got %d frames %d ch %d Hz, want %d frames stereo 44100", b.Frames(), b.Channels, b.Rate, want)
		}
	})
	t.Run("Fades", func(t *testing.T) {
		n := len(b.Samples)
		head, tail := rms(b.Samples[:200]), rms(b.Samples[n-200:])
		body := rms(b.Samples[n/4 : n/2])
		if head > body*0.01 || tail > body*0.01 {
			t.Errorf("edges rms %.2g / %.2g, body %.2g: fades missing", head, tail, body)
		}
		if math.Abs(float64(b.Samples[0])) > 1e-4 || math.Abs(float64(b.Samples[n-1])) > 1e-3 {
			t.Errorf("first/last samples %v %v, want about 0", b.Samples[0], b.Samples[n-1])
		}
	})
}

func TestRenderSilence(t *testing.T) {
	s := &score.Score{BPM: 100, BeatsPerBar: 4, TotalBeats: 8, TailSeconds: 1, Seed: 1,
		Tracks: []score.Track{{Name: "empty", Instrument: score.Pad, Role: score.RolePad}}}
	b := mustRender(t, s)
	if want := audio.CD.NSeconds(s.Seconds()); b.Frames() != want {
		t.Fatalf("got %d frames, want %d", b.Frames(), want)
	}
	for i, v := range b.Samples {
		if v != 0 {
			t.Fatalf("sample %d = %v, want silence", i, v)
		}
	}
}

func TestRenderDeterministic(t *testing.T) {
	testutil.SkipRaceShort(t)
	a := mustRender(t, demoScore(4, 7))
	b := mustRender(t, demoScore(4, 7))
	t.Run("SameSeed", func(t *testing.T) {
		if !slices.Equal(a.Samples, b.Samples) {
			t.Error("same score rendered twice differs")
		}
	})
	t.Run("OtherSeed", func(t *testing.T) {
		c := mustRender(t, demoScore(4, 8))
		if slices.Equal(a.Samples, c.Samples) {
			t.Error("different seeds rendered identical samples")
		}
	})
}

func TestRenderCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := synth.Render(ctx, demoScore(4, 1), styled(demoScore(4, 1), synth.Options{})); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestRenderInvalid(t *testing.T) {
	for name, s := range map[string]*score.Score{"Nil": nil, "ZeroBPM": {TotalBeats: 4}} {
		t.Run(name, func(t *testing.T) {
			if _, err := synth.Render(context.Background(), s, styled(s, synth.Options{})); !errors.Is(err, synth.ErrInvalidScore) {
				t.Errorf("err = %v, want ErrInvalidScore", err)
			}
		})
	}
}
