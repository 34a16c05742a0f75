package chordchart

import "strings"

// quality is a chord quality a chart may write: its tones above the root
// and its lead-sheet spelling.
type quality struct {
	tones []int
	name  string
}

// qualities are the chord qualities of lead sheets by every spelling a
// chart may use (ninths as 14, elevenths 17, thirteenths 21).
var qualities = map[string]quality{}

func init() {
	add := func(tones []int, name string, spellings ...string) {
		for _, s := range append(spellings, name) {
			qualities[s] = quality{tones, name}
		}
	}
	add([]int{0, 4, 7}, "", "M", "maj")
	add([]int{0, 3, 7}, "m", "min", "-", "mi")
	add([]int{0, 3, 6}, "dim", "°", "o", "mb5")
	add([]int{0, 4, 8}, "aug", "+", "#5")
	add([]int{0, 2, 7}, "sus2")
	add([]int{0, 5, 7}, "sus4", "sus")
	add([]int{0, 4, 7, 9}, "6", "maj6")
	add([]int{0, 3, 7, 9}, "m6", "min6", "-6")
	add([]int{0, 4, 7, 10}, "7", "dom7")
	add([]int{0, 4, 7, 11}, "maj7", "M7", "Δ7", "Δ", "ma7", "j7")
	add([]int{0, 3, 7, 10}, "m7", "min7", "-7", "mi7")
	add([]int{0, 3, 6, 10}, "m7b5", "ø", "ø7", "min7b5", "-7b5", "m7(b5)")
	add([]int{0, 3, 6, 9}, "dim7", "°7", "o7")
	add([]int{0, 3, 7, 11}, "m(maj7)", "mmaj7", "mM7", "minmaj7", "-maj7", "mΔ7")
	add([]int{0, 5, 7, 10}, "7sus4", "7sus")
	add([]int{0, 4, 8, 10}, "aug7", "+7", "7#5", "7+")
	add([]int{0, 4, 6, 10}, "7b5")
	add([]int{0, 4, 7, 10, 13}, "7b9")
	add([]int{0, 4, 7, 10, 15}, "7#9")
	add([]int{0, 4, 7, 10, 14}, "9")
	add([]int{0, 4, 7, 11, 14}, "maj9", "M9", "Δ9")
	add([]int{0, 3, 7, 10, 14}, "m9", "min9", "-9")
	add([]int{0, 4, 7, 14}, "add9", "add2")
	add([]int{0, 3, 7, 14}, "madd9", "m(add9)")
	add([]int{0, 4, 7, 9, 14}, "69", "6add9")
	add([]int{0, 4, 7, 10, 14, 17}, "11")
	add([]int{0, 3, 7, 10, 14, 17}, "m11", "min11", "-11")
	add([]int{0, 4, 7, 10, 14, 21}, "13")
	add([]int{0, 4, 7, 11, 14, 21}, "maj13", "M13", "Δ13")
	add([]int{0, 3, 7, 10, 14, 21}, "m13", "min13", "-13")
}

// qualityOf reads the quality after a root; minor makes a bare or
// numbered quality minor (a lower-case Roman numeral: "ii7" is m7).
func qualityOf(rest string, minor bool) (quality, bool) {
	if minor && !strings.HasPrefix(rest, "m") && !strings.HasPrefix(rest, "dim") && !strings.HasPrefix(rest, "°") &&
		!strings.HasPrefix(rest, "ø") && !strings.HasPrefix(rest, "o") && !strings.HasPrefix(rest, "aug") &&
		!strings.HasPrefix(rest, "+") && !strings.HasPrefix(rest, "sus") {
		rest = "m" + rest
	}
	q, ok := qualities[rest]
	return q, ok
}
