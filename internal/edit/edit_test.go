package edit_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/score"
)

func TestInterval(t *testing.T) {
	for _, c := range []struct{ from, to, want int }{{0, 2, 2}, {0, 7, -5}, {0, 6, 6}, {11, 0, 1}, {2, 2, 0}, {9, 2, 5}} {
		if got := edit.Interval(c.from, c.to); got != c.want {
			t.Errorf("Interval(%d, %d) = %d, want %d", c.from, c.to, got, c.want)
		}
	}
}

func TestTransposeSymbol(t *testing.T) {
	for _, c := range []struct {
		in   string
		d    int
		want string
	}{{"Dm", 2, "Em"}, {"G7", -2, "F7"}, {"Bb/D", 1, "B/Eb"}, {"F#m7b5", 1, "Gm7b5"}, {"Cmaj7", 6, "F#maj7"}, {"N.C.", 3, "N.C."}} {
		if got := edit.TransposeSymbol(c.in, c.d); got != c.want {
			t.Errorf("TransposeSymbol(%q, %d) = %q, want %q", c.in, c.d, got, c.want)
		}
	}
}

func TestWeight(t *testing.T) {
	for _, c := range []struct {
		b    float64
		bpb  int
		want int
	}{{0, 4, 4}, {4, 4, 4}, {2, 4, 3}, {1, 4, 2}, {1.5, 4, 1}, {1.25, 4, 0}, {1, 3, 2}, {3, 3, 4}} {
		if got := edit.Weight(c.b, c.bpb); got != c.want {
			t.Errorf("Weight(%g, %d) = %d, want %d", c.b, c.bpb, got, c.want)
		}
	}
}

// TestApplyShares checks that Apply leaves its input alone.
func TestApplyShares(t *testing.T) {
	s := &score.Score{BPM: 100, BeatsPerBar: 4, KeyRoot: 0, Mode: "major", TotalBeats: 8,
		Sections: []score.Section{{Name: "verse", Bars: 2}},
		Tracks:   []score.Track{{Name: "lead (piano)", Role: score.RoleLead, Instrument: score.Piano, Notes: []score.Note{{Start: 0, Length: 1, Pitch: 60, Velocity: 0.5}}}}}
	out, err := edit.Apply(s, edit.Change{HasKey: true, KeyRoot: 2, Instruments: map[string]string{"lead": "flute"}}, edit.Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Tracks[0].Notes[0].Pitch != 60 || s.Tracks[0].Instrument != score.Piano || s.KeyRoot != 0 {
		t.Fatal("Apply changed its input")
	}
	if out.Tracks[0].Notes[0].Pitch != 62 || out.Tracks[0].Instrument != score.Flute || out.Tracks[0].Name != "lead (flute)" {
		t.Fatalf("got %+v", out.Tracks[0])
	}
}
