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
// than the one above it, however close the two are drawn. A step of 0.3
// was not enough once the recorded kit's soft hits sounded (engine
// 2026.11.29.5): a quiet section's strums and soft hits each read as two
// to four onsets on the audio (their decay stands over the sparse
// section's median flux), so a lower section at 1.33 onsets a beat
// measured as dense as a verse at 3.12 (country intro 4.8 onsets/s against
// its verse's 4.3 on TestEnergyThirtyBriefs; indie pop's verse tied its
// outro). At 0.4 the 30 briefs follow again (0.35 lost the country intro).
const (
	densityStep = 0.4   // the least step of onsets a beat between two energies
	powerStepDB = 1.5   // the least step of arrangement power between two energies
	orderTie    = 0.005 // energies closer than this are one level
)

// rise is a fill into a rise of the drawn energy: the span beats before
// beat at, a stroke every step beats (riseInto writes it).
type rise struct{ at, span, step, e float64 }

// Fills follow the section they end, as a drummer plays them: a section
// drawn under fillSixteenthsFrom (where shape thins the sixteenths) rolls
// in eighths, and a two-beat fill takes at most an eighth of the section
// it ends (fillLongFrom beats or more). Measured on TestEnergyThirtyBriefs:
// the lo-fi brief's 2-bar verse drawn 0.52 ended in eight sixteenths into
// its chorus, 8 of its 14 onsets (2.3 a second, over the 0.59 outro's 1.3).
const (
	fillSixteenthsFrom = 0.55
	fillLongFrom       = 16.0
)

// rises are the fills Energy writes into the rises of levels: into every
// section drawn (or following a drawn one) 0.15 or more above the one
// before it, two beats long into a section above 0.7 from a section of
// fillLongFrom beats or more, else one; in sixteenths from a section at
// fillSixteenthsFrom or more, else in eighths.
func rises(s *score.Score, levels []float64, set []bool) []rise {
	var out []rise
	for i := 1; i < len(s.Sections); i++ {
		if (set[i] || set[i-1]) && levels[i]-levels[i-1] >= 0.15 && s.Sections[i].StartBeat >= 1 {
			span, step := 1.0, 0.25
			if levels[i] > 0.7 && s.SectionEnd(i-1)-s.Sections[i-1].StartBeat >= fillLongFrom-1e-9 {
				span = 2
			}
			if levels[i-1] < fillSixteenthsFrom {
				step = 0.5
			}
			out = append(out, rise{at: s.Sections[i].StartBeat, span: span, step: step, e: levels[i]})
		}
	}
	return out
}

// fillSlots are the sixteenth slots the fills of rs play on: thinning
// neither removes nor counts on them.
func fillSlots(rs []rise) map[int]bool {
	out := map[int]bool{}
	for _, r := range rs {
		for b := max(r.at-r.span, 0); b < r.at-1e-9; b += r.step {
			out[slot(b)] = true
		}
	}
	return out
}

// order thins and softens the drawn sections of s (levels, set as Curve
// Levels gives them) so that their onsets a beat and their power rise with
// their energy. The accompaniment, bass and drums thin first (weakest
// positions first, never a bar's downbeat); where that is not enough the
// lead plays longer notes (a note on a weak position joins the one before
// it). The fills of rs count as played.
func order(s *score.Score, levels []float64, set []bool, rs []rise) {
	var idx []int
	for i := range s.Sections {
		if set[i] {
			idx = append(idx, i)
		}
	}
	if len(idx) < 2 {
		return
	}
	fixed := fillSlots(rs)
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
		d := thinTo(s, from, to, capD, fixed)
		p := sectionPowerDB(s, from, to)
		if p > capP {
			scaleVelocities(s, from, to, math.Pow(10, (capP-p)/20))
			p = capP
		}
		minD, minP = min(minD, d), min(minP, p)
	}
	orderParts(s, levels, idx)
}

// orderParts keeps every part of each drawn section (idx, highest energy
// first) powerStepDB under the least power it plays with in the
// drawn sections of higher energy (a part that plays in none of them
// keeps its level): a lower section's drums or lead, however the composer
// wrote them, never outplay the same part above it. A lead part that the
// level just above does not play leaves a section drawn under drumsOut (an
// EDM drop drawn under its build and intro is no drop): the synthesizer
// levels each part where it plays, so playing it softer would not do.
func orderParts(s *score.Score, levels []float64, idx []int) {
	above := make([]float64, len(s.Tracks))
	for ti := range above {
		above[ti] = math.Inf(1)
	}
	groupE := math.Inf(1)
	group := make([]float64, len(s.Tracks))
	for ti := range group {
		group[ti] = math.Inf(1)
	}
	// has: the parts the group plays; hadAbove: those the group just above
	// plays (nil at the top).
	var hadAbove []bool
	has := make([]bool, len(s.Tracks))
	for n, i := range idx {
		if levels[i] < groupE-orderTie {
			for ti := range above {
				above[ti] = min(above[ti], group[ti])
			}
			if n > 0 {
				hadAbove, has = has, make([]bool, len(s.Tracks))
			}
			groupE = levels[i]
		}
		from, to := s.Sections[i].StartBeat, s.SectionEnd(i)
		in := func(b float64) bool { return b >= from-1e-9 && b < to-1e-9 }
		for ti := range s.Tracks {
			t := &s.Tracks[ti]
			p, ok := partPowerDB(t, from, to)
			if !ok {
				continue
			}
			if t.Role == score.RoleLead && levels[i] < drumsOut && hadAbove != nil && !hadAbove[ti] {
				t.Notes = slices.DeleteFunc(t.Notes, func(x score.Note) bool { return in(x.Start) })
				continue
			}
			has[ti] = true
			if p > above[ti]-powerStepDB { // +Inf: the top, or a part that plays in none above
				scaleTrack(&s.Tracks[ti], in, math.Pow(10, (above[ti]-powerStepDB-p)/20))
				p = above[ti] - powerStepDB
			}
			group[ti] = min(group[ti], p)
		}
	}
}

// heldBeats is the longest a note counts for in partPowerDB.
const heldBeats = 4.0

// partPowerDB is the power of t's notes and hits in [from, to) in dB (the
// sum of their squared velocities, a note's times its length in beats
// within 0.25..heldBeats, a hit's times 0.25, a beat: a held note sounds
// for as long as it is held), and whether t plays there.
func partPowerDB(t *score.Track, from, to float64) (float64, bool) {
	p := 0.0
	for _, x := range t.Notes {
		if x.Start >= from-1e-9 && x.Start < to-1e-9 {
			p += x.Velocity * x.Velocity * min(max(x.Length, 0.25), heldBeats)
		}
	}
	for _, x := range t.Hits {
		if x.Start >= from-1e-9 && x.Start < to-1e-9 {
			p += x.Velocity * x.Velocity * 0.25
		}
	}
	if p == 0 {
		return 0, false
	}
	return 10 * math.Log10(p/max(to-from, 1e-9)), true
}

// slot is an onset position on the sixteenth grid.
func slot(b float64) int { return int(math.Round(b * 4)) }

// thinTo removes the onsets of [from, to) at the weakest positions until
// the section plays at most most onsets (sixteenth slots with a note or
// hit, the fill slots fixed counted as played) a beat, and returns the
// onsets a beat it plays. Positions no lead note starts on go first; then
// the lead's weakest notes join the notes before them.
func thinTo(s *score.Score, from, to, most float64, fixed map[int]bool) float64 {
	bpb := max(s.BeatsPerBar, 1)
	in := func(b float64) bool { return b >= from-1e-9 && b < to-1e-9 }
	used, lead := map[int]bool{}, map[int]bool{}
	for k := range fixed {
		if in(float64(k) / 4) {
			used[k] = true
		}
	}
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
	var free, leadFree []int
	for k := range used {
		switch {
		case fixed[k] || Weight(float64(k)/4, bpb) >= weightBar:
		case !lead[k]:
			free = append(free, k)
		case Weight(float64(k)/4, bpb) < weightHalf:
			leadFree = append(leadFree, k)
		}
	}
	weakFirst(free, bpb)
	weakFirst(leadFree, bpb)
	gone := map[int]bool{}
	n := len(used)
	for _, k := range append(free, leadFree...) {
		if float64(n)/beats <= most {
			break
		}
		gone[k] = true
		n--
	}
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		if t.Role == score.RoleLead {
			t.Notes = joinLead(t.Notes, func(b float64) bool { return in(b) && gone[slot(b)] })
			continue
		}
		t.Notes = slices.DeleteFunc(t.Notes, func(x score.Note) bool { return in(x.Start) && gone[slot(x.Start)] })
		t.Hits = slices.DeleteFunc(t.Hits, func(x score.Hit) bool { return in(x.Start) && gone[slot(x.Start)] })
	}
	return float64(n) / beats
}

// weakFirst sorts slots the weakest positions first; among equals, spread
// over the section (the bars in golden-ratio order) rather than from one
// end.
func weakFirst(ks []int, bpb int) {
	spread := func(k int) float64 { return math.Mod(float64(k/(4*bpb))*0.6180339887, 1) }
	slices.SortFunc(ks, func(a, b int) int {
		if c := cmp.Compare(Weight(float64(a)/4, bpb), Weight(float64(b)/4, bpb)); c != 0 {
			return c
		}
		if c := cmp.Compare(spread(a), spread(b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
}

// joinLead removes the lead notes that start where gone says and holds
// the notes before each (those that start last before it) on to its end:
// the melody keeps its shape in longer notes. A note with none before it
// in its part stays.
func joinLead(notes []score.Note, gone func(float64) bool) []score.Note {
	out := slices.Clone(notes)
	slices.SortStableFunc(out, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	keep := make([]bool, len(out))
	last := -1 // index of the first kept note of the latest kept onset
	for i, n := range out {
		if last < 0 || !gone(n.Start) || n.Start-out[last].Start < 1e-9 {
			keep[i] = true
			if last < 0 || n.Start-out[last].Start > 1e-9 {
				last = i
			}
			continue
		}
		for j := last; j < i; j++ {
			if keep[j] && out[j].Start == out[last].Start {
				out[j].Length = max(out[j].Length, n.Start+n.Length-out[j].Start)
			}
		}
	}
	kept := out[:0]
	for i, n := range out {
		if keep[i] {
			kept = append(kept, n)
		}
	}
	return kept
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
