package harmony

import (
	"github.com/songsmith/songsmith/internal/chordchart"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/style"
)

// Chord progressions as scale degrees (0 = I/i ... 6 = VII), one chord per
// bar. Families are chosen by genre; pools by the mode's third.
var ProgressionPools = map[style.HarmonyFamily][2][][]int{ // [0] major-ish, [1] minor-ish
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

// TwelveBar is the 12-bar blues with a quick change and a turnaround.
var TwelveBar = []int{0, 3, 0, 0, 3, 3, 0, 0, 4, 3, 0, 4}

// BarChord is the harmony of one bar: a chord, and optionally a second
// chord that takes over from beat split (harmonic rhythm of two chords per
// bar in turnarounds, cadences and passing chords).
type BarChord struct {
	C, C2 Chord
	Split float64 // beat inside the bar where c2 starts; 0 for one chord
}

// At returns the chord sounding at beat p of the bar.
func (h BarChord) At(p float64) Chord {
	if h.Split > 0 && p >= h.Split-1e-9 {
		return h.C2
	}
	return h.C
}

// Progressions is the song's chords for each kind of section, one barChord per bar.
type Progressions struct {
	Verse, Chorus, Bridge []BarChord
}

// ChooseHarmony picks the progressions of verse, chorus and bridge. With
// beatsPerBar 4 some families change chord inside a bar (see rhythmize).
func ChooseHarmony(k Key, prof genre.Profile, beatsPerBar int, r *RNG) Progressions {
	mk := ChordMaker(k, prof)
	if prof.Harmony == "blues" {
		return bluesHarmony(k, mk, beatsPerBar, r)
	}
	pp := &progressionPicker{k: k, prof: prof, beatsPerBar: beatsPerBar, r: r, mk: mk, pool: poolFor(k, prof, r)}
	h := Progressions{Verse: pp.pick(0), Chorus: pp.pick(1), Bridge: pp.pick(2)}
	if prof.Harmony == "one" || prof.Harmony == "funk" {
		h.Chorus = h.Verse // vamps stay on their groove
	}
	pp.newBridge(&h)
	if beatsPerBar != 4 && prof.Harmony == "jazz" && prof.Ext >= 4 {
		h.Bridge = waltzBridge(k, mk(3), prof.Ext)
	}
	if r.Chance(0.5) {
		tonicPedal(h.Bridge, string(prof.Harmony))
	}
	if prof.Harmony == "chant" {
		// The ison: chant is sung over a held tonic (the drone of
		// Byzantine and organum practice), which names the mode's
		// final under its IV, bVII and bII.
		for _, cs := range [][]BarChord{h.Verse, h.Chorus, h.Bridge} {
			holdTonic(cs)
		}
	}
	return h
}

// bluesHarmony is the 12-bar blues for every section: in 4/4 with its
// turnaround, coloured as a jazz or a minor blues.
func bluesHarmony(k Key, mk func(int) Chord, beatsPerBar int, r *RNG) Progressions {
	var cs []BarChord
	for _, d := range TwelveBar {
		cs = append(cs, BarChord{C: mk(d)})
	}
	if beatsPerBar == 4 {
		// Turnaround: I–V7 in the last bar, often I–IV in the one before.
		cs[11] = BarChord{C: mk(0), C2: mk(4), Split: 2}
		if r.Chance(0.5) {
			cs[10] = BarChord{C: mk(0), C2: mk(3), Split: 2}
		}
		if k.Minorish() {
			minorBlues(cs, mk)
		} else {
			jazzBlues(cs, mk)
		}
	}
	return Progressions{Verse: cs, Chorus: cs, Bridge: cs}
}

// poolFor returns the progressions a song draws from: the style's own, or
// its family's, for the key's major or minor side, shuffled per seed (a
// modal key's vamp first, so that the verse shows the mode).
func poolFor(k Key, prof genre.Profile, r *RNG) [][]int {
	pools, ok := ProgressionPools[prof.Harmony]
	if !ok {
		pools = ProgressionPools["pop"]
	}
	if own := prof.Style.Harmony; len(own.Major) > 0 || len(own.Minor) > 0 {
		pools = [2][][]int{own.Major, own.Minor}
		if len(own.Major) == 0 {
			pools[0] = own.Minor
		}
		if len(own.Minor) == 0 {
			pools[1] = own.Major
		}
	}
	pool := pools[0]
	if k.Minorish() {
		pool = pools[1]
	}
	pool = append([][]int(nil), pool...)
	if mp, ok := modeProgressions[k.Mode]; ok {
		pool = append([][]int{mp[r.Intn(len(mp))]}, pool...)
		// The modal vamp goes first so that the verse shows the mode.
	} else {
		r.shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	}
	return pool
}

// progressionPicker turns the pool's degree lists into coloured
// progressions (pick).
type progressionPicker struct {
	k           Key
	prof        genre.Profile
	beatsPerBar int
	r           *RNG
	mk          func(int) Chord
	pool        [][]int
}

// pick returns progression i of the pool (cycled), coloured as the style
// does: dominant sevenths, borrowed chords, inversions, two chords a bar
// and jazz colours in 4/4, a jazz waltz's colours in 3/4.
func (pp *progressionPicker) pick(i int) []BarChord {
	k, prof, r, mk := pp.k, pp.prof, pp.r, pp.mk
	degs := pp.pool[i%len(pp.pool)]
	cs := make([]BarChord, len(degs))
	for j, d := range degs {
		cs[j] = BarChord{C: mk(d)}
	}
	dominantSevenths(cs, k, string(prof.Harmony))
	borrow(cs, k, string(prof.Harmony), prof.Ext, r)
	invert(cs, string(prof.Harmony), r)
	if pp.beatsPerBar == 4 {
		rhythmize(cs, degs, string(prof.Harmony), k, mk, r)
		switch {
		case prof.Ext < 4:
		case prof.Harmony == "jazz":
			colourJazz(cs, prof.Ext, 0.65, prof.Form == genre.FormBeat, r)
		case prof.Harmony == "latin" && prof.Ext >= 5: // bossa nova
			colourJazz(cs, prof.Ext, 0.6, false, r)
		case prof.Harmony == "latin": // samba, salsa: fewer chromatic chords
			colourJazz(cs, prof.Ext, 0.3, false, r)
		}
		dominantSevenths(cs, k, string(prof.Harmony)) // the cadential V–I bars rhythmize wrote too
	} else if prof.Harmony == "jazz" && prof.Ext >= 4 {
		waltzJazz(cs, prof.Ext, r)
	}
	return cs
}

// newBridge: the bridge (and a dance breakdown) brings new harmony: the
// first progression of the pool unlike verse and chorus, else the verse
// moved up a fourth (I–vi–IV–V becomes IV–ii–vii–I).
func (pp *progressionPicker) newBridge(h *Progressions) {
	if !sameDegrees(h.Bridge, h.Verse) && !sameDegrees(h.Bridge, h.Chorus) {
		return
	}
	for i := 3; i < len(pp.pool)+3; i++ {
		if b := pp.pick(i); !sameDegrees(b, h.Verse) && !sameDegrees(b, h.Chorus) {
			h.Bridge = b
			return
		}
	}
	degs := make([]int, len(pp.pool[0]))
	for j, d := range pp.pool[0] {
		degs[j] = (d + 3) % 7
	}
	pp.pool = append(pp.pool, degs)
	h.Bridge = pp.pick(len(pp.pool) - 1)
}

// sameDegrees reports whether two progressions play the same chords bar by
// bar (split bars compared by both chords).
func sameDegrees(a, b []BarChord) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].C.Degree != b[i].C.Degree || a[i].Split != b[i].Split || a[i].Split > 0 && a[i].C2.Degree != b[i].C2.Degree {
			return false
		}
	}
	return true
}

// ChordMaker returns how a genre builds the chord on a scale degree: the
// blues' dominant sevenths (minor sevenths in minor keys), otherwise
// diatonic chords of the genre's size, with the diminished vii of major
// keys kept a triad.
func ChordMaker(k Key, prof genre.Profile) func(int) Chord {
	if prof.Harmony == "blues" {
		return func(d int) Chord {
			if k.Minorish() {
				return k.Diatonic(d, 4)
			}
			return k.Dominant7(d)
		}
	}
	return func(d int) Chord {
		d = ((d % 7) + 7) % 7
		size := prof.Ext
		if k.Steps[d%7] != 0 && size > 3 && (d == 6 && !k.Minorish()) {
			size = 3 // the diminished vii stays a triad
		}
		if d == 0 && size > 4 && prof.Harmony != "ambient" {
			// The tonic as a seventh chord: its ninth is the dominant's
			// fifth, and Imaj9's upper notes are the dominant's triad
			// (Dmaj9 holds A–C#–E), heard as the key a fifth up. Only
			// ambient's floating harmony keeps its added ninth.
			size = 4
		}
		if d == 0 && size >= 4 && !k.Minorish() && prof.Harmony == "latin" {
			// The samba and salsa tonic: a sixth chord (its major seventh
			// is the dominant's third).
			return Chord{Degree: 0, Root: 0, Tones: []int{0, 4, 7, 9}, Octave: true}
		}
		c := k.Diatonic(d, size)
		// Under the tonic of jazz and Latin jazz the bass answers its root
		// with the octave, not the fifth: a walking or tumbao line that
		// leans on the fifth of I makes the dominant the loudest pitch and
		// the key heard a fifth up.
		c.Octave = d == 0 && (prof.Harmony == "jazz" || prof.Harmony == "latin")
		return c
	}
}

// jazzBlues colours a major 12-bar blues the way jazz players do, keeping
// its landmarks (I, IV in bars 5-6, V in bar 9, the turnaround): a ii–V
// into IV in bar 4 (vm7–I7), the passing #IVdim7 in bar 6, VI7 (V7/ii)
// after I in bar 8 and the turnaround I–VI7 | ii7–V7, a ii7–V7 in bar 9
// and iii7 after I in bar 7.
func jazzBlues(cs []BarChord, mk func(int) Chord) {
	dom := func(root, degree int) Chord { return Chord{Degree: degree, Root: root, Tones: []int{0, 4, 7, 10}} }
	min7 := func(root, degree int) Chord { return Chord{Degree: degree, Root: root, Tones: []int{0, 3, 7, 10}} }
	cs[3] = BarChord{C: min7(7, 4), C2: mk(0), Split: 2}
	cs[5] = BarChord{C: mk(3), C2: Chord{Degree: 3, Root: 6, Tones: []int{0, 3, 6, 9}}, Split: 2}
	cs[6] = BarChord{C: mk(0), C2: min7(4, 2), Split: 2}
	cs[7] = BarChord{C: mk(0), C2: dom(9, 5), Split: 2}
	cs[8] = BarChord{C: min7(2, 1), C2: mk(4), Split: 2}
	cs[10] = BarChord{C: mk(0), C2: dom(9, 5), Split: 2}
	cs[11] = BarChord{C: min7(2, 1), C2: mk(4), Split: 2}
}

// minorBlues colours a minor 12-bar blues: I7 (V7/iv) into the iv in bar
// 4, the passing #ivdim7 in bar 6, bVI7–V7 in bar 9, the tritone substitute
// bII7 into i in bar 10 and the turnaround iiø7–V7 (a major V with its
// leading tone).
func minorBlues(cs []BarChord, mk func(int) Chord) {
	dom := func(root, degree int) Chord { return Chord{Degree: degree, Root: root, Tones: []int{0, 4, 7, 10}} }
	cs[3] = BarChord{C: mk(0), C2: dom(0, 0), Split: 2}
	cs[5] = BarChord{C: mk(3), C2: Chord{Degree: 3, Root: 6, Tones: []int{0, 3, 6, 9}}, Split: 2}
	cs[8] = BarChord{C: dom(8, 5), C2: dom(7, 4), Split: 2}
	cs[9] = BarChord{C: mk(3), C2: dom(1, 1), Split: 2}
	cs[11] = BarChord{C: Chord{Degree: 1, Root: 2, Tones: []int{0, 3, 6, 10}}, C2: dom(7, 4), Split: 2}
}

// Floating holds each chord of a song's harmony for two bars where the
// style's harmony floats (ambient, chant). Compose leaves a loop's harmony
// as it is: a chord held across the loop's seam would be cut there.
func Floating(h Progressions, prof genre.Profile) Progressions {
	if prof.Harmony != "ambient" && prof.Harmony != "chant" {
		return h
	}
	slow := func(cs []BarChord) []BarChord {
		out := make([]BarChord, 0, 2*len(cs))
		for _, c := range cs {
			out = append(out, c, c)
		}
		return out
	}
	return Progressions{Verse: slow(h.Verse), Chorus: slow(h.Chorus), Bridge: slow(h.Bridge)}
}

// EndChord returns the chord sounding at the end of a bar.
func EndChord(h BarChord) Chord {
	if h.Split > 0 {
		return h.C2
	}
	return h.C
}

// ChartChord is one chord of a chart in key k: its root counted from k's
// tonic (a Roman numeral on k's scale), its degree the scale step at or
// below the root, its quality as the chart spells it.
func ChartChord(c chordchart.ChartChord, k Key) Chord {
	root := c.RootIn(k.Steps, k.Root)
	ch := Chord{Root: root, Tones: append([]int(nil), c.Tones...), Slash: c.Bass, Quality: c.Quality}
	for d := 6; d >= 0; d-- {
		if k.Steps[d] <= root {
			ch.Degree = d
			break
		}
	}
	return ch
}

// ChartProgression is a chord chart in key k: one BarChord a bar, a bar
// of two chords split at its middle beat.
func ChartProgression(ch chordchart.Chart, k Key, beatsPerBar int) []BarChord {
	out := make([]BarChord, len(ch))
	for i, bar := range ch {
		out[i].C = ChartChord(bar[0], k)
		if len(bar) == 2 {
			out[i].C2 = ChartChord(bar[1], k)
			out[i].Split = float64(beatsPerBar) / 2
		}
	}
	return out
}
