package plan_test

import (
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// TestGenresFollowTheCatalogue: Genres is the catalogue in its order, and
// the named constants are its first entries.
func TestGenresFollowTheCatalogue(t *testing.T) {
	names := style.Names()
	if len(plan.Genres) != len(names) {
		t.Fatalf("%d genres, catalogue has %d styles", len(plan.Genres), len(names))
	}
	for i, g := range plan.Genres {
		if string(g) != names[i] {
			t.Errorf("Genres[%d] = %q, catalogue has %q", i, g, names[i])
		}
	}
	named := []plan.Genre{plan.LoFi, plan.HipHop, plan.Trap, plan.House, plan.Techno, plan.Trance, plan.DrumAndBass,
		plan.Dubstep, plan.Synthwave, plan.Pop, plan.Rock, plan.Metal, plan.Funk, plan.Disco, plan.Reggae, plan.Jazz,
		plan.Ambient, plan.Classical, plan.Folk, plan.Blues, plan.Country}
	if !slices.Equal(plan.Genres[:len(named)], named) {
		t.Errorf("the first genres are %v, want the constants %v", plan.Genres[:len(named)], named)
	}
}

// TestDefaultStyle: the default style of a prompt is a catalogue style,
// the same every time for the same text (surrounding space ignored), and
// different texts spread over several styles.
func TestDefaultStyle(t *testing.T) {
	seen := map[plan.Genre]bool{}
	for _, prompt := range []string{"", "something", "zzz", "qwerty asdf", "a song", "hmm", "test 1", "test 2", "xyz", "blorp"} {
		g := plan.DefaultStyle(prompt)
		if _, ok := style.Lookup(string(g)); !ok {
			t.Errorf("DefaultStyle(%q) = %q, not a catalogue style", prompt, g)
		}
		if again := plan.DefaultStyle("  " + prompt + " "); again != g {
			t.Errorf("DefaultStyle(%q) = %q, with spaces %q", prompt, g, again)
		}
		seen[g] = true
	}
	if len(seen) < 3 {
		t.Errorf("ten prompts gave %d default styles, want 3 or more", len(seen))
	}
}

// TestAcousticInstrument and WantsDrums.
func TestAcousticInstrument(t *testing.T) {
	for in, want := range map[score.Instrument]bool{score.Piano: true, score.NylonGuitar: true, score.UprightBass: true,
		score.SawLead: false, score.Pad: false, score.SubBass: false, score.Drums: false} {
		if got := plan.AcousticInstrument(in); got != want {
			t.Errorf("AcousticInstrument(%s) = %v, want %v", in, got, want)
		}
	}
	if (plan.Plan{Instruments: []score.Instrument{score.Piano}}).WantsDrums() {
		t.Error("a piano plan wants drums")
	}
	if !(plan.Plan{Instruments: []score.Instrument{score.Piano, score.Drums}}).WantsDrums() {
		t.Error("a plan with drums does not want them")
	}
}
