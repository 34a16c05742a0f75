// Package chordchart reads the chord charts a request gives (issue 30
// item 1): lead-sheet symbols ("Am F C G", "Bø7 E7 | Am %", "C/E",
// "Cmaj7 Dm7 G13", "Csus4 Cadd9") or Roman numerals relative to the key
// ("I vi IV V", "ii7 V7 Imaj7", "bVII"), and finds the key of charts
// written with letter names. It is standard library only, so the request
// schema checks charts with it; the composer (music/harmony) turns a
// chart into a progression in the song's key.
package chordchart

import (
	"fmt"
	"strings"
)

// One chord a bar; "|" bar lines group the chords of a bar
// (two in a bar split it evenly; lines between which every group holds
// more than two mark phrases, one chord a bar); "%" repeats the previous
// bar and is a bar of its own. Roman
// numerals count the key's own scale (in A minor, VI is F and VII is G);
// "b" and "#" before one lower or raise it a semitone, upper case is
// major and lower case minor unless a quality follows.

// MaxChartBars bounds a chart's bars.
const MaxChartBars = 64

// MaxChartChords bounds the chords written in one bar.
const MaxChartChords = 2

// ChartChord is one chord of a chart as written: an absolute root (a
// letter name) or one relative to the key (a Roman numeral).
type ChartChord struct {
	Text    string // the symbol as written
	Roman   bool   // Root is a scale degree (0..6) of the key, Shift semitones off it
	Root    int    // pitch class of a letter root; scale degree of a numeral
	Shift   int    // a numeral's accidental: -1 flat, +1 sharp
	Tones   []int  // semitones above the root, ascending, 0 first
	Quality string // the quality as a lead sheet spells it ("m7b5", "13")
	Bass    int    // semitones from the root up to a slash bass; 0: the root
}

// Chart is a parsed chord chart: its bars, one or two chords each.
type Chart [][]ChartChord

// ChartError is a chart's symbol that is not a chord.
type ChartError struct {
	Symbol string // the symbol as written
	Bar    int    // 1-based bar
	Reason string
}

// Error names the symbol, its bar and why it is not a chord.
func (e *ChartError) Error() string {
	return fmt.Sprintf("'%s' at bar %d is not a chord: %s", e.Symbol, e.Bar, e.Reason)
}

// ParseChart reads a chord chart. An error is a *ChartError, or says the
// chart is empty or too long.
func ParseChart(text string) (Chart, error) {
	var out Chart
	bars := splitBars(text)
	for _, bar := range bars {
		n := len(out) + 1
		if len(bar) == 1 && bar[0] == "%" {
			if len(out) == 0 {
				return nil, &ChartError{Symbol: "%", Bar: n, Reason: "there is no bar before it to repeat"}
			}
			out = append(out, out[len(out)-1])
			continue
		}
		if len(bar) > MaxChartChords {
			return nil, &ChartError{Symbol: strings.Join(bar, " "), Bar: n, Reason: fmt.Sprintf("a bar holds at most %d chords", MaxChartChords)}
		}
		var cs []ChartChord
		for _, sym := range bar {
			c, reason := parseChord(sym)
			if reason != "" {
				return nil, &ChartError{Symbol: sym, Bar: n, Reason: reason}
			}
			cs = append(cs, c)
		}
		out = append(out, cs)
		if len(out) > MaxChartBars {
			return nil, fmt.Errorf("more than %d bars", MaxChartBars)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no chords")
	}
	return out, nil
}

// splitBars cuts a chart into bars: with "|" bar lines, the symbols
// between them; without, one symbol a bar. Lines between which every
// group holds more chords than a bar may ("Am G F E | Am G E Am") mark
// phrases, not bars: each chord takes a bar.
func splitBars(text string) [][]string {
	text = strings.NewReplacer(",", " ", "\n", " ", "\t", " ").Replace(text)
	var groups [][]string
	phrases := true
	for _, seg := range strings.Split(text, "|") {
		for _, f := range repeatsApart(strings.Fields(seg)) {
			groups = append(groups, f)
			phrases = phrases && len(f) > MaxChartChords
		}
	}
	if !strings.Contains(text, "|") || phrases {
		var out [][]string
		for _, f := range strings.Fields(strings.ReplaceAll(text, "|", " ")) {
			out = append(out, []string{f})
		}
		return out
	}
	return groups
}

// repeatsApart splits the symbols between two bar lines at each "%": a
// repeat is a bar of its own ("Cmaj7 %" is two bars).
func repeatsApart(fields []string) [][]string {
	var out [][]string
	var cur []string
	for _, f := range fields {
		if f != "%" {
			cur = append(cur, f)
			continue
		}
		if len(cur) > 0 {
			out = append(out, cur)
		}
		out, cur = append(out, []string{f}), nil
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// letterPC are the pitch classes of the note letters.
var letterPC = map[byte]int{'C': 0, 'D': 2, 'E': 4, 'F': 5, 'G': 7, 'A': 9, 'B': 11}

// parseChord reads one symbol; the reason is "" when it is a chord.
func parseChord(sym string) (ChartChord, string) {
	c := ChartChord{Text: sym}
	body, bass := sym, ""
	if i := strings.LastIndex(sym, "/"); i > 0 {
		body, bass = sym[:i], sym[i+1:]
	}
	rest, minor, reason := c.readRoot(body)
	if reason != "" {
		return c, reason
	}
	q, ok := qualityOf(rest, minor)
	if !ok {
		return c, fmt.Sprintf("unknown quality %q", rest)
	}
	c.Tones, c.Quality = q.tones, q.name
	if strings.HasSuffix(sym, "/") && len(sym) > 1 {
		return c, "nothing follows '/': a slash chord names its bass note (C/E)"
	}
	if bass != "" {
		pc, tail := readLetter(bass)
		if pc < 0 || tail != "" {
			return c, fmt.Sprintf("the bass note %q after '/' is not a note name", bass)
		}
		if c.Roman {
			return c, "a Roman numeral takes no slash bass note name"
		}
		c.Bass = (pc - c.Root + 12) % 12
	}
	return c, ""
}

// readRoot reads the root (a letter with its accidental, or a Roman
// numeral with its own) and returns the rest of the body and whether a
// numeral's case asks for a minor triad.
func (c *ChartChord) readRoot(body string) (rest string, minor bool, reason string) {
	if pc, tail := readLetter(body); pc >= 0 {
		c.Root = pc
		return tail, false, ""
	}
	s := body
	for len(s) > 0 && (s[0] == 'b' || s[0] == '#') {
		if s[0] == 'b' {
			c.Shift--
		} else {
			c.Shift++
		}
		s = s[1:]
	}
	for _, r := range romans {
		if strings.HasPrefix(strings.ToUpper(s), r.up) {
			c.Roman, c.Root = true, r.degree
			rest = s[len(r.up):]
			if rest != "" && strings.ContainsRune("IVXivx", rune(rest[0])) {
				return "", false, fmt.Sprintf("%q is not a Roman numeral: they count the scale's degrees, I to VII", strings.TrimRight(s, "+°ø#0123456789()/abdgjmMsu"))
			}
			return rest, s[:len(r.up)] == strings.ToLower(r.up), ""
		}
	}
	if body == "" {
		return "", false, "it is empty"
	}
	return "", false, "it starts with neither a note name (A-G) nor a Roman numeral (I-VII)"
}

// romans are the numerals, longest first so that "IV" is not read as "I".
var romans = []struct {
	up     string
	degree int
}{{"VII", 6}, {"III", 2}, {"IV", 3}, {"VI", 5}, {"II", 1}, {"V", 4}, {"I", 0}}

// readLetter reads a note name ("C", "F#", "Bb", "Eb") at the start of s:
// its pitch class (-1 when s starts with none) and the rest.
func readLetter(s string) (int, string) {
	if s == "" {
		return -1, s
	}
	pc, ok := letterPC[s[0]]
	if !ok {
		return -1, s
	}
	s = s[1:]
	for len(s) > 0 {
		switch {
		case s[0] == '#':
			pc++
		case s[0] == 'b':
			pc--
		case strings.HasPrefix(s, "♯"):
			pc, s = pc+1, s[len("♯")-1:]
		case strings.HasPrefix(s, "♭"):
			pc, s = pc-1, s[len("♭")-1:]
		default:
			return (pc + 12) % 12, s
		}
		s = s[1:]
	}
	return (pc + 12) % 12, s
}

// InferKey finds the key of charts written with letter names: of the
// major and minor keys, the one whose scale holds most of the chords'
// tones, with the first chord and the last (the tonic a song starts or
// ends on) weighed in. ok is false when no chord has a letter root.
func InferKey(charts []Chart) (root int, mode string, ok bool) {
	var all []ChartChord
	for _, ch := range charts {
		for _, bar := range ch {
			for _, c := range bar {
				if !c.Roman {
					all = append(all, c)
				}
			}
		}
	}
	if len(all) == 0 {
		return 0, "", false
	}
	first, last := all[0], all[len(all)-1]
	best := -1
	for _, md := range []string{"major", "minor"} {
		for r := 0; r < 12; r++ {
			score := 0
			for _, c := range all {
				for _, t := range c.Tones {
					if inScale(c.Root+t, r, md) {
						score++
					}
				}
			}
			score += 4*tonicFit(first, r, md) + 3*tonicFit(last, r, md)
			if score > best {
				best, root, mode = score, r, md
			}
		}
	}
	return root, mode, true
}

// tonicFit is 1 when c is the tonic triad (or seventh) of the key.
func tonicFit(c ChartChord, root int, mode string) int {
	minor := len(c.Tones) > 1 && c.Tones[1] == 3
	if c.Root == root && minor == (mode == "minor") {
		return 1
	}
	return 0
}

// scales are the steps of the major and minor scales.
var scales = map[string][7]int{"major": {0, 2, 4, 5, 7, 9, 11}, "minor": {0, 2, 3, 5, 7, 8, 10}}

// inScale reports whether pitch class pc is in the scale of mode on root.
func inScale(pc, root int, mode string) bool {
	rel := ((pc-root)%12 + 12) % 12
	for _, s := range scales[mode] {
		if s == rel {
			return true
		}
	}
	return false
}

// RootIn returns c's root in semitones above tonic, in the key whose
// scale has steps (a Roman numeral counts them).
func (c ChartChord) RootIn(steps [7]int, tonic int) int {
	if c.Roman {
		return (steps[c.Root] + c.Shift + 12) % 12
	}
	return ((c.Root-tonic)%12 + 12) % 12
}
