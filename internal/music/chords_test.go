package music_test

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// on is a note onset: its tick and pitch class.
type on struct{ tick, pc int }

// distinctChords counts a score's distinct chords the way the reference
// measure reads a MIDI file: per track, the pitch-class sets of the note
// onsets that fall within 30 ticks (480 a beat) of each other, with at
// least three pitch classes; distinct over the song.
func distinctChords(s *score.Score) int {
	seen := map[string]bool{}
	for _, t := range s.Tracks {
		if t.Role == score.RoleDrums || t.Role == score.RoleFX {
			continue
		}
		var ons []on
		for _, n := range t.Notes {
			ons = append(ons, on{int(math.Round(n.Start * 480)), n.Pitch % 12})
		}
		sort.Slice(ons, func(i, j int) bool { return ons[i].tick < ons[j].tick })
		chordSets(ons, seen)
	}
	return len(seen)
}

// chordSets adds the pitch-class sets of onsets within 30 ticks.
func chordSets(ons []on, seen map[string]bool) {
	for i := 0; i < len(ons); {
		j := i
		set := map[int]bool{}
		for j < len(ons) && ons[j].tick-ons[i].tick <= 30 {
			set[ons[j].pc] = true
			j++
		}
		if len(set) >= 3 {
			var pcs []int
			for pc := range set {
				pcs = append(pcs, pc)
			}
			slices.Sort(pcs)
			seen[fmt.Sprint(pcs)] = true
		}
		i = j
	}
}

// chordGoals are issue 19's goals for the harmony of the jazz family
// (every song of the family at least 8, see TestChordVocabulary; big band
// and bossa nova 10 by the median of the seeds).
var chordGoals = map[string]int{"jazz": 8, "blues": 8, "big band": 10, "bossa nova": 10}

// TestChordVocabulary composes every style at seeds 1-3 (two minutes) and
// counts distinct chords; the jazz styles must reach chordGoals (median of
// the seeds). With -v it prints the median per style.
func TestChordVocabulary(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: corpus test: every style's chord vocabulary measured")
	}
	var report []string
	family := map[string][]int{}
	for _, st := range style.All() {
		var counts []int
		for seed := uint64(1); seed <= 3; seed++ {
			p := reader.Parse(st.Name + " music, 2 minutes")
			p.Genre = plan.Genre(st.Name)
			counts = append(counts, distinctChords(music.Compose(p, seed)))
		}
		slices.Sort(counts)
		med := counts[1]
		family[st.Family] = append(family[st.Family], counts...)
		report = append(report, fmt.Sprintf("%s %d", st.Name, med))
		if goal, ok := chordGoals[st.Name]; ok && med < goal {
			t.Errorf("%s: %v distinct chords at seeds 1-3, want a median of at least %d", st.Name, counts, goal)
		}
		if st.Family == "jazz" && counts[0] < 8 {
			t.Errorf("%s: %v distinct chords at seeds 1-3, want at least 8 in every song of the jazz family", st.Name, counts)
		}
	}
	t.Log("distinct chords (median of seeds 1-3): " + strings.Join(report, ", "))
	var fams []string
	for f, c := range family {
		slices.Sort(c)
		fams = append(fams, fmt.Sprintf("%s %d [%d-%d]", f, c[len(c)/2], c[0], c[len(c)-1]))
	}
	slices.Sort(fams)
	t.Log("per family (median [range]): " + strings.Join(fams, ", "))
}
