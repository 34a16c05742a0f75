package music

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/music/develop"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
)

// barKey is what a listener hears of one bar of one track, velocities
// aside: every note's onset inside the bar, pitch and length (or drum), in
// a fixed order.
func barKey(t score.Track, start, end float64) string {
	var b strings.Builder
	for _, n := range t.Notes {
		if n.Start >= start-1e-9 && n.Start < end-1e-9 {
			fmt.Fprintf(&b, "%.3f:%d:%.3f;", n.Start-start, n.Pitch, n.Length)
		}
	}
	for _, h := range t.Hits {
		if h.Start >= start-1e-9 && h.Start < end-1e-9 {
			fmt.Fprintf(&b, "%.3f:%s;", h.Start-start, h.Drum)
		}
	}
	return b.String()
}

// copyRatio is the share of bars that repeat an earlier bar note for note
// in every track (silent bars are not counted as copies).
func copyRatio(s *score.Score) (copies, bars int) {
	beats := float64(s.BeatsPerBar)
	n := int(math.Round(s.TotalBeats / beats))
	seen := map[string]bool{}
	for b := 0; b < n; b++ {
		var keys []string
		empty := true
		for _, t := range s.Tracks {
			k := barKey(t, float64(b)*beats, float64(b+1)*beats)
			empty = empty && k == ""
			keys = append(keys, k)
		}
		k := strings.Join(keys, "|")
		if !empty && seen[k] {
			copies++
		}
		seen[k] = true
		bars++
	}
	return copies, bars
}

// TestDevelopment measures repetition from the score: at most 15 % of the
// bars of a 3-minute song may be exact copies of an earlier bar across all
// tracks, in every style (and in 3/4 and 6/8 where it plays them), at
// several seeds.
func TestDevelopment(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every style's development measured")
	}
	worst, total, sum := 0.0, 0, 0.0
	var report []string
	for _, g := range plan.Genres {
		for _, mp := range meterPrompts {
			if mp.ask != "" && !slices.Contains(genre.Of(g).Style.Meters, mp.meter) {
				continue
			}
			for seed := uint64(1); seed <= 3; seed++ {
				s := Compose(reader.Parse(string(g)+mp.ask+", 3 minutes"), seed)
				c, n := copyRatio(s)
				r := float64(c) / float64(n)
				sum += r
				total++
				worst = max(worst, r)
				if r > 0.15 {
					t.Errorf("%s%s seed %d: %d of %d bars (%.0f %%) are exact copies of an earlier bar", g, mp.ask, seed, c, n, 100*r)
				}
				if seed == 1 {
					report = append(report, fmt.Sprintf("%s%s %.0f%%", g, mp.ask, 100*r))
				}
			}
		}
	}
	slices.Sort(report)
	t.Logf("copy ratio: mean %.1f %%, worst %.1f %% over %d songs; seed 1: %s", 100*sum/float64(total), 100*worst, total, strings.Join(report, ", "))
}

// TestProgrammedBassApproachOnBeat shows that a programmed style's bass
// approach keeps the sequencer grid: the 808 of a bar (a 0.92-beat note on
// beat 3) gains no note on a sixteenth, where a live bass splits it on the
// "e" of the beat (phonk seed 2 read 322 bpm for 155 with it).
func TestProgrammedBassApproachOnBeat(t *testing.T) {
	for _, programmed := range []bool{false, true} {
		tr := score.Track{Role: score.RoleBass, Notes: []score.Note{
			{Start: 0, Length: 1.9, Pitch: 36, Velocity: 0.8},
			{Start: 3, Length: 0.92, Pitch: 36, Velocity: 0.8},
		}}
		develop.VaryBass(&tr, harmony.NewKey(5, "minor"), 0, 4, programmed, harmony.NewRNG(2, "test"))
		offBeat := false
		for _, n := range tr.Notes {
			if n.Start != math.Floor(n.Start) {
				offBeat = true
				if programmed && math.Mod(n.Start, 0.5) != 0 {
					t.Errorf("programmed: bass note at beat %v, off the grid", n.Start)
				}
			}
		}
		if len(tr.Notes) != 3 {
			t.Errorf("programmed %v: %d notes, want an approach added (3)", programmed, len(tr.Notes))
		}
		if !programmed && !offBeat {
			t.Errorf("live bass: no approach off the beat: %v", tr.Notes)
		}
	}
}
