package tune

import (
	"fmt"
	"strings"
)

// body reads one line of the tune body.
func (p *abcParser) body(ln string) error {
	p.bodySeen = true
	for i := 0; i < len(ln); {
		n, err := p.token(ln, i)
		if err != nil {
			return err
		}
		i = n
	}
	return nil
}

// token reads the token at ln[i] and returns the index after it.
func (p *abcParser) token(ln string, i int) (int, error) {
	c := ln[i]
	switch {
	case c == ' ' || c == '\t' || c == '`' || c == '\\' || c == 'y':
		return i + 1, nil
	case c == '"':
		return p.quotedAt(ln, i)
	case c == '!' || c == '+' || c == '{':
		return p.skipAt(ln, i)
	case strings.IndexByte(".~HLMOPSTuv", c) >= 0:
		return p.decorationAt(ln, i)
	case c == '(':
		return p.tupletAt(ln, i)
	case c == '>' || c == '<':
		return p.brokenAt(ln, i)
	case c == '-':
		return p.tieAt(i)
	case c == '|' || c == ':':
		return p.barAt(ln, i), nil
	case c == '[':
		return p.bracketAt(ln, i)
	}
	return p.noteAt(ln, i, true)
}

// decorationAt skips a one-letter decoration, which stands before a
// note; alone it is a wrong note (H is B in German notation).
func (p *abcParser) decorationAt(ln string, i int) (int, error) {
	if i+1 >= len(ln) || strings.IndexByte("^_=ABCDEFGabcdefgzxZX[(\"!+{.~HLMOPSTuv", ln[i+1]) < 0 {
		return i + 1, p.errAt(ln[i:i+1], notANote)
	}
	return i + 1, nil
}

// tieAt ties the note before to the next.
func (p *abcParser) tieAt(i int) (int, error) {
	if len(p.ev) == 0 || p.ev[len(p.ev)-1].bar != noBar || p.ev[len(p.ev)-1].rest {
		return i + 1, p.errAt("-", "ties no note")
	}
	p.ev[len(p.ev)-1].tie = true
	return i + 1, nil
}

// bracketAt reads what "[" opens: a bar line ([| or an ending [1), an
// inline field ([K:D]) or a chord ([CEG]).
func (p *abcParser) bracketAt(ln string, i int) (int, error) {
	switch {
	case i+1 < len(ln) && (ln[i+1] == '|' || isDigit(ln[i+1])):
		return p.barAt(ln, i), nil
	case i+2 < len(ln) && ln[i+2] == ':':
		j := strings.IndexByte(ln[i:], ']')
		if j < 3 {
			return i, p.errAt(ln[i:], "opens an inline field that is not closed")
		}
		return i + j + 1, p.field(ln[i+1], strings.TrimSpace(ln[i+3:i+j]), false)
	}
	return p.chordAt(ln, i)
}

// quotedAt reads a quoted string: a chord symbol ("Am"), kept, or an
// annotation ("^text"), skipped.
func (p *abcParser) quotedAt(ln string, i int) (int, error) {
	j := strings.IndexByte(ln[i+1:], '"')
	if j < 0 {
		return i, p.errAt(ln[i:], "opens a quoted chord symbol that is not closed")
	}
	if sym := strings.TrimSpace(ln[i+1 : i+1+j]); sym != "" && strings.IndexByte("^_<>@", sym[0]) < 0 {
		p.ev = append(p.ev, abcEvent{chord: sym, line: p.line, barNo: p.barNo})
	}
	return i + j + 2, nil
}

// skipAt skips a decoration (!trill! +fermata+) or grace notes ({g}).
func (p *abcParser) skipAt(ln string, i int) (int, error) {
	closer, what := ln[i], "a decoration"
	if closer == '{' {
		closer, what = '}', "grace notes"
	}
	j := strings.IndexByte(ln[i+1:], closer)
	if j < 0 {
		return i, p.errAt(ln[i:], "opens "+what+" that are not closed")
	}
	return i + j + 2, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// noteAt reads a note or rest at ln[i] (with accidentals, octave marks
// and length) and, when add, appends it; it returns the index after it.
func (p *abcParser) noteAt(ln string, i int, add bool) (int, error) {
	start := i
	acc, natural, i := accidentalsAt(ln, i)
	if i >= len(ln) {
		return i, p.errAt(ln[start:], notANote)
	}
	e := abcEvent{line: p.line, barNo: p.barNo}
	c := ln[i]
	switch {
	case (c == 'z' || c == 'x') && i == start:
		e.rest = true
		i++
	case c == 'Z' || c == 'X':
		return p.barRestAt(ln, i, add)
	case c >= 'A' && c <= 'G' || c >= 'a' && c <= 'g':
		var err error
		if e.pitch, i, err = p.pitchAt(ln, start, i, acc, natural); err != nil {
			return i, err
		}
	default:
		return i + 1, p.errAt(ln[start:i+1], notANote)
	}
	mult, n, err := p.lengthAt(ln, i)
	if err != nil {
		return n, err
	}
	e.len = p.unitOf() * mult
	if e.len < 1.0/16-1e-9 || e.len > 64 {
		return n, p.errAt(ln[start:n], "is shorter than a sixty-fourth note or longer than 16 whole notes")
	}
	if add {
		p.push(e)
	}
	return n, nil
}

// accidentalsAt reads ^ ^^ _ __ = before a note: the semitones, whether
// the note is written natural (=), and the index after them.
func accidentalsAt(ln string, i int) (acc int, natural bool, next int) {
	for ; i < len(ln) && strings.IndexByte("^_=", ln[i]) >= 0; i++ {
		switch ln[i] {
		case '^':
			acc++
		case '_':
			acc--
		default:
			natural = true
		}
	}
	return acc, natural, i
}

// pitchAt reads the letter at ln[i] and its octave marks into a MIDI
// pitch: the accidentals written before it (from start), else the bar's
// accidental of that note, else the key signature's.
func (p *abcParser) pitchAt(ln string, start, i, acc int, natural bool) (int, int, error) {
	written := i > start
	if natural {
		acc = 0
	}
	c := ln[i]
	letter := strings.IndexByte("CDEFGAB", c&^0x20)
	oct := 0
	if c >= 'a' {
		oct = 1
	}
	for i++; i < len(ln) && (ln[i] == '\'' || ln[i] == ','); i++ {
		oct += map[byte]int{'\'': 1, ',': -1}[ln[i]]
	}
	slot := letter + 7*(oct+10)
	switch a, ok := p.acc[slot]; {
	case written:
		p.acc[slot] = acc // to the end of the bar
	case ok:
		acc = a
	default:
		acc = p.sig[letter]
	}
	pitch := 60 + 12*oct + letterPC[letter] + acc
	if pitch < 21 || pitch > 108 {
		return pitch, i, p.errAt(ln[start:i], "is outside the piano's range (A,,, to c'')")
	}
	return pitch, i, nil
}

// barRestAt reads Z or Z4: whole bars of rest.
func (p *abcParser) barRestAt(ln string, i int, add bool) (int, error) {
	e := abcEvent{rest: true, line: p.line, barNo: p.barNo}
	n := 0
	for i++; i < len(ln) && isDigit(ln[i]) && n < 1000; i++ {
		n = 10*n + int(ln[i]-'0')
	}
	e.len = float64(max(n, 1)) * p.t.BarQuarters()
	if add {
		p.push(e)
	}
	return i, nil
}

// lengthAt reads a note length multiplier ("2", "/2", "3/2", "/", "//").
func (p *abcParser) lengthAt(ln string, i int) (float64, int, error) {
	start := i
	num := 0
	for i < len(ln) && isDigit(ln[i]) {
		num = 10*num + int(ln[i]-'0')
		i++
	}
	if i > start && num == 0 {
		return 0, i, p.errAt(ln[start:i], "is a note length of 0")
	}
	if i-start > 3 {
		return 0, i, p.errAt(ln[start:i], "is too long a note length")
	}
	mult := float64(max(num, 1))
	for i < len(ln) && ln[i] == '/' {
		i++
		d := 0
		ds := i
		for i < len(ln) && isDigit(ln[i]) {
			d = 10*d + int(ln[i]-'0')
			i++
		}
		if i > ds && d == 0 || i-ds > 3 {
			return 0, i, p.errAt(ln[start:i], "divides a note length by 0 or too much")
		}
		mult /= float64(max(d, 2))
	}
	return mult, i, nil
}

// push appends a note or rest, applying a pending tuplet and broken rhythm.
func (p *abcParser) push(e abcEvent) {
	if p.tuplet.left > 0 {
		e.len *= p.tuplet.mult
		p.tuplet.left--
	}
	e.len *= p.broken
	p.broken = 1
	p.ev = append(p.ev, e)
}

// tupletAt reads "(3" or "(p:q:r".
func (p *abcParser) tupletAt(ln string, i int) (int, error) {
	var nums [3]int
	k, j := 0, i+1
	for k < 3 {
		s := j
		for j < len(ln) && isDigit(ln[j]) && nums[k] < 100 {
			nums[k] = 10*nums[k] + int(ln[j]-'0')
			j++
		}
		if j == s && k == 0 {
			return j, nil // a slur: ignored
		}
		k++
		if j >= len(ln) || ln[j] != ':' {
			break
		}
		j++
	}
	pn := nums[0]
	if pn < 2 || pn > 9 {
		return j, p.errAt(ln[i:j], "is not a tuplet such as (3")
	}
	q := nums[1]
	if q == 0 {
		q = tupletQ(pn, p.t.Den == 8 && p.t.Num%3 == 0)
	}
	r := nums[2]
	if r == 0 {
		r = pn
	}
	p.tuplet.left, p.tuplet.mult = r, float64(q)/float64(pn)
	return j, nil
}

// brokenAt reads > >> < << between two notes: the first dotted, the
// second shortened (or the other way round).
func (p *abcParser) brokenAt(ln string, i int) (int, error) {
	c, n := ln[i], 0
	for i < len(ln) && ln[i] == c {
		n++
		i++
	}
	if len(p.ev) == 0 || p.ev[len(p.ev)-1].bar != noBar || n > 3 {
		return i, p.errAt(strings.Repeat(string(c), n), "stands between no two notes")
	}
	short := 1.0 / float64(int(1)<<n)
	long := 2 - short
	if c == '<' {
		long, short = short, long
	}
	p.ev[len(p.ev)-1].len *= long
	p.broken = short
	return i, nil
}

// chordAt reads [CEG]2: the top note plays, as long as the first note
// inside (times the length after the bracket).
func (p *abcParser) chordAt(ln string, i int) (int, error) {
	j := strings.IndexByte(ln[i:], ']')
	if j < 0 {
		return i, p.errAt(ln[i:], "opens a chord that is not closed")
	}
	inner, end := ln[i+1:i+j], i+j+1
	n0 := len(p.ev)
	for k := 0; k < len(inner); {
		next, err := p.noteAt(inner, k, true)
		if err != nil {
			return end, err
		}
		k = next
	}
	if len(p.ev) == n0 {
		return end, p.errAt("[]", "is a chord of no notes")
	}
	notes := p.ev[n0:]
	top := notes[0]
	top.len = notes[0].len
	for _, e := range notes[1:] {
		if !e.rest && e.pitch > top.pitch {
			top.pitch = e.pitch
		}
	}
	p.ev = p.ev[:n0]
	mult, n, err := p.lengthAt(ln, end)
	if err != nil {
		return n, err
	}
	top.len *= mult
	p.ev = append(p.ev, top)
	return n, nil
}

// barAt reads a bar line (| || |] [| |: :| :: and endings |1 :|2 [1).
func (p *abcParser) barAt(ln string, i int) int {
	start := i
	for i < len(ln) && strings.IndexByte("|:[]", ln[i]) >= 0 {
		if ln[i] == '[' && (i+1 >= len(ln) || ln[i+1] != '|' && !isDigit(ln[i+1])) {
			break
		}
		if ln[i] == ']' && (i == start || ln[i-1] != '|') {
			break
		}
		i++
	}
	e := abcEvent{bar: barKindOf(ln[start:i]), line: p.line, barNo: p.barNo}
	if i < len(ln) && isDigit(ln[i]) {
		e.ending = int(ln[i] - '0')
		for i < len(ln) && (isDigit(ln[i]) || ln[i] == ',' || ln[i] == '-') {
			i++
		}
	}
	if e.bar != endingMark {
		p.barNo++
		p.acc = map[int]int{}
	}
	p.ev = append(p.ev, e)
	return i
}

// barKindOf is what a bar line's token does.
func barKindOf(tok string) barKind {
	bars := strings.Count(tok, "|")
	pre, post := strings.HasPrefix(tok, ":"), strings.HasSuffix(tok, ":")
	switch {
	case pre && post || strings.Contains(tok, "::"):
		return repBoth
	case pre:
		return repEnd
	case post:
		return repStart
	case bars >= 2 || strings.Contains(tok, "]") || strings.HasPrefix(tok, "[|"):
		return doubleBar
	case bars == 1:
		return plainBar
	}
	return endingMark // "[" before a digit
}

// playOut plays the events in order with their repeats: |: ... :| twice
// (from the last |:, double bar or the start), a first ending on the
// first pass, a second ending on the second.
func playOut(ev []abcEvent) ([]abcEvent, error) {
	var out []abcEvent
	start, pass, skipping := 0, 1, false
	for i := 0; i < len(ev); i++ {
		e := ev[i]
		if e.bar == noBar {
			if !skipping {
				out = append(out, e)
			}
			if len(out) > 4*MaxNotes {
				return nil, &Error{Reason: fmt.Sprintf("plays out to more than %d notes", MaxNotes)}
			}
			continue
		}
		switch {
		case (e.bar == repEnd || e.bar == repBoth) && skipping:
			skipping = false // the end of a first ending, skipped on the second pass
		case (e.bar == repEnd || e.bar == repBoth) && pass == 1:
			out = append(out, abcEvent{bar: plainBar, line: e.line, barNo: e.barNo})
			pass, i = 2, start-1
			continue
		case e.bar == repEnd || e.bar == repBoth:
			start, pass = i+1, 1
		case e.bar == doubleBar:
			skipping, start = false, i+1
		}
		if e.ending > 0 {
			skipping = e.ending != pass
		}
		if e.bar == repStart || e.bar == repBoth {
			start, pass = i+1, 1
		}
		if !skipping {
			out = append(out, e)
		}
	}
	return out, nil
}
