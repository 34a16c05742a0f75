package form

import (
	"slices"

	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// Chart is the song's harmony as chord symbols, bar by bar (two chords in
// bars that change inside), with repeats of one chord merged.
func Chart(secs []Section, k harmony.Key, bpb int) []score.Chord {
	var out []score.Chord
	add := func(c harmony.Chord, start, beats float64) {
		sym := ChordSymbol(c, k)
		if n := len(out); n > 0 && out[n-1].Symbol == sym && out[n-1].StartBeat+out[n-1].Beats == start {
			out[n-1].Beats += beats
			return
		}
		out = append(out, score.Chord{Symbol: sym, StartBeat: start, Beats: beats})
	}
	for i := range secs {
		sec := &secs[i]
		for b := 0; b < sec.Bars; b++ {
			h := sec.BarAt(b)
			start := sec.StartBeat + float64(b*bpb)
			if h.Split > 0 && h.Split < float64(bpb) {
				add(h.C, start, h.Split)
				add(h.C2, start+h.Split, float64(bpb)-h.Split)
				continue
			}
			add(h.C, start, float64(bpb))
		}
	}
	return out
}

// Qualities names chords by their tones above the root (ninths folded in
// as 14): the common lead-sheet spellings.
var Qualities = []struct {
	Tones []int
	Name  string
}{
	{[]int{0, 4, 7}, ""}, {[]int{0, 3, 7}, "m"}, {[]int{0, 3, 6}, "dim"}, {[]int{0, 4, 8}, "aug"},
	{[]int{0, 2, 7}, "sus2"}, {[]int{0, 5, 7}, "sus4"},
	{[]int{0, 4, 7, 9}, "6"}, {[]int{0, 4, 7, 11}, "maj7"}, {[]int{0, 3, 7, 10}, "m7"}, {[]int{0, 4, 7, 10}, "7"},
	{[]int{0, 3, 6, 10}, "m7b5"}, {[]int{0, 3, 6, 9}, "dim7"}, {[]int{0, 3, 7, 11}, "m(maj7)"}, {[]int{0, 4, 8, 11}, "maj7#5"},
	{[]int{0, 4, 7, 11, 14}, "maj9"}, {[]int{0, 3, 7, 10, 14}, "m9"}, {[]int{0, 4, 7, 10, 14}, "9"},
	{[]int{0, 3, 6, 10, 13}, "m7b5(b9)"}, {[]int{0, 4, 7, 10, 13}, "7b9"}, {[]int{0, 3, 7, 10, 13}, "m7(b9)"},
	{[]int{0, 4, 7, 11, 13}, "maj7(b9)"},
}

// ChordSymbol spells c in k: the root's name and the quality of its tones
// (a stack the table does not know is named by its triad), over its bass
// note when that is not the root.
func ChordSymbol(c harmony.Chord, k harmony.Key) string {
	if c.Slash != 0 {
		// An inversion or a pedal: the chord over its bass note, "C/E".
		plain := c
		plain.Slash = 0
		return ChordSymbol(plain, k) + "/" + harmony.NoteName(k.Root+c.BassPC())
	}
	root := harmony.NoteName(k.Root + c.Root)
	if c.Quality != "" {
		return root + c.Quality
	}
	for n := len(c.Tones); n >= 3; n-- {
		for _, q := range Qualities {
			if slices.Equal(c.Tones[:n], q.Tones) {
				return root + q.Name
			}
		}
	}
	return root
}
