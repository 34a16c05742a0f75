package music

import "github.com/songsmith/songsmith/internal/style"

// Chord progressions as scale degrees (0 = I/i ... 6 = VII), one chord per
// bar. Families are chosen by genre; pools by the mode's third.
var progressionPools = map[style.HarmonyFamily][2][][]int{ // [0] major-ish, [1] minor-ish
	"pop": {
		{{0, 4, 5, 3}, {5, 3, 0, 4}, {0, 5, 3, 4}, {3, 0, 4, 5}, {0, 3, 5, 4}},
		{{0, 5, 2, 6}, {0, 6, 5, 6}, {5, 6, 0, 0}, {0, 3, 6, 2}, {0, 5, 3, 6}},
	},
	// Minor-key loops of hip hop, trap, drum and bass, dubstep, phonk:
	// i–VI–III–VII, i–iv–VI–v, the aeolian shuttle i–VII–VI–VII.
	"minor": {
		{{0, 5, 3, 4}, {0, 3, 5, 4}, {5, 3, 0, 4}, {0, 4, 5, 3}},
		{{0, 5, 2, 6}, {0, 3, 5, 4}, {0, 6, 5, 6}, {0, 0, 5, 5}, {0, 5, 3, 4}, {0, 3, 0, 4}},
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
	"latin": {
		{{1, 4, 0, 0}, {0, 5, 1, 4}, {0, 3, 4, 0}, {0, 1, 4, 0}},
		{{0, 3, 4, 0}, {0, 5, 3, 4}, {0, 3, 0, 4}, {0, 6, 5, 4}},
	},
	"gospel": {
		{{0, 3, 0, 5, 1, 4, 0, 0}, {3, 0, 1, 4}, {0, 2, 3, 4}, {0, 3, 5, 4}},
		{{0, 3, 6, 2}, {5, 3, 0, 4}, {0, 5, 3, 4}},
	},
	"soul": {
		{{1, 4, 0, 5}, {3, 2, 1, 0}, {0, 5, 1, 4}, {3, 4, 2, 5}},
		{{0, 3, 0, 3}, {0, 6, 5, 6}, {3, 6, 2, 5}},
	},
	"anime": {
		{{3, 4, 2, 5}, {3, 4, 0, 5}, {5, 3, 4, 0}, {3, 4, 2, 5, 1, 4, 0, 0}},
		{{5, 6, 0, 0}, {0, 5, 6, 4}, {5, 3, 4, 0}},
	},
	"chant": {
		{{0, 0, 3, 0}, {0, 6, 0, 0}, {0, 4, 0, 0}},
		{{0, 0, 6, 0}, {0, 3, 0, 0}, {0, 6, 3, 0}},
	},
	"horror": {
		{{0, 0, 1, 1}, {0, 5, 0, 1}},
		{{0, 1, 0, 1}, {0, 0, 5, 1}, {0, 6, 5, 1}},
	},
	"christmas": {
		{{0, 5, 1, 4}, {0, 3, 4, 0}, {0, 0, 3, 4}, {0, 2, 3, 4}},
		{{0, 3, 4, 0}, {0, 5, 3, 4}, {5, 3, 0, 4}},
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

// barChord is the harmony of one bar: a chord, and optionally a second
// chord that takes over from beat split (harmonic rhythm of two chords per
// bar in turnarounds, cadences and passing chords).
type barChord struct {
	c, c2 chord
	split float64 // beat inside the bar where c2 starts; 0 for one chord
}

// at returns the chord sounding at beat p of the bar.
func (h barChord) at(p float64) chord {
	if h.split > 0 && p >= h.split-1e-9 {
		return h.c2
	}
	return h.c
}

// harmony is the song's chords for each kind of section, one barChord per bar.
type harmony struct {
	verse, chorus, bridge []barChord
}

// chooseHarmony picks the progressions of verse, chorus and bridge. With
// beatsPerBar 4 some families change chord inside a bar (see rhythmize).
func chooseHarmony(k key, prof genreProfile, beatsPerBar int, r *rng) harmony {
	mk := chordMaker(k, prof)
	if prof.harmony == "blues" {
		var cs []barChord
		for _, d := range twelveBar {
			cs = append(cs, barChord{c: mk(d)})
		}
		if beatsPerBar == 4 {
			// Turnaround: I–V7 in the last bar, often I–IV in the one before.
			cs[11] = barChord{c: mk(0), c2: mk(4), split: 2}
			if r.chance(0.5) {
				cs[10] = barChord{c: mk(0), c2: mk(3), split: 2}
			}
			if k.minorish() {
				minorBlues(cs, mk)
			} else {
				jazzBlues(cs, mk)
			}
		}
		return harmony{verse: cs, chorus: cs, bridge: cs}
	}
	pools, ok := progressionPools[prof.harmony]
	if !ok {
		pools = progressionPools["pop"]
	}
	if own := prof.st.Harmony; len(own.Major) > 0 || len(own.Minor) > 0 {
		pools = [2][][]int{own.Major, own.Minor}
		if len(own.Major) == 0 {
			pools[0] = own.Minor
		}
		if len(own.Minor) == 0 {
			pools[1] = own.Major
		}
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
	pick := func(i int) []barChord {
		degs := pool[i%len(pool)]
		cs := make([]barChord, len(degs))
		for j, d := range degs {
			cs[j] = barChord{c: mk(d)}
		}
		dominantSevenths(cs, k, string(prof.harmony))
		borrow(cs, k, string(prof.harmony), prof.ext, r)
		invert(cs, string(prof.harmony), r)
		if beatsPerBar == 4 {
			rhythmize(cs, degs, string(prof.harmony), k, mk, r)
			switch {
			case prof.ext < 4:
			case prof.harmony == "jazz":
				colourJazz(cs, prof.ext, 0.65, prof.form == formBeat, r)
			case prof.harmony == "latin" && prof.ext >= 5: // bossa nova
				colourJazz(cs, prof.ext, 0.6, false, r)
			case prof.harmony == "latin": // samba, salsa: fewer chromatic chords
				colourJazz(cs, prof.ext, 0.3, false, r)
			}
			dominantSevenths(cs, k, string(prof.harmony)) // the cadential V–I bars rhythmize wrote too
		} else if prof.harmony == "jazz" && prof.ext >= 4 {
			waltzJazz(cs, prof.ext, r)
		}
		return cs
	}
	h := harmony{verse: pick(0), chorus: pick(1), bridge: pick(2)}
	if prof.harmony == "one" || prof.harmony == "funk" {
		h.chorus = h.verse // vamps stay on their groove
	}
	// The bridge (and a dance breakdown) brings new harmony: the first
	// progression of the pool unlike verse and chorus, else the verse moved
	// up a fourth (I–vi–IV–V becomes IV–ii–vii–I).
	if sameDegrees(h.bridge, h.verse) || sameDegrees(h.bridge, h.chorus) {
		found := false
		for i := 3; i < len(pool)+3 && !found; i++ {
			if b := pick(i); !sameDegrees(b, h.verse) && !sameDegrees(b, h.chorus) {
				h.bridge, found = b, true
			}
		}
		if !found {
			degs := make([]int, len(pool[0]))
			for j, d := range pool[0] {
				degs[j] = (d + 3) % 7
			}
			pool = append(pool, degs)
			h.bridge = pick(len(pool) - 1)
		}
	}
	if beatsPerBar != 4 && prof.harmony == "jazz" && prof.ext >= 4 {
		h.bridge = waltzBridge(k, mk(3), prof.ext)
	}
	if r.chance(0.5) {
		tonicPedal(h.bridge, string(prof.harmony))
	}
	if prof.harmony == "chant" {
		// The ison: chant is sung over a held tonic (the drone of
		// Byzantine and organum practice), which names the mode's
		// final under its IV, bVII and bII.
		for _, cs := range [][]barChord{h.verse, h.chorus, h.bridge} {
			holdTonic(cs)
		}
	}
	return h
}

// sameDegrees reports whether two progressions play the same chords bar by
// bar (split bars compared by both chords).
func sameDegrees(a, b []barChord) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].c.degree != b[i].c.degree || a[i].split != b[i].split || a[i].split > 0 && a[i].c2.degree != b[i].c2.degree {
			return false
		}
	}
	return true
}

// chordMaker returns how a genre builds the chord on a scale degree: the
// blues' dominant sevenths (minor sevenths in minor keys), otherwise
// diatonic chords of the genre's size, with the diminished vii of major
// keys kept a triad.
func chordMaker(k key, prof genreProfile) func(int) chord {
	if prof.harmony == "blues" {
		return func(d int) chord {
			if k.minorish() {
				return k.diatonic(d, 4)
			}
			return k.dominant7(d)
		}
	}
	return func(d int) chord {
		d = ((d % 7) + 7) % 7
		size := prof.ext
		if k.steps[d%7] != 0 && size > 3 && (d == 6 && !k.minorish()) {
			size = 3 // the diminished vii stays a triad
		}
		if d == 0 && size > 4 && prof.harmony != "ambient" {
			// The tonic as a seventh chord: its ninth is the dominant's
			// fifth, and Imaj9's upper notes are the dominant's triad
			// (Dmaj9 holds A–C#–E), heard as the key a fifth up. Only
			// ambient's floating harmony keeps its added ninth.
			size = 4
		}
		if d == 0 && size >= 4 && !k.minorish() && prof.harmony == "latin" {
			// The samba and salsa tonic: a sixth chord (its major seventh
			// is the dominant's third).
			return chord{degree: 0, root: 0, tones: []int{0, 4, 7, 9}, octave: true}
		}
		c := k.diatonic(d, size)
		// Under the tonic of jazz and Latin jazz the bass answers its root
		// with the octave, not the fifth: a walking or tumbao line that
		// leans on the fifth of I makes the dominant the loudest pitch and
		// the key heard a fifth up.
		c.octave = d == 0 && (prof.harmony == "jazz" || prof.harmony == "latin")
		return c
	}
}

// jazzBlues colours a major 12-bar blues the way jazz players do, keeping
// its landmarks (I, IV in bars 5-6, V in bar 9, the turnaround): a ii–V
// into IV in bar 4 (vm7–I7), the passing #IVdim7 in bar 6, VI7 (V7/ii)
// after I in bar 8 and the turnaround I–VI7 | ii7–V7, a ii7–V7 in bar 9
// and iii7 after I in bar 7.
func jazzBlues(cs []barChord, mk func(int) chord) {
	dom := func(root, degree int) chord { return chord{degree: degree, root: root, tones: []int{0, 4, 7, 10}} }
	min7 := func(root, degree int) chord { return chord{degree: degree, root: root, tones: []int{0, 3, 7, 10}} }
	cs[3] = barChord{c: min7(7, 4), c2: mk(0), split: 2}
	cs[5] = barChord{c: mk(3), c2: chord{degree: 3, root: 6, tones: []int{0, 3, 6, 9}}, split: 2}
	cs[6] = barChord{c: mk(0), c2: min7(4, 2), split: 2}
	cs[7] = barChord{c: mk(0), c2: dom(9, 5), split: 2}
	cs[8] = barChord{c: min7(2, 1), c2: mk(4), split: 2}
	cs[10] = barChord{c: mk(0), c2: dom(9, 5), split: 2}
	cs[11] = barChord{c: min7(2, 1), c2: mk(4), split: 2}
}

// minorBlues colours a minor 12-bar blues: I7 (V7/iv) into the iv in bar
// 4, the passing #ivdim7 in bar 6, bVI7–V7 in bar 9, the tritone substitute
// bII7 into i in bar 10 and the turnaround iiø7–V7 (a major V with its
// leading tone).
func minorBlues(cs []barChord, mk func(int) chord) {
	dom := func(root, degree int) chord { return chord{degree: degree, root: root, tones: []int{0, 4, 7, 10}} }
	cs[3] = barChord{c: mk(0), c2: dom(0, 0), split: 2}
	cs[5] = barChord{c: mk(3), c2: chord{degree: 3, root: 6, tones: []int{0, 3, 6, 9}}, split: 2}
	cs[8] = barChord{c: dom(8, 5), c2: dom(7, 4), split: 2}
	cs[9] = barChord{c: mk(3), c2: dom(1, 1), split: 2}
	cs[11] = barChord{c: chord{degree: 1, root: 2, tones: []int{0, 3, 6, 10}}, c2: dom(7, 4), split: 2}
}

// floating holds each chord of a song's harmony for two bars where the
// style's harmony floats (ambient, chant). Compose leaves a loop's harmony
// as it is: a chord held across the loop's seam would be cut there.
func floating(h harmony, prof genreProfile) harmony {
	if prof.harmony != "ambient" && prof.harmony != "chant" {
		return h
	}
	slow := func(cs []barChord) []barChord {
		out := make([]barChord, 0, 2*len(cs))
		for _, c := range cs {
			out = append(out, c, c)
		}
		return out
	}
	return harmony{verse: slow(h.verse), chorus: slow(h.chorus), bridge: slow(h.bridge)}
}
