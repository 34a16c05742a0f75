package engine_test

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/score"
)

// hatVelocities returns the mean velocity of s's closed hi-hats on the
// beat and between the beats, and of its kicks on the beat, over its
// first section.
func hatVelocities(s *score.Score) (onHat, offHat, kick float64) {
	end := float64(s.Sections[0].Bars * s.BeatsPerBar)
	var sum [3]float64
	var n [3]int
	for _, tr := range s.Tracks {
		for _, h := range tr.Hits {
			if h.Start >= end {
				continue
			}
			f := h.Start - math.Floor(h.Start)
			on := f < 0.1 || f > 0.9
			k := -1
			switch {
			case h.Drum == score.ClosedHat && on:
				k = 0
			case h.Drum == score.ClosedHat:
				k = 1
			case h.Drum == score.Kick && on:
				k = 2
			}
			if k >= 0 {
				sum[k] += h.Velocity
				n[k]++
			}
		}
	}
	var mean [3]float64
	for i := range sum {
		if n[i] > 0 {
			mean[i] = sum[i] / float64(n[i])
		}
	}
	return mean[0], mean[1], mean[2]
}

// Since a recorded kit's soft hits sound (kit10), hi-hats between the
// beats played at 'o' (0.75 of the bar's velocity) took aubio off the
// beat: reggae's steppers' off-beat hats made even eighths with the kick
// (roots reggae seed 1 heard at 78.7 for 75), gospel's shuffle's skip
// notes let it count two triplets as a beat (gospel seed 1 at 90.1 for
// 87). They are ghosts (kit11): at most 0.55 of the kick or of the hats
// on the beat, and still played.
func TestSoftHatsStayGhosts(t *testing.T) {
	cases := []struct {
		prompt string
		seed   uint64
		genre  string
	}{
		{"roots reggae with organ skank and deep bass, 45 seconds", 1, "reggae"},
		{"gospel choir with organ, 45 seconds", 1, "gospel"},
	}
	for _, c := range cases {
		comp, err := engine.Compose(engine.Resolve(c.prompt, c.seed, engine.Options{}))
		if err != nil {
			t.Fatal(err)
		}
		s := comp.Written
		if s.Genre != c.genre || len(s.Sections) == 0 {
			t.Fatalf("%q seed %d: genre %q, %d sections", c.prompt, c.seed, s.Genre, len(s.Sections))
		}
		onHat, offHat, kick := hatVelocities(s)
		ref := onHat
		if c.genre == "reggae" {
			ref = kick
		}
		if offHat == 0 || ref == 0 || kick == 0 {
			t.Fatalf("%q seed %d: hats between the beats %.2f, reference %.2f: want both played", c.prompt, c.seed, offHat, ref)
		}
		if offHat > 0.55*ref {
			t.Errorf("%q seed %d: hats between the beats at %.2f, %.2f of the beat's %.2f; want ghosts (0.55 or less)", c.prompt, c.seed, offHat, offHat/ref, ref)
		}
	}
}
