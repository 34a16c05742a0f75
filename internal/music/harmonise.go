package music

import (
	"math"

	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/tune"
)

// harmonise finds chords for a given melody: per bar, or per half bar in
// 4/4 and 6/8 where the tune asks, the key's triads (no diminished ones;
// the major dominant in a minor key) whose tones cover the melody's
// notes, weighed by where they fall in the bar (the downbeat most) and
// how long they sound; the progression between them is scored (the
// dominant resolving to the tonic, the subdominant to the dominant) and
// the best found by dynamic programming, with the tonic on the first
// downbeat and on the tune's last note, the dominant before it, and half
// and full cadences at the ends of eight-bar phrases. notes are in song
// beats from the first downbeat; the result has one BarChord a bar of
// the statement.
func harmonise(notes []tune.Note, bars, bpb int, k harmony.Key) []harmony.BarChord {
	cands := candidates(k)
	per := 1
	if bpb == 4 || bpb == 2 {
		per = 2
	}
	slotLen := float64(bpb) / float64(per)
	n := bars * per
	last := 0
	if len(notes) > 0 {
		ln := notes[len(notes)-1]
		last = min(bars-1, int(math.Floor((ln.At+1e-6)/float64(bpb))))
	}
	score := make([][]float64, n)
	for s := range n {
		score[s] = make([]float64, len(cands))
		w := slotWeights(notes, float64(s)*slotLen, slotLen, bpb)
		for c, ch := range cands {
			score[s][c] = fitScore(w, ch.pcs) + ch.prior + cadenceBonus(s, per, bars, last, ch)
		}
	}
	path := bestPath(score, cands, per)
	out := make([]harmony.BarChord, bars)
	for b := range out {
		out[b].C = cands[path[b*per]].chord
		if per == 2 && path[b*per+1] != path[b*per] {
			out[b].C2, out[b].Split = cands[path[b*per+1]].chord, slotLen
		}
	}
	if last >= 1 {
		cadenceSeventh(&out[last-1], k)
	}
	return out
}

// candidate is one chord the harmoniser may choose.
type candidate struct {
	chord harmony.Chord
	pcs   [12]bool
	deg   int
	prior float64
}

// candidates are the key's major and minor triads and, in a minor-ish
// key, the major dominant.
func candidates(k harmony.Key) []candidate {
	prior := [7]float64{0.4, 0.1, -0.1, 0.25, 0.25, 0.15, 0}
	var out []candidate
	add := func(c harmony.Chord, deg int, p float64) {
		cd := candidate{chord: c, deg: deg, prior: p}
		for _, pc := range c.PCs(k) {
			cd.pcs[pc] = true
		}
		out = append(out, cd)
	}
	for d := range 7 {
		c := k.Diatonic(d, 3)
		if c.Tones[2] != 7 {
			continue // diminished or augmented
		}
		add(c, d, prior[d])
	}
	if k.Steps[4] == 7 && k.Diatonic(4, 3).Tones[1] == 3 {
		add(harmony.Chord{Degree: 4, Root: 7, Tones: []int{0, 4, 7}}, 4, 0.3)
	}
	return out
}

// slotWeights are the weights of the pitch classes sounding in a slot:
// a note struck in it by its place in the bar and its length, a note
// held into it by how much of the slot it fills.
func slotWeights(notes []tune.Note, from, length float64, bpb int) [12]float64 {
	var w [12]float64
	to := from + length
	for _, n := range notes {
		end := n.At + n.Len
		if end <= from+1e-6 || n.At >= to-1e-6 {
			continue
		}
		pc := ((n.Pitch % 12) + 12) % 12
		if n.At < from-1e-6 {
			w[pc] += 1.5 * (math.Min(end, to) - from) / length
			continue
		}
		w[pc] += metricWeight(math.Mod(n.At, float64(bpb)), bpb) * math.Sqrt(math.Min(n.Len, 2))
	}
	return w
}

// metricWeight is how strong a place in the bar is: the downbeat, the
// bar's middle, the other beats, the offbeats.
func metricWeight(pos float64, bpb int) float64 {
	on := func(x float64) bool { return math.Abs(pos-x) < 1e-6 }
	switch {
	case on(0):
		return 3
	case bpb%2 == 0 && on(float64(bpb)/2):
		return 2
	case bpb == 2 && (on(1.0/3) || on(2.0/3) || on(4.0/3) || on(5.0/3)):
		return 0.8
	case bpb != 2 && math.Abs(pos-math.Round(pos)) < 1e-6:
		return 1.2
	}
	return 0.4
}

// fitScore is a chord's cover of a slot: chord tones count for, other
// notes against.
func fitScore(w [12]float64, pcs [12]bool) float64 {
	s := 0.0
	for pc, x := range w {
		if pcs[pc] {
			s += x
		} else {
			s -= x
		}
	}
	return s
}

// cadenceBonus favours the tonic on the first downbeat and on the tune's
// last note's bar, the dominant in the bar before, a half cadence in the
// fourth bar of eight and a full one in the eighth.
func cadenceBonus(slot, per, bars, last int, c candidate) float64 {
	bar, first := slot/per, slot%per == 0
	lastSlot := slot%per == per-1
	tonic, dom := c.deg == 0, c.deg == 4
	switch {
	case slot == 0 && tonic:
		return 1.5
	case bar == last && first && tonic:
		return 4
	case bar == last-1 && lastSlot && dom:
		return 1.2
	case bars >= 8 && bar != last && (bar+1)%8 == 4 && lastSlot && dom:
		return 0.5
	case bars >= 8 && bar != last && (bar+1)%8 == 0 && first && tonic:
		return 0.6
	}
	return 0
}

// bestPath is the chords of the slots that score most with the moves
// between them.
func bestPath(score [][]float64, cands []candidate, per int) []int {
	n, m := len(score), len(cands)
	best := make([][]float64, n)
	from := make([][]int, n)
	for s := range n {
		best[s], from[s] = make([]float64, m), make([]int, m)
		for c := range m {
			if s == 0 {
				best[s][c] = score[s][c]
				continue
			}
			best[s][c] = math.Inf(-1)
			for p := range m {
				if v := best[s-1][p] + move(cands[p], cands[c], s%per != 0); v > best[s][c] {
					best[s][c], from[s][c] = v, p
				}
			}
			best[s][c] += score[s][c]
		}
	}
	path := make([]int, n)
	for c := range m {
		if best[n-1][c] > best[n-1][path[n-1]] {
			path[n-1] = c
		}
	}
	for s := n - 1; s > 0; s-- {
		path[s-1] = from[s][path[s]]
	}
	return path
}

// move scores the move from chord a to chord b: staying inside a bar
// gains and changing there costs, the strong moves of functional harmony
// (V-I, IV-V, ii-V, vi-ii/IV) gain, the weak ones (V-IV, V-ii) lose.
func move(a, b candidate, midBar bool) float64 {
	same := a.deg == b.deg && a.pcs == b.pcs
	switch {
	case midBar && same:
		return 0.3
	case midBar:
		return functional(a, b) - 0.5
	case same:
		return -0.15
	}
	return functional(a, b)
}

// functional scores a change of chord by the degrees it moves between.
func functional(a, b candidate) float64 {
	switch [2]int{a.deg, b.deg} {
	case [2]int{4, 0}:
		return 0.5
	case [2]int{3, 4}, [2]int{1, 4}:
		return 0.3
	case [2]int{3, 0}, [2]int{5, 1}, [2]int{5, 3}:
		return 0.2
	case [2]int{0, 3}, [2]int{0, 4}:
		return 0.1
	case [2]int{4, 3}:
		return -0.4
	case [2]int{4, 1}:
		return -0.3
	}
	return 0
}

// cadenceSeventh makes a dominant before the tune's last bar a dominant
// seventh.
func cadenceSeventh(b *harmony.BarChord, k harmony.Key) {
	dom7 := k.Dominant7(4)
	if b.Split > 0 && b.C2.Degree == 4 && b.C2.Tones[1] == 4 {
		b.C2 = dom7
	} else if b.Split == 0 && b.C.Degree == 4 && b.C.Tones[1] == 4 {
		b.C = dom7
	}
}
