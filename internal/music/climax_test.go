package music

import (
	"fmt"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/style"
)

// TestClimaxInChorus composes every style in every meter it plays, at its
// own length and at 3 minutes, at seeds 1-4, and checks that in every song
// whose lead plays in a chorus or drop the melody's single highest note is
// in one (no note outside them as high).
func TestClimaxInChorus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every style's climax measured")
	}
	songs, withChorus := 0, 0
	for _, st := range style.All() {
		for _, mp := range meterPrompts {
			if mp.ask != "" && !slices.Contains(st.Meters, mp.meter) {
				continue
			}
			for _, length := range []string{"", ", 3 minutes"} {
				for seed := uint64(1); seed <= 4; seed++ {
					p := reader.Parse(st.Name + mp.ask + " music" + length)
					p.Genre = plan.Genre(st.Name)
					s, _, _ := compose(p, seed)
					songs++
					if leadTrack(s) == nil || !leadInChorus(s) {
						continue
					}
					withChorus++
					if !climaxInChorus(s) {
						t.Errorf("%s: the melody's highest note is outside the choruses", fmt.Sprintf("%s%s%s seed %d", st.Name, mp.ask, length, seed))
					}
				}
			}
		}
	}
	t.Logf("%d songs, %d with a lead in a chorus or drop", songs, withChorus)
	if withChorus < songs/2 {
		t.Errorf("only %d of %d songs have a lead in a chorus: the test checks too little", withChorus, songs)
	}
}
