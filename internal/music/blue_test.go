package music_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// resolvedBlue reports whether note i of a melody (notes in time order) is a
// blue note: the key's flat third, fifth or seventh, short and off the beat,
// followed at once by an in-scale note a half or whole step away on the beat.
func resolvedBlue(s *score.Score, notes []score.Note, i int) bool {
	if blueIn(s.KeyRoot, s, notes, i) {
		return true
	}
	// In and just before a lifted last chorus (its pivot bar), a blue
	// note of the new key.
	from, to, d := lift(s)
	return d > 0 && notes[i].Start >= from-1e-6 && notes[i].Start < to-1e-6 && blueIn(s.KeyRoot+d, s, notes, i)
}

// blueIn is resolvedBlue in the key whose tonic is root.
func blueIn(root int, s *score.Score, notes []score.Note, i int) bool {
	n := notes[i]
	rel := ((n.Pitch-root)%12 + 12) % 12
	if rel != 3 && rel != 6 && rel != 10 || n.Length > 0.5 || n.Start == math.Floor(n.Start) || i+1 >= len(notes) {
		return false
	}
	next := notes[i+1]
	step := next.Pitch - n.Pitch
	return next.Start > n.Start && next.Start-(n.Start+n.Length) <= 0.1 && next.Start == math.Floor(next.Start) &&
		step != 0 && step >= -2 && step <= 2 && harmony.InScale(next.Pitch, root, s.Mode)
}

// TestBlueNotes checks the melodies of blues, jazz, funk, rock and hip hop:
// every note outside the scale is a blue note resolving by step, they are
// sparse (bounded above) but present (bounded below), and genres without
// blue notes have none.
func TestBlueNotes(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, c := range []struct {
		genre    plan.Genre
		min, max float64 // share of melody notes over all seeds
	}{{plan.Blues, 0.03, 0.12}, {plan.Jazz, 0.01, 0.08}, {plan.Funk, 0.01, 0.08}, {plan.Rock, 0.01, 0.08},
		{plan.HipHop, 0.01, 0.08}, {plan.Pop, 0, 0}, {plan.Folk, 0, 0}, {plan.Classical, 0, 0}} {
		t.Run(string(c.genre), func(t *testing.T) {
			blue, total := 0, 0
			for seed := uint64(1); seed <= 8; seed++ {
				s := compose(fmt.Sprintf("%s, 120 seconds", c.genre), seed)
				for _, tr := range s.Tracks {
					if tr.Role != score.RoleLead {
						continue
					}
					total += len(tr.Notes)
					for i, n := range tr.Notes {
						if inPlace(s, n) {
							continue // in the key, or a tone of the chord
						}
						blue++
						if !resolvedBlue(s, tr.Notes, i) {
							t.Errorf("seed %d: out-of-scale melody note %+v is not a blue note resolving by step (next %+v)", seed, n, tr.Notes[min(i+1, len(tr.Notes)-1)])
						}
					}
				}
			}
			share := float64(blue) / float64(max(total, 1))
			t.Logf("%d blue notes of %d melody notes (%.1f%%)", blue, total, 100*share)
			if share < c.min || share > c.max {
				t.Errorf("blue notes are %.1f%% of the melody, want %.1f%% .. %.1f%%", 100*share, 100*c.min, 100*c.max)
			}
		})
	}
}
