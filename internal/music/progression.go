package music

// Chord progressions as scale degrees (0 = I/i ... 6 = VII), one chord per
// bar. Families are chosen by genre; pools by the mode's third.
var progressionPools = map[string][2][][]int{ // [0] major-ish, [1] minor-ish
	"pop": {
		{{0, 4, 5, 3}, {5, 3, 0, 4}, {0, 5, 3, 4}, {3, 0, 4, 5}, {0, 3, 5, 4}},
		{{0, 5, 2, 6}, {0, 6, 5, 6}, {5, 6, 0, 0}, {0, 3, 6, 2}, {0, 5, 3, 6}},
	},
	"jazz": {
		{{1, 4, 0, 0}, {1, 4, 0, 5}, {3, 2, 1, 0}, {0, 5, 1, 4}, {2, 5, 1, 4}},
		{{1, 4, 0, 0}, {0, 3, 6, 2}, {0, 5, 1, 4}, {3, 6, 2, 5}},
	},
	"rock": {
		{{0, 3, 4, 3}, {0, 4, 3, 0}, {0, 3, 0, 4}, {5, 3, 0, 4}},
		{{0, 6, 5, 6}, {0, 5, 6, 0}, {0, 3, 6, 0}, {0, 5, 2, 6}},
	},
	"metal": {
		{{0, 3, 4, 3}, {0, 5, 3, 4}},
		{{0, 5, 6, 0}, {0, 0, 5, 6}, {0, 1, 0, 6}, {0, 6, 5, 4}},
	},
	"folk": {
		{{0, 3, 0, 4}, {0, 0, 3, 4}, {0, 4, 5, 3}, {0, 3, 4, 0}},
		{{0, 6, 5, 6}, {0, 3, 0, 6}, {0, 2, 6, 0}},
	},
	"epic": {
		{{5, 3, 0, 4}, {0, 4, 5, 3}, {3, 4, 5, 5}, {3, 0, 4, 5}},
		{{0, 5, 2, 6}, {5, 6, 0, 0}, {0, 5, 3, 6}, {5, 2, 6, 0}},
	},
	"dance": {
		{{5, 3, 0, 4}, {0, 4, 5, 3}, {1, 4, 0, 5}, {3, 4, 5, 5}},
		{{0, 5, 2, 6}, {0, 6, 5, 6}, {0, 3, 5, 6}, {5, 6, 0, 0}},
	},
	"one": {
		{{0, 0, 0, 0}, {0, 0, 3, 3}, {0, 0, 5, 5}},
		{{0, 0, 0, 0}, {0, 0, 5, 5}, {0, 0, 6, 6}, {0, 0, 3, 3}},
	},
	"funk": {
		{{0, 0, 3, 3}, {1, 4, 1, 4}, {0, 3, 0, 3}},
		{{0, 0, 3, 3}, {0, 3, 0, 3}, {0, 0, 6, 6}},
	},
	"disco": {
		{{1, 4, 0, 5}, {0, 5, 1, 4}, {3, 4, 2, 5}},
		{{0, 3, 6, 2}, {0, 5, 3, 4}, {0, 3, 0, 6}},
	},
	"reggae": {
		{{0, 3, 0, 4}, {0, 3, 4, 3}, {0, 5, 3, 4}},
		{{0, 3, 0, 3}, {0, 6, 0, 6}, {0, 3, 6, 0}},
	},
	"ambient": {
		{{0, 3, 0, 3}, {0, 5, 3, 3}, {3, 0, 3, 4}, {0, 2, 3, 0}},
		{{0, 5, 0, 5}, {0, 3, 0, 3}, {5, 3, 0, 0}, {0, 6, 5, 5}},
	},
	"classical": {
		{{0, 3, 4, 0}, {0, 5, 3, 4}, {0, 4, 5, 2}, {3, 0, 3, 4}},
		{{0, 3, 6, 2}, {0, 5, 3, 4}, {5, 3, 0, 4}, {0, 3, 0, 4}},
	},
}

// modeProgressions are characteristic vamps of the modal colours.
var modeProgressions = map[string][][]int{
	"dorian":     {{0, 3, 0, 3}, {0, 3, 6, 0}},
	"phrygian":   {{0, 1, 0, 1}, {0, 1, 6, 0}},
	"lydian":     {{0, 1, 0, 1}, {0, 1, 4, 0}},
	"mixolydian": {{0, 6, 3, 0}, {0, 6, 0, 3}},
}

// twelveBar is the 12-bar blues with a quick change and a turnaround.
var twelveBar = []int{0, 3, 0, 0, 3, 3, 0, 0, 4, 3, 0, 4}

// harmony is the song's chords for each kind of section.
type harmony struct {
	verse, chorus, bridge []chord
}

// chooseHarmony picks the progressions of verse, chorus and bridge.
func chooseHarmony(k key, prof genreProfile, r *rng) harmony {
	if prof.harmony == "blues" {
		var cs []chord
		for _, d := range twelveBar {
			if k.minorish() {
				cs = append(cs, k.diatonic(d, 4))
			} else {
				cs = append(cs, k.dominant7(d))
			}
		}
		return harmony{verse: cs, chorus: cs, bridge: cs}
	}
	pools, ok := progressionPools[prof.harmony]
	if !ok {
		pools = progressionPools["pop"]
	}
	pool := pools[0]
	if k.minorish() {
		pool = pools[1]
	}
	pool = append([][]int(nil), pool...)
	if mp, ok := modeProgressions[k.mode]; ok {
		pool = append([][]int{mp[r.intn(len(mp))]}, pool...)
		// The modal vamp goes first so that the verse shows the mode.
	} else {
		r.shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	}
	pick := func(i int) []chord {
		degs := pool[i%len(pool)]
		cs := make([]chord, len(degs))
		for j, d := range degs {
			size := prof.ext
			if k.steps[d%7] != 0 && size > 3 && (d == 6 && !k.minorish()) {
				size = 3 // the diminished vii stays a triad
			}
			cs[j] = k.diatonic(d, size)
		}
		return cs
	}
	h := harmony{verse: pick(0), chorus: pick(1), bridge: pick(2)}
	if prof.harmony == "one" || prof.harmony == "funk" {
		h.chorus = h.verse // vamps stay on their groove
	}
	return h
}
