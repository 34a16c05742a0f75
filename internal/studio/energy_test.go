package studio_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/studio"
)

// TestTimelineEnergy: the timeline's sections report the energy each
// section plays at.
func TestTimelineEnergy(t *testing.T) {
	s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 16, Sections: []score.Section{
		{Name: "intro", Bars: 2, Energy: 0.2}, {Name: "chorus", StartBeat: 8, Bars: 2, Energy: 1}}}
	tl := studio.NewTimeline(s, 8)
	if len(tl.Sections) != 2 || tl.Sections[0].Energy != 0.2 || tl.Sections[1].Energy != 1 {
		t.Fatalf("sections %+v, want energies 0.2 and 1", tl.Sections)
	}
}
