package music

// Borrowed chords (modal interchange): major-key songs take chords from
// the parallel minor the way their style does. The minor subdominant iv
// after IV (IV–iv–I, the "sad" turn of pop ballads and the bossa nova's
// iv6), the flat seventh bVII into I (the rock and anthem cadence) and
// bVI–bVII–I (the epic, anime and game cadence). Their flat sixth and
// flat seventh are outside the major scale and pull away from the
// dominant's key, so the tonic is heard more clearly, not less.

// borrowRates are, per harmony family, the chances of iv after IV, bVII for
// a V going home, and bVI–bVII for a cadential V.
var borrowRates = map[string][3]float64{
	"pop": {0.4, 0.2, 0.2}, "rock": {0.3, 0.5, 0.2}, "folk": {0.3, 0.3, 0}, "epic": {0.3, 0.3, 0.5},
	"anime": {0.4, 0.2, 0.5}, "soul": {0.4, 0.1, 0}, "gospel": {0.5, 0.1, 0}, "christmas": {0.5, 0, 0},
	"classical": {0.3, 0, 0}, "jazz": {0.4, 0, 0}, "latin": {0.5, 0, 0}, "dance": {0.2, 0.2, 0.4},
	"metal": {0, 0.4, 0.4},
}

// borrow writes borrowed chords into a major-key progression cs (one
// cycle, chords of size ext) of harmony family family.
func borrow(cs []barChord, k key, family string, ext int, r *rng) {
	rates, ok := borrowRates[family]
	if !ok || k.mode != "major" {
		return
	}
	n := len(cs)
	minorFour := chord{degree: 3, root: 5, tones: []int{0, 3, 7}}
	if ext >= 4 {
		minorFour.tones = []int{0, 3, 7, 10}
		if family == "latin" || family == "jazz" {
			minorFour.tones = []int{0, 3, 7, 9} // iv6
		}
	}
	flatSeven := chord{degree: 6, root: 10, tones: []int{0, 4, 7}}
	flatSix := chord{degree: 5, root: 8, tones: []int{0, 4, 7}}
	if ext >= 4 {
		flatSeven.tones, flatSix.tones = []int{0, 4, 7, 10}, []int{0, 4, 7, 11}
	}
	for j := range cs {
		cur, next := &cs[j], cs[(j+1)%n].c
		switch {
		case cur.split == 0 && cur.c.degree == 3 && cur.c.root == 5 && (next.degree == 0 || next.degree == 4) && r.chance(rates[0]):
			*cur = barChord{c: cur.c, c2: minorFour, split: 2}
		case cur.split == 0 && cur.c.degree == 4 && cur.c.root == 7 && next.degree == 0 && j == n-1 && r.chance(rates[2]):
			*cur = barChord{c: flatSix, c2: flatSeven, split: 2}
		case cur.split == 0 && cur.c.degree == 4 && cur.c.root == 7 && next.degree == 0 && r.chance(rates[1]):
			*cur = barChord{c: flatSeven}
		}
	}
}

// borrowedTone moves a melody pitch p that a chromatic chord c contradicts
// (a scale tone a semitone from one of the chord's tones outside the
// scale: A over F minor's A flat) onto that chord tone.
func borrowedTone(k key, c chord, p int) int {
	for _, x := range c.pcs(k) {
		if InScale(x, k.root, k.mode) {
			continue
		}
		switch pcOf(x - p) {
		case 1:
			return p + 1
		case 11:
			return p - 1
		}
	}
	return p
}
