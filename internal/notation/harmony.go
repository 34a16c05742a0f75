package notation

import (
	"fmt"
	"strings"
)

// kinds maps the composer's chord qualities (music's chart spellings) to a
// MusicXML kind and the degrees it alters or adds: "7b9" is a dominant
// with a flat ninth added.
var kinds = map[string]struct {
	kind    string
	degrees []degree
}{
	"": {kind: "major"}, "m": {kind: "minor"}, "dim": {kind: "diminished"}, "aug": {kind: "augmented"},
	"sus2": {kind: "suspended-second"}, "sus4": {kind: "suspended-fourth"},
	"6": {kind: "major-sixth"}, "m6": {kind: "minor-sixth"}, "maj7": {kind: "major-seventh"},
	"m7": {kind: "minor-seventh"}, "7": {kind: "dominant"}, "m7b5": {kind: "half-diminished"},
	"dim7": {kind: "diminished-seventh"}, "m(maj7)": {kind: "major-minor"},
	"maj7#5": {kind: "major-seventh", degrees: []degree{{5, 1, "alter"}}},
	"maj9":   {kind: "major-ninth"}, "m9": {kind: "minor-ninth"}, "9": {kind: "dominant-ninth"},
	"m7b5(b9)": {kind: "half-diminished", degrees: []degree{{9, -1, "add"}}},
	"7b9":      {kind: "dominant", degrees: []degree{{9, -1, "add"}}},
	"m7(b9)":   {kind: "minor-seventh", degrees: []degree{{9, -1, "add"}}},
	"maj7(b9)": {kind: "major-seventh", degrees: []degree{{9, -1, "add"}}},
	"7sus4":    {kind: "suspended-fourth", degrees: []degree{{7, -1, "add"}}},
	"add9":     {kind: "major", degrees: []degree{{9, 0, "add"}}},
	"11":       {kind: "dominant-11th"}, "13": {kind: "dominant-13th"},
	"m11": {kind: "minor-11th"}, "maj13": {kind: "major-13th"},
	// The other qualities a request's chord chart may give (chordchart).
	"m13": {kind: "minor-13th"}, "aug7": {kind: "augmented-seventh"},
	"7b5":   {kind: "dominant", degrees: []degree{{5, -1, "alter"}}},
	"7#9":   {kind: "dominant", degrees: []degree{{9, 1, "add"}}},
	"madd9": {kind: "minor", degrees: []degree{{9, 0, "add"}}},
	"69":    {kind: "major-sixth", degrees: []degree{{9, 0, "add"}}},
}

// degree is a chord tone a harmony adds or alters.
type degree struct {
	value, alter int
	typ          string // add, alter, subtract
}

// harmonyXML writes a chord symbol ("Dm7", "C/E", "F#m7b5") as a MusicXML
// harmony element, offset divisions after the note it stands before. The
// displayed text of the kind is the symbol's own quality, so a reader
// shows the chord as the timeline spells it; a quality the table does not
// know is written as kind "other" with its text.
func harmonyXML(symbol string, offset int) string {
	main, bass, _ := strings.Cut(symbol, "/")
	step, alter, quality, ok := splitRoot(main)
	if !ok {
		return ""
	}
	var b strings.Builder
	b.WriteString("<harmony print-frame=\"no\"><root>")
	fmt.Fprintf(&b, "<root-step>%s</root-step>", step)
	if alter != 0 {
		fmt.Fprintf(&b, "<root-alter>%d</root-alter>", alter)
	}
	b.WriteString("</root>")
	k, known := kinds[quality]
	if !known {
		k.kind = "other"
	}
	fmt.Fprintf(&b, "<kind text=\"%s\">%s</kind>", xmlEscape(quality), k.kind)
	if bs, ba, _, ok := splitRoot(bass); ok && bass != "" {
		fmt.Fprintf(&b, "<bass><bass-step>%s</bass-step>", bs)
		if ba != 0 {
			fmt.Fprintf(&b, "<bass-alter>%d</bass-alter>", ba)
		}
		b.WriteString("</bass>")
	}
	for _, d := range k.degrees {
		fmt.Fprintf(&b, "<degree><degree-value>%d</degree-value><degree-alter>%d</degree-alter><degree-type>%s</degree-type></degree>",
			d.value, d.alter, d.typ)
	}
	if offset > 0 {
		fmt.Fprintf(&b, "<offset>%d</offset>", offset)
	}
	b.WriteString("</harmony>")
	return b.String()
}

// splitRoot splits "F#m7" into its root's step (F), alteration (+1) and
// the rest (m7).
func splitRoot(s string) (step string, alter int, rest string, ok bool) {
	if s == "" || s[0] < 'A' || s[0] > 'G' {
		return "", 0, "", false
	}
	step, rest = s[:1], s[1:]
	for rest != "" && (rest[0] == '#' || rest[0] == 'b') {
		if rest[0] == '#' {
			alter++
		} else {
			alter--
		}
		rest = rest[1:]
	}
	return step, alter, rest, true
}
