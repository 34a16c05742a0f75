package edit_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/score"
)

// TestEnergyFillsFollowTheSection checks the fill into a rise: sixteenths
// from a section drawn 0.55 or more, eighths from one drawn under it, two
// beats long only from a section of 16 beats or more into one above 0.7.
func TestEnergyFillsFollowTheSection(t *testing.T) {
	for _, c := range []struct {
		name       string
		introBars  int
		introE     float64
		wantStarts []float64
	}{
		{"2-bar 0.6 intro", 2, 0.6, []float64{7, 7.25, 7.5, 7.75}},
		{"2-bar 0.3 intro", 2, 0.3, []float64{7, 7.5}},
		{"4-bar 0.6 intro", 4, 0.6, []float64{14, 14.25, 14.5, 14.75, 15, 15.25, 15.5, 15.75}},
		{"4-bar 0.4 intro", 4, 0.4, []float64{14, 14.5, 15, 15.5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := energyScore()
			at := float64(c.introBars * 4)
			s.Sections = []score.Section{{Name: "intro", StartBeat: 0, Bars: c.introBars, Energy: 0.5},
				{Name: "verse", StartBeat: at, Bars: 6 - c.introBars, Energy: 0.5}}
			cv := &edit.Curve{Sections: map[string]float64{"intro": c.introE, "verse": 1}}
			out := edit.Energy(s, cv)
			var got []float64
			for _, h := range out.Tracks[0].Hits {
				if h.Drum == score.Snare && h.Start >= at-2 && h.Start < at {
					got = append(got, h.Start)
				}
			}
			if len(got) != len(c.wantStarts) {
				t.Fatalf("fill strokes at %v, want %v", got, c.wantStarts)
			}
			for i := range got {
				if got[i] != c.wantStarts[i] {
					t.Fatalf("fill strokes at %v, want %v", got, c.wantStarts)
				}
			}
		})
	}
}

// backbeatScore is energyScore with a snare on beats 2 and 4 and, in its
// last bar, drums that stop after beat 2 (the composer's ending).
func backbeatScore() *score.Score {
	s := energyScore()
	d := &s.Tracks[0]
	var hits []score.Hit
	for _, h := range d.Hits {
		if h.Start < 22.5 {
			hits = append(hits, h)
		}
	}
	for b := 1.0; b < 22; b += 2 {
		hits = append(hits, score.Hit{Start: b, Drum: score.Snare, Velocity: 0.7})
	}
	d.Hits = hits
	return s
}

// TestEnergyGhostNotes checks that a section drawn 0.8 or more plays soft
// snare ghost notes on the last sixteenth of its beats, and one drawn
// under it none.
func TestEnergyGhostNotes(t *testing.T) {
	out := edit.Energy(backbeatScore(), &edit.Curve{Sections: map[string]float64{"intro": 0.5, "verse": 0.9, "outro": 0.7}})
	ghosts := func(from, to float64) (n int) {
		for _, h := range out.Tracks[0].Hits {
			if h.Drum == score.Snare && h.Start >= from && h.Start < to && h.Start-float64(int(h.Start)) == 0.75 {
				n++
			}
		}
		return n
	}
	if n := ghosts(8, 16); n < 6 {
		t.Errorf("the 0.9 verse plays %d ghost notes, want one on the last sixteenth of (nearly) every beat", n)
	}
	if n := ghosts(0, 6) + ghosts(16, 24); n != 0 {
		t.Errorf("the 0.5 and 0.7 sections play %d ghost notes, want none", n)
	}
	for _, h := range out.Tracks[0].Hits {
		if h.Start >= 8 && h.Start < 16 && h.Drum == score.Snare && h.Start-float64(int(h.Start)) == 0.75 && h.Velocity > 0.5 {
			t.Errorf("a ghost note at %g plays at %.2f: a ghost note is soft", h.Start, h.Velocity)
		}
	}
}

// TestEnergyEndsOnTheGroove checks that a song whose curve ends drawn 0.5
// or more plays its groove through the last bar, where the composer's
// drums stopped after beat 2, and one drawn under 0.5 does not.
func TestEnergyEndsOnTheGroove(t *testing.T) {
	for _, c := range []struct {
		outro float64
		want  bool
	}{{0.55, true}, {0.4, false}} {
		out := edit.Energy(backbeatScore(), &edit.Curve{Sections: map[string]float64{"intro": 0.6, "verse": 1, "outro": c.outro}})
		n, _ := countIn(out.Tracks[0], 22.5, 24, "")
		if c.want && n == 0 {
			t.Errorf("outro drawn %g: no drums after beat 2 of the last bar, want the groove played through", c.outro)
		}
		if !c.want && n != 0 {
			t.Errorf("outro drawn %g: %d drum hits after beat 2 of the last bar, want the composer's stop", c.outro, n)
		}
	}
}
