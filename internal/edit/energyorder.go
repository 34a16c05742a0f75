package edit

import (
	"cmp"
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// What the composer's form leaves between sections (a busy verse, a
// sparse chorus) can outweigh what the drawn energy adds or takes away
// when two sections are drawn close together. order makes the drawn
// sections' onset density and arrangement power follow the order of their
// energy: from the highest drawn section down, each lower one plays at
// most 1/(1+densityStep) of the onsets a beat and powerStepDB less power
// than the one above it.
const (
	densityStep = 0.12 // the least step of onsets a beat between two energies
	powerStepDB = 1.5  // the least step of arrangement power between two energies
	orderTie    = 0.02 // energies closer than this are one level
)

// order thins and softens the drawn sections of s (levels, set as Curve
// Levels gives them) so that their onsets a beat and their power rise with
// their energy. Only the accompaniment, bass and drums thin (weakest
// positions first, never a bar's downbeat); the lead keeps its notes.
func order(s *score.Score, levels []float64, set []bool) {
	var idx []int
	for i := range s.Sections {
		if set[i] {
			idx = append(idx, i)
		}
	}
	if len(idx) < 2 {
		return
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(levels[b], levels[a]) })
	// A group is the sections of one level; each group plays under the
	// least density and power of the group above.
	capD, capP := math.Inf(1), math.Inf(1)
	groupE, minD, minP := math.Inf(1), math.Inf(1), math.Inf(1)
	for _, i := range idx {
		if levels[i] < groupE-orderTie {
			if !math.IsInf(groupE, 1) {
				capD, capP = minD/(1+densityStep), minP-powerStepDB
			}
			groupE, minD, minP = levels[i], math.Inf(1), math.Inf(1)
		}
		from, to := s.Sections[i].StartBeat, s.SectionEnd(i)
		d := thinTo(s, from, to, capD)
		p := sectionPowerDB(s, from, to)
		if p > capP {
			scaleVelocities(s, from, to, math.Pow(10, (capP-p)/20))
			p = capP
		}
		minD, minP = min(minD, d), min(minP, p)
	}
}

// slot is an onset position on the sixteenth grid.
func slot(b float64) int { return int(math.Round(b * 4)) }

// thinTo removes the onsets of [from, to) at the weakest positions no lead
// note starts on until the section plays at most most onsets (sixteenth
// slots with a note or hit) a beat, and returns the onsets a beat it
// plays.
func thinTo(s *score.Score, from, to, most float64) float64 {
	bpb := max(s.BeatsPerBar, 1)
	in := func(b float64) bool { return b >= from-1e-9 && b < to-1e-9 }
	used, lead := map[int]bool{}, map[int]bool{}
	for _, t := range s.Tracks {
		for _, n := range t.Notes {
			if in(n.Start) {
				used[slot(n.Start)] = true
				lead[slot(n.Start)] = lead[slot(n.Start)] || t.Role == score.RoleLead
			}
		}
		for _, h := range t.Hits {
			if in(h.Start) {
				used[slot(h.Start)] = true
			}
		}
	}
	beats := max(to-from, 1)
	if float64(len(used))/beats <= most {
		return float64(len(used)) / beats
	}
	var free []int
	for k := range used {
		if !lead[k] && Weight(float64(k)/4, bpb) < weightBar {
			free = append(free, k)
		}
	}
	// The weakest positions first; among equals, spread over the section
	// (the bars in golden-ratio order) rather than from one end.
	spread := func(k int) float64 { return math.Mod(float64(k/(4*bpb))*0.6180339887, 1) }
	slices.SortFunc(free, func(a, b int) int {
		if c := cmp.Compare(Weight(float64(a)/4, bpb), Weight(float64(b)/4, bpb)); c != 0 {
			return c
		}
		if c := cmp.Compare(spread(a), spread(b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	gone := map[int]bool{}
	n := len(used)
	for _, k := range free {
		if float64(n)/beats <= most {
			break
		}
		gone[k] = true
		n--
	}
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		if t.Role == score.RoleLead {
			continue
		}
		t.Notes = slices.DeleteFunc(t.Notes, func(x score.Note) bool { return in(x.Start) && gone[slot(x.Start)] })
		t.Hits = slices.DeleteFunc(t.Hits, func(x score.Hit) bool { return in(x.Start) && gone[slot(x.Start)] })
	}
	return float64(n) / beats
}

// sectionPowerDB is the arrangement power of [from, to): the sum of the
// squared velocities of its notes and hits a beat, the lead's left out
// (as balance measures it), in dB.
func sectionPowerDB(s *score.Score, from, to float64) float64 {
	p := 0.0
	for _, t := range s.Tracks {
		if t.Role == score.RoleLead {
			continue
		}
		for _, x := range t.Notes {
			if x.Start >= from-1e-9 && x.Start < to-1e-9 {
				p += x.Velocity * x.Velocity
			}
		}
		for _, x := range t.Hits {
			if x.Start >= from-1e-9 && x.Start < to-1e-9 {
				p += x.Velocity * x.Velocity
			}
		}
	}
	return 10 * math.Log10(p/max(to-from, 1e-9)+1e-6)
}
