package music_test

import (
	"strings"

	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// Where a note may leave the song's scale on purpose because the harmony
// does: a lifted last chorus (and the new key's dominant before it), and
// chromatic chords (borrowed chords, secondary dominants, pivots) whose
// tones the parts play.

var rootNames = map[string]int{"C": 0, "C#": 1, "Db": 1, "D": 2, "Eb": 3, "D#": 3, "E": 4, "F": 5, "F#": 6, "Gb": 6,
	"G": 7, "Ab": 8, "G#": 8, "A": 9, "Bb": 10, "A#": 10, "B": 11}

// symbolPCs returns the pitch classes of a chord symbol of the chart
// (root, third, fifth and seventh as its quality spells them).
func symbolPCs(sym string) []int {
	sym, _, _ = strings.Cut(sym, "/")
	name := sym[:1]
	if len(sym) > 1 && (sym[1] == '#' || sym[1] == 'b') {
		name = sym[:2]
	}
	r := rootNames[name]
	q := strings.TrimPrefix(sym, name)
	third, fifth := 4, 7
	switch {
	case strings.HasPrefix(q, "dim") || strings.HasPrefix(q, "m7b5"):
		third, fifth = 3, 6
	case strings.HasPrefix(q, "m") && !strings.HasPrefix(q, "maj"):
		third = 3
	case strings.HasPrefix(q, "aug"):
		fifth = 8
	case strings.HasPrefix(q, "sus2"):
		third = 2
	case strings.HasPrefix(q, "sus4"):
		third = 5
	}
	out := []int{r, (r + third) % 12, (r + fifth) % 12}
	switch {
	case strings.Contains(q, "dim7"):
		out = append(out, (r+9)%12)
	case strings.Contains(q, "maj7") || strings.Contains(q, "maj9"):
		out = append(out, (r+11)%12)
	case strings.Contains(q, "7") || strings.Contains(q, "9"):
		out = append(out, (r+10)%12)
	}
	if strings.Contains(q, "9") {
		out = append(out, (r+2)%12)
	}
	return out
}

// chartAt returns the chart chord sounding at beat.
func chartAt(s *score.Score, beat float64) (score.Chord, bool) {
	for _, c := range s.Chords {
		if beat >= c.StartBeat-1e-6 && beat < c.StartBeat+c.Beats-1e-6 {
			return c, true
		}
	}
	return score.Chord{}, false
}

// lift returns the beats of a lifted last chorus (from the bar before it,
// the new key's dominant, to its last bar, back on the home dominant) and
// its shift; 0 when the song does not modulate.
func lift(s *score.Score) (from, to float64, shift int) {
	var choruses []score.Section
	for _, sec := range s.Sections {
		if sec.Name == "chorus" {
			choruses = append(choruses, sec)
		}
	}
	if len(choruses) < 2 {
		return 0, 0, 0
	}
	first, last := choruses[0], choruses[len(choruses)-1]
	a, ok1 := chartAt(s, first.StartBeat)
	b, ok2 := chartAt(s, last.StartBeat)
	if !ok1 || !ok2 {
		return 0, 0, 0
	}
	d := (symbolPCs(b.Symbol)[0] - symbolPCs(a.Symbol)[0] + 12) % 12
	if d != 1 && d != 2 {
		return 0, 0, 0
	}
	bar := float64(s.BeatsPerBar)
	return last.StartBeat - bar, last.StartBeat + float64(last.Bars-1)*bar, d
}

// inPlace reports whether note n of a score is in the key where it sounds
// or a tone of the chord sounding then.
func inPlace(s *score.Score, n score.Note) bool {
	if harmony.InScale(n.Pitch, s.KeyRoot, s.Mode) {
		return true
	}
	if from, to, d := lift(s); d > 0 && n.Start >= from-1e-6 && n.Start < to-1e-6 && harmony.InScale(n.Pitch, s.KeyRoot+d, s.Mode) {
		return true
	}
	if c, ok := chartAt(s, n.Start); ok {
		for _, pc := range symbolPCs(c.Symbol) {
			if pc == ((n.Pitch%12)+12)%12 {
				return true
			}
		}
	}
	return false
}
