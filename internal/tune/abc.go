package tune

import (
	"math"
	"strconv"
	"strings"
)

// ABC (abcnotation.com, standard 2.1), the subset read: header fields
// X: T: M: L: Q: K: (others ignored; K: ends the header, and a text
// without one is all tune body in C, its key estimated); notes A-G a-g
// with octave marks ' and , and accidentals ^ ^^ _ __ =, lengths (2, /2,
// 3/2, /, //), rests z x and whole-bar rests Z, bar lines | || |] [|,
// repeats |: :| :: with first and second endings [1 |1 :|2, ties -,
// broken rhythm > <, tuplets (3 (2 (4 (p:q:r, chords [CEG] (the top note
// is the melody), inline [K:] [L:] fields; annotations "^text", grace notes
// {g}, decorations !trill! +fermata+ ~ . and line breaks are skipped;
// chord symbols "Am" "G7" are kept (Tune.Chords) for the composer, which
// plays them when they all read.

// abcEvent is one note, rest or bar line of the tune body, as written.
type abcEvent struct {
	bar    barKind // evNote/evRest when 0
	rest   bool
	pitch  int
	len    float64 // quarter notes
	tie    bool
	ending int    // a first/second ending starting here (with bar, or alone)
	chord  string // a chord symbol ("Am") over the next note
	line   int
	barNo  int
}

// barKind is what a bar line does.
type barKind int

const (
	noBar      barKind = iota
	plainBar           // |
	repStart           // |:
	repEnd             // :|
	repBoth            // :: or :|:
	doubleBar          // || |] [|
	endingMark         // [1 alone
)

// abcParser reads an ABC text into events.
type abcParser struct {
	t       Tune
	unit    float64 // L: in quarter notes
	unitSet bool
	sig     [7]int // key signature accidental per letter C..G (0..6)
	acc     map[int]int
	ev      []abcEvent
	line    int
	barNo   int
	tuplet  struct {
		left int
		mult float64
	}
	broken   float64 // length factor of the next note from a > or <
	bodySeen bool
	voice    string // the V: of the melody, when the tune names one
}

// letterPC are the pitch classes of the letters C D E F G A B.
var letterPC = [7]int{0, 2, 4, 5, 7, 9, 11}

// ParseABC reads an ABC tune. An error is an *Error naming the line and
// bar of what does not read.
func ParseABC(text string) (Tune, error) {
	p := &abcParser{acc: map[int]int{}, broken: 1}
	p.t.Num, p.t.Den = 4, 4
	p.t.Mode = "major"
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	inHeader := hasKeyField(lines)
	for i, ln := range lines {
		p.line = i + 1
		if j := strings.IndexByte(ln, '%'); j >= 0 {
			ln = ln[:j]
		}
		if isField(ln) {
			if err := p.field(ln[0], strings.TrimSpace(ln[2:]), inHeader); err != nil {
				return p.t, err
			}
			if ln[0] == 'K' {
				inHeader = false
			}
			continue
		}
		if inHeader || strings.TrimSpace(ln) == "" {
			continue
		}
		if err := p.body(ln); err != nil {
			return p.t, err
		}
	}
	return p.finish()
}

// hasKeyField reports whether the text has a K: line (a header to read).
func hasKeyField(lines []string) bool {
	for _, ln := range lines {
		if isField(ln) && ln[0] == 'K' {
			return true
		}
	}
	return false
}

// isField reports whether a line is an information field ("K: G").
func isField(ln string) bool {
	return len(ln) >= 2 && ln[1] == ':' && (ln[0] >= 'A' && ln[0] <= 'Z' || ln[0] >= 'a' && ln[0] <= 'z') && ln[0] != '|'
}

// field reads one information field.
func (p *abcParser) field(name byte, v string, header bool) error {
	switch name {
	case 'X':
		if len(p.ev) > 0 {
			return &Error{Line: p.line, Token: "X:" + v, Reason: "starts a second tune: give one"}
		}
	case 'T':
		if p.t.Title == "" {
			p.t.Title = v
		}
	case 'M':
		if p.bodySeen && len(p.ev) > 0 {
			return &Error{Line: p.line, Token: "M:" + v, Reason: "changes the meter inside the tune: one meter is played"}
		}
		return p.meter(v)
	case 'L':
		n, d, ok := fraction(v)
		if !ok || n <= 0 || d <= 0 {
			return &Error{Line: p.line, Token: "L:" + v, Reason: "is not a note length such as 1/8"}
		}
		p.unit, p.unitSet = 4*float64(n)/float64(d), true
	case 'Q':
		return p.tempo(v)
	case 'V':
		id, _, _ := strings.Cut(v+" ", " ")
		if p.voice != "" && id != p.voice {
			return &Error{Line: p.line, Token: "V:" + v, Reason: "starts a second voice: give the melody alone"}
		}
		p.voice = id
	case 'K':
		return p.key(v)
	}
	return nil
}

// meter reads M: (4/4, C, C|, 6/8 ...).
func (p *abcParser) meter(v string) error {
	switch strings.TrimSpace(v) {
	case "C":
		p.t.Num, p.t.Den = 4, 4
		return nil
	case "C|":
		p.t.Num, p.t.Den = 2, 2
		return nil
	case "none", "":
		return nil
	}
	n, d, ok := fraction(v)
	if !ok || n <= 0 || d <= 0 {
		return &Error{Line: p.line, Token: "M:" + v, Reason: "is not a meter such as 4/4 or 6/8"}
	}
	p.t.Num, p.t.Den = n, d
	return nil
}

// tempo reads Q: ("1/4=120", "3/8=100", "120", "\"Allegro\" 1/4=120").
func (p *abcParser) tempo(v string) error {
	if i := strings.LastIndexByte(v, '"'); i >= 0 {
		v = v[i+1:]
	}
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	beat := 1.0 // an old-style Q:120 counts L: units; read as quarter notes
	if i := strings.IndexByte(v, '='); i >= 0 {
		beat = 0
		for _, part := range strings.Fields(v[:i]) {
			n, d, ok := fraction(part)
			if !ok || d == 0 {
				return &Error{Line: p.line, Token: "Q:" + v, Reason: "is not a tempo such as 1/4=120"}
			}
			beat += 4 * float64(n) / float64(d)
		}
		v = strings.TrimSpace(v[i+1:])
	}
	bpm, err := strconv.ParseFloat(v, 64)
	if err != nil || bpm <= 0 || beat <= 0 {
		return &Error{Line: p.line, Token: "Q:" + v, Reason: "is not a tempo such as 1/4=120"}
	}
	p.t.QPM = bpm * beat
	return nil
}

// modeShift is each mode's tonic above its relative major's, and its
// letter offset.
var modeShift = map[string][2]int{
	"major": {0, 0}, "dorian": {2, 1}, "phrygian": {4, 2}, "lydian": {5, 3},
	"mixolydian": {7, 4}, "minor": {9, 5}, "locrian": {11, 6},
}

// majorFifths is the number of sharps (flats negative) of each major key.
var majorFifths = map[string]int{"C": 0, "G": 1, "D": 2, "A": 3, "E": 4, "B": 5, "F#": 6, "C#": 7,
	"F": -1, "Bb": -2, "Eb": -3, "Ab": -4, "Db": -5, "Gb": -6, "Cb": -7}

// key reads K: ("G", "Bb", "F#m", "Amin", "D mix", "E dorian", "none").
func (p *abcParser) key(v string) error {
	f := strings.Fields(v)
	if len(f) == 0 || f[0] == "none" {
		p.sig = [7]int{}
		return nil
	}
	s := f[0]
	if len(f) > 1 && !strings.Contains(f[1], "=") && !strings.HasPrefix(f[1], "^") && !strings.HasPrefix(f[1], "_") {
		s += f[1]
	}
	bad := &Error{Line: p.line, Token: "K:" + v, Reason: "is not a key such as G, Bb, F#m, Amin or Ddor"}
	letter := strings.IndexByte("CDEFGAB", s[0])
	if letter < 0 {
		return bad
	}
	tonic, rest := letterPC[letter], s[1:]
	if rest != "" && (rest[0] == '#' || rest[0] == 'b') {
		tonic += map[byte]int{'#': 1, 'b': -1}[rest[0]]
		rest = rest[1:]
	}
	mode, ok := modeName(strings.ToLower(rest))
	if !ok {
		return bad
	}
	sh := modeShift[mode]
	majLetter := (letter - sh[1] + 7) % 7
	majPC := ((tonic-sh[0])%12 + 12) % 12
	majName := "CDEFGAB"[majLetter : majLetter+1]
	switch (majPC - letterPC[majLetter] + 12) % 12 {
	case 1:
		majName += "#"
	case 11:
		majName += "b"
	}
	fifths, ok := majorFifths[majName]
	if !ok {
		return bad
	}
	p.sig = [7]int{}
	for i := 0; i < fifths; i++ {
		p.sig[strings.IndexByte("CDEFGAB", "FCGDAEB"[i])] = 1
	}
	for i := 0; i < -fifths; i++ {
		p.sig[strings.IndexByte("CDEFGAB", "BEADGCF"[i])] = -1
	}
	p.t.KeyRoot, p.t.Mode, p.t.KeyGiven = ((tonic%12)+12)%12, mode, true
	return nil
}

// modeName is the mode a K: suffix names ("" and "maj" major, "m" minor ...).
func modeName(s string) (string, bool) {
	if s == "" || s == "m" {
		return map[string]string{"": "major", "m": "minor"}[s], true
	}
	if len(s) < 3 {
		return "", false
	}
	switch s[:3] {
	case "maj", "ion":
		return "major", true
	case "min", "aeo":
		return "minor", true
	case "dor":
		return "dorian", true
	case "phr":
		return "phrygian", true
	case "lyd":
		return "lydian", true
	case "mix":
		return "mixolydian", true
	case "loc":
		return "locrian", true
	}
	return "", false
}

// fraction reads "n/d" (or "n", d 1).
func fraction(s string) (n, d int, ok bool) {
	s = strings.TrimSpace(s)
	a, b, has := strings.Cut(s, "/")
	n, err := strconv.Atoi(strings.TrimSpace(a))
	if err != nil {
		return 0, 0, false
	}
	if !has {
		return n, 1, true
	}
	d, err = strconv.Atoi(strings.TrimSpace(b))
	return n, d, err == nil
}

// finish plays the events out (repeats and endings), ties the tied
// notes and times everything from the first downbeat.
func (p *abcParser) finish() (Tune, error) {
	t := p.t
	played, err := playOut(p.ev)
	if err != nil {
		return t, err
	}
	at, first := 0.0, -1.0
	var ties []bool
	for _, e := range played {
		if e.bar != noBar {
			if first < 0 && at > 0 {
				first = at
			}
			continue
		}
		if e.chord != "" {
			t.Chords = append(t.Chords, Chord{At: at, Symbol: e.chord})
			continue
		}
		if !e.rest {
			n := len(t.Notes)
			if n > 0 && ties[n-1] && t.Notes[n-1].Pitch == e.pitch && math.Abs(t.Notes[n-1].At+t.Notes[n-1].Len-at) < 1e-9 {
				t.Notes[n-1].Len += e.len
				ties[n-1] = e.tie
			} else {
				t.Notes = append(t.Notes, Note{Pitch: e.pitch, At: at, Len: e.len})
				ties = append(ties, e.tie)
			}
		}
		at += e.len
		if len(t.Notes) > MaxNotes {
			break
		}
	}
	if first > 0 && first < t.BarQuarters()-1e-9 {
		t.Pickup = first
	}
	for i := range t.Notes {
		t.Notes[i].At -= t.Pickup
	}
	for i := range t.Chords {
		t.Chords[i].At -= t.Pickup
	}
	t.Length = at - t.Pickup
	if err := t.check(); err != nil {
		return t, err
	}
	return t, nil
}

// unitOf is the default note length when L: is not given: an eighth, or
// a sixteenth in meters under 3/4.
func (p *abcParser) unitOf() float64 {
	if p.unitSet {
		return p.unit
	}
	if float64(p.t.Num)/float64(p.t.Den) < 0.75 {
		return 0.25
	}
	return 0.5
}

// errAt is the *Error of a token at the parser's line and bar.
func (p *abcParser) errAt(tok, reason string) error {
	return &Error{Line: p.line, Bar: p.barNo + 1, Token: tok, Reason: reason}
}

// notANote is the reason a token is not read.
const notANote = "is not a note"

// tuplet factors q of (p: p notes in the time of q.
func tupletQ(pn int, compound bool) int {
	switch pn {
	case 2, 4, 8:
		return 3
	case 3, 6:
		return 2
	}
	if compound {
		return 3
	}
	return 2
}
