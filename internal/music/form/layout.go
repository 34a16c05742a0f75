package form

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
)

// Section lengths a composer writes (issue 32 item 6): not every section
// one phrase of 8 bars, but lengths that vary with the style and the
// piece, in quarters of the song's phrase (a quarter is 2 bars of an
// 8-bar phrase, 1 bar of a 4-bar one). A verse runs 8, 12 or 16 bars, a
// chorus 8 or 16, a bridge 4, 6 (the asymmetric bridge of an AABA song)
// or 8; a dance track keeps its 8- and 16-bar blocks (and 4- or 8-bar
// breakdowns); a through-composed calm piece moves in sections of 6 to
// 12 bars; a 12-bar blues stays 12 (LayoutWith).
var sectionQuarters = map[genre.FormKind]map[string][]int{
	genre.FormSong:  {"verse": {4, 4, 6, 8}, "chorus": {4, 4, 8}, "bridge": {2, 3, 4}, "intro": {2, 3}, "outro": {2, 3}},
	genre.FormBeat:  {"verse": {4, 6, 8, 8}, "chorus": {4, 4, 8}, "bridge": {2, 4}, "intro": {2, 2, 4}, "outro": {2, 3}},
	genre.FormDance: {"build": {4, 8}, "drop": {4, 8, 8}, "breakdown": {2, 4}, "intro": {2, 4}, "outro": {2, 4}},
	genre.FormThrough: {"verse": {3, 4, 5, 6}, "chorus": {4, 5, 6}, "bridge": {3, 4, 5}, "intro": {2, 3},
		"outro": {2, 3}},
}

// Layout splits bars into the sections of a song (not a loop) of the
// style prof, with lengths that vary with the style and the seed (see
// sectionQuarters): the form's cycle of middle sections between an intro
// and an outro, each section's length drawn from its name's lengths, the
// last one taking what is left. Short songs (phrases under 4 bars) and the
// blues keep LayoutWith's even phrases. The same style, seed and length
// always give the same sections; two styles at one seed mostly do not.
func Layout(prof genre.Profile, bars, beats int, seed uint64) []Section {
	menu, ok := sectionQuarters[prof.Form]
	phrase := 2
	switch {
	case bars >= 40:
		phrase = 8
	case bars >= 10:
		phrase = 4
	}
	// A jazz tune keeps its 8-bar (AABA) sections: its harmony is written
	// in them (the vocabulary of TestChordVocabulary).
	if !ok || phrase < 4 || prof.Style.Family == "jazz" {
		return LayoutWith(prof.Form, bars, beats, true)
	}
	q := phrase / 4
	if bars < 64 {
		// A song under 64 bars is short: no section runs over one and a
		// half phrases, its outro is half a phrase and its intro at most
		// three quarters of one, so that its hook returns often enough.
		short := make(map[string][]int, len(menu))
		for name, opts := range menu {
			for _, v := range opts {
				if name == "outro" || name == "intro" && v > 3 {
					v = 2
				}
				short[name] = append(short[name], min(v, 6))
			}
		}
		menu = short
	}
	r := harmony.NewRNG(seed, "form/"+prof.Style.Name)
	pick := func(name string) int {
		opts := menu[name]
		if len(opts) == 0 {
			return phrase
		}
		return q * opts[r.Intn(len(opts))]
	}
	intro, outro := pick("intro"), pick("outro")
	mid := bars - intro - outro
	if mid < 2*phrase {
		return LayoutWith(prof.Form, bars, beats, true)
	}
	names, quarters := fitQuarters(formCycles[prof.Form], menu, mid/q, prof.Style.Family == "jazz", r)
	lens := make([]int, len(quarters))
	for i, n := range quarters {
		lens[i] = q * n
	}
	lens[len(lens)-1] += mid % q
	names = append(append([]string{"intro"}, names...), "outro")
	lens = append(append([]int{intro}, lens...), outro)
	// No middle section of 4k+1 bars: the players phrase in 4 bars and
	// join a last bar left over to the phrase before (a 5-bar phrase
	// whose cadence the tempo map would broaden late); it passes the bar
	// on to the section after it (the outro last).
	for i := 1; i < len(lens)-1; i++ {
		if lens[i] > 4 && lens[i]%4 == 1 {
			lens[i]--
			lens[i+1]++
		}
	}
	return place(names, lens, beats)
}

// sequence is the first m middle sections of a form: its cycle's names
// in turn, with the cycle's bridge moved in before the last section when
// m would end before it and bridge is set (a jazz tune: verse chorus
// bridge chorus, not verse chorus verse chorus, so that the bridge's
// harmony is heard).
func sequence(cycle []string, m int, bridge bool) []string {
	out := make([]string, m)
	for i := range out {
		out[i] = cycle[i%len(cycle)]
	}
	if bridge && m >= 4 && !slices.Contains(out, "bridge") && slices.Contains(cycle, "bridge") {
		out[m-2] = "bridge"
	}
	return out
}

// fitQuarters returns the names and lengths in quarters of the middle
// sections (see sequence) that fill units quarters: the count whose
// names' mean lengths come nearest, among those that end on a hook and
// can fill units, each length drawn from its name's lengths, then moved
// one step along its lengths at a time (a section drawn at random) until
// they add up; the last section takes what steps cannot.
func fitQuarters(cycle []string, menu map[string][]int, units int, bridge bool, r *harmony.RNG) ([]string, []int) {
	mean := func(name string) float64 {
		s := 0.0
		for _, v := range menu[name] {
			s += float64(v)
		}
		return s / float64(len(menu[name]))
	}
	var n int
	for sum := 0.0; n == 0 || sum+mean(cycle[n%len(cycle)])/2 <= float64(units); n++ {
		sum += mean(cycle[n%len(cycle)])
	}
	// The count whose sections' mean lengths come nearest to units (as a
	// ratio), among those that end on a chorus (or a drop: a song ends
	// on its hook, not on a verse), preferring those that can fill units.
	best := math.Inf(1)
	names := sequence(cycle, n, bridge)
	for m := max(1, n-len(cycle)); m <= n+len(cycle); m++ {
		seq := sequence(cycle, m, bridge)
		lo, hi, sum := 0, 0, 0.0
		for _, name := range seq {
			opts := sortedLengths(menu[name])
			lo, hi, sum = lo+opts[0], hi+opts[len(opts)-1], sum+mean(name)
		}
		if !hookName(seq[m-1]) {
			continue
		}
		// A count whose lengths cannot fill units costs by how far off
		// they are (the last section then takes the difference).
		d := math.Abs(math.Log(sum / float64(units)))
		// Another return of the hook is worth sections a little shorter
		// than their mean (a chorus heard three times, not twice).
		for _, name := range seq {
			if hookName(name) {
				d -= hookWorth
			}
		}
		if off := max(lo-units, units-hi, 0); off > 0 {
			d += 1 + float64(off)/float64(units)
		}
		if d <= best {
			best, names = d, seq
		}
	}
	n = len(names)
	out := make([]int, n)
	total := 0
	for i, name := range names {
		opts := menu[name]
		out[i] = opts[r.Intn(len(opts))]
		total += out[i]
	}
	for tries := 0; total != units && tries < 64*n; tries++ {
		i := r.Intn(n)
		opts := sortedLengths(menu[names[i]])
		j := slices.Index(opts, out[i])
		switch {
		case total < units && j+1 < len(opts) && total+opts[j+1]-out[i] <= units:
			total += opts[j+1] - out[i]
			out[i] = opts[j+1]
		case total > units && j > 0:
			total += opts[j-1] - out[i]
			out[i] = opts[j-1]
		}
	}
	out[n-1] = max(1, out[n-1]+units-total)
	return names, out
}

// hookWorth is how much a return of the hook weighs against a section
// count whose mean lengths fit the song less well (see fitQuarters).
const hookWorth = 0.2

// hookName reports whether a section of that name carries the hook.
func hookName(name string) bool { return name == "chorus" || name == "drop" }

// sortedLengths returns the distinct lengths of opts, shortest first.
func sortedLengths(opts []int) []int {
	var out []int
	for _, v := range opts {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// place turns names and lengths into sections, one after the other.
func place(names []string, lens []int, beats int) []Section {
	out := make([]Section, len(names))
	start := 0
	seen := map[string]int{}
	for i, name := range names {
		out[i].Name = name
		out[i].Bars = lens[i]
		out[i].StartBeat = float64(start * beats)
		out[i].Beats = beats
		out[i].Index = seen[name]
		seen[name]++
		start += lens[i]
	}
	return out
}
