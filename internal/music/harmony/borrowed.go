package harmony

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
func borrow(cs []BarChord, k Key, family string, ext int, r *RNG) {
	rates, ok := borrowRates[family]
	if !ok || k.Mode != "major" {
		return
	}
	n := len(cs)
	minorFour := Chord{Degree: 3, Root: 5, Tones: []int{0, 3, 7}}
	if ext >= 4 {
		minorFour.Tones = []int{0, 3, 7, 10}
		if family == "latin" || family == "jazz" {
			minorFour.Tones = []int{0, 3, 7, 9} // iv6
		}
	}
	flatSeven := Chord{Degree: 6, Root: 10, Tones: []int{0, 4, 7}}
	flatSix := Chord{Degree: 5, Root: 8, Tones: []int{0, 4, 7}}
	if ext >= 4 {
		flatSeven.Tones, flatSix.Tones = []int{0, 4, 7, 10}, []int{0, 4, 7, 11}
	}
	for j := range cs {
		cur, next := &cs[j], cs[(j+1)%n].C
		switch {
		case cur.Split == 0 && cur.C.Degree == 3 && cur.C.Root == 5 && (next.Degree == 0 || next.Degree == 4) && r.Chance(rates[0]):
			*cur = BarChord{C: cur.C, C2: minorFour, Split: 2}
		case cur.Split == 0 && cur.C.Degree == 4 && cur.C.Root == 7 && next.Degree == 0 && j == n-1 && r.Chance(rates[2]):
			*cur = BarChord{C: flatSix, C2: flatSeven, Split: 2}
		case cur.Split == 0 && cur.C.Degree == 4 && cur.C.Root == 7 && next.Degree == 0 && r.Chance(rates[1]):
			*cur = BarChord{C: flatSeven}
		}
	}
}

// BorrowedTone moves a melody pitch p that a chromatic chord c contradicts
// (a scale tone a semitone from one of the chord's tones outside the
// scale: A over F minor's A flat) onto that chord tone.
func BorrowedTone(k Key, c Chord, p int) int {
	for _, x := range c.PCs(k) {
		if InScale(x, k.Root, k.Mode) {
			continue
		}
		switch PC(x - p) {
		case 1:
			return p + 1
		case 11:
			return p - 1
		}
	}
	return p
}
