package studio_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestTimelineEnergy: the timeline's sections report the energy each
// section plays at.
func TestTimelineEnergy(t *testing.T) {
	testutil.SkipRaceShort(t)
	s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 16, Sections: []score.Section{
		{Name: "intro", Bars: 2, Energy: 0.2}, {Name: "chorus", StartBeat: 8, Bars: 2, Energy: 1}}}
	tl := studio.NewTimeline(s, 8)
	if len(tl.Sections) != 2 || tl.Sections[0].Energy != 0.2 || tl.Sections[1].Energy != 1 {
		t.Fatalf("sections %+v, want energies 0.2 and 1", tl.Sections)
	}
}

// TestTimelineHits: the timeline lists each hit point, where it landed
// (on the tempo map) and how far it moved.
func TestTimelineHits(t *testing.T) {
	testutil.SkipRaceShort(t)
	s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 32, Marks: []score.Mark{{Kind: "drop", Asked: 8.1, Beat: 16}}}
	s.SetTempo([]score.TempoChange{{Beat: 0, BPM: 120 * 8 / 8.1}, {Beat: 16, BPM: 120}})
	tl := studio.NewTimeline(s, 20)
	if len(tl.Hits) != 1 {
		t.Fatalf("hits %+v, want one", tl.Hits)
	}
	h := tl.Hits[0]
	if h.Kind != "drop" || h.Asked != 8.1 || h.Bar != 5 || h.At < 8.1-1e-6 || h.At > 8.1+1e-6 || h.Moved > 1e-6 || h.Moved < -1e-6 {
		t.Errorf("hit %+v, want the drop at 8.1 s on bar 5, not moved", h)
	}
}
