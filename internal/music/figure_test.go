package music

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestAugmentedOnBeats checks that the bridge's augmented hook keeps a
// note on every beat of a 3/4 or 6/8 bar: eighths of a 6/8 figure at half
// speed make the jig's quarter, eighth and dotted quarter, not a hemiola.
func TestAugmentedOnBeats(t *testing.T) {
	third := 1.0 / 3
	cases := []struct {
		m    motif
		want []beatNote
	}{
		{motif{rhythm: []beatNote{{0, third}, {third, third}, {2 * third, third}, {1, 1}}, steps: []int{0, 1, 1, -1}, beats: 2},
			[]beatNote{{0, 2 * third}, {2 * third, third}, {1, 1}}},
		{motif{rhythm: []beatNote{{0, 0.75}, {0.75, 0.25}, {1, 1}, {2, 1}}, steps: []int{0, 1, 1, -1}, beats: 3},
			[]beatNote{{0, 1}, {1, 1}, {2, 1}}},
		{motif{rhythm: []beatNote{{0, 0.75}, {0.75, 0.25}, {1, 1}, {2, 2}}, steps: []int{0, 1, 1, -1}, beats: 4},
			[]beatNote{{0, 1.5}, {1.5, 0.5}, {2, 2}}}, // 4/4 as it was
	}
	for _, c := range cases {
		got := c.m.augmented().rhythm
		if len(got) != len(c.want) {
			t.Errorf("%v beats: augmented %v, want %v", c.m.beats, got, c.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i].at-c.want[i].at) > 1e-9 || math.Abs(got[i].len-c.want[i].len) > 1e-9 {
				t.Errorf("%v beats: augmented %v, want %v", c.m.beats, got, c.want)
				break
			}
		}
	}
}

// TestDownbeatsInTriple checks that in 3/4 and 6/8 the lead sounds on the
// downbeat of (almost) every bar it plays in: a figure is never displaced
// off it, so the meter stays heard.
func TestDownbeatsInTriple(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, mp := range meterPrompts[1:] {
		bars, off := 0, 0
		for _, st := range style.All() {
			if !slices.Contains(st.Meters, mp.meter) {
				continue
			}
			for seed := uint64(1); seed <= 2; seed++ {
				p := reader.Parse(st.Name + mp.ask + " music, 2 minutes")
				p.Genre = plan.Genre(st.Name)
				s, _, _ := compose(p, seed)
				lt := leadTrack(s)
				if lt == nil {
					continue
				}
				beats := float64(s.BeatsPerBar)
				for b, ns := range barNotes(s, lt) {
					if len(ns) == 0 {
						continue
					}
					bars++
					down := float64(b) * beats
					if !slices.ContainsFunc(lt.Notes, func(n score.Note) bool {
						return n.Start <= down+1e-6 && n.Start+n.Length > down+1e-6 && n.Start > down-beats
					}) {
						off++
						if off <= 5 {
							t.Logf("%s%s seed %d: bar %d starts %v", st.Name, mp.ask, seed, b, fmt.Sprint(ns[0].Start-down))
						}
					}
				}
			}
		}
		t.Logf("%s: %d of %d bars with lead notes have no lead note sounding on the downbeat", mp.name, off, bars)
		if 50*off > bars {
			t.Errorf("%s: %d of %d bars with lead notes have no lead note sounding on the downbeat, want under 2 %%", mp.name, off, bars)
		}
	}
}
