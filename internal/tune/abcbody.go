package tune

import (
	"fmt"
	"strings"
)

// body reads one line of the tune body.
func (p *abcParser) body(ln string) error {
	p.bodySeen = true
	for i := 0; i < len(ln); {
		c := ln[i]
		switch {
		case c == ' ' || c == '\t' || c == '`' || c == '\\' || c == 'y':
			i++
		case c == '"':
			j := strings.IndexByte(ln[i+1:], '"')
			if j < 0 {
				return p.errAt(ln[i:], "opens a quoted chord symbol that is not closed")
			}
			if sym := strings.TrimSpace(ln[i+1 : i+1+j]); sym != "" && strings.IndexByte("^_<>@", sym[0]) < 0 {
				p.ev = append(p.ev, abcEvent{chord: sym, line: p.line, barNo: p.barNo})
			}
			i += j + 2
		case c == '!' || c == '+':
			j := strings.IndexByte(ln[i+1:], c)
			if j < 0 {
				return p.errAt(ln[i:], "opens a decoration that is not closed")
			}
			i += j + 2
		case c == '{':
			j := strings.IndexByte(ln[i:], '}')
			if j < 0 {
				return p.errAt(ln[i:], "opens grace notes that are not closed")
			}
			i += j + 1
		case strings.IndexByte(".~HLMOPSTuv", c) >= 0:
			// a decoration stands before a note; alone it is a wrong note
			// (H is B in German notation)
			if i+1 >= len(ln) || strings.IndexByte("^_=ABCDEFGabcdefgzxZX[(\"!+{.~HLMOPSTuv", ln[i+1]) < 0 {
				return p.errAt(ln[i:i+1], notANote)
			}
			i++
		case c == '(':
			n, err := p.tupletAt(ln, i)
			if err != nil {
				return err
			}
			i = n
		case c == '>' || c == '<':
			n, err := p.brokenAt(ln, i)
			if err != nil {
				return err
			}
			i = n
		case c == '-':
			if len(p.ev) == 0 || p.ev[len(p.ev)-1].bar != noBar || p.ev[len(p.ev)-1].rest {
				return p.errAt("-", "ties no note")
			}
			p.ev[len(p.ev)-1].tie = true
			i++
		case c == '|' || c == ':' || c == '[' && i+1 < len(ln) && (ln[i+1] == '|' || isDigit(ln[i+1])):
			i = p.barAt(ln, i)
		case c == '[' && i+2 < len(ln) && ln[i+2] == ':':
			j := strings.IndexByte(ln[i:], ']')
			if j < 3 {
				return p.errAt(ln[i:], "opens an inline field that is not closed")
			}
			if err := p.field(ln[i+1], strings.TrimSpace(ln[i+3:i+j]), false); err != nil {
				return err
			}
			i += j + 1
		case c == '[':
			n, err := p.chordAt(ln, i)
			if err != nil {
				return err
			}
			i = n
		default:
			n, err := p.noteAt(ln, i, true)
			if err != nil {
				return err
			}
			i = n
		}
	}
	return nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// noteAt reads a note or rest at ln[i] (with accidentals, octave marks
// and length) and, when add, appends it; it returns the index after it.
func (p *abcParser) noteAt(ln string, i int, add bool) (int, error) {
	start := i
	acc, hasAcc := 0, false
	for i < len(ln) && strings.IndexByte("^_=", ln[i]) >= 0 {
		hasAcc = true
		switch ln[i] {
		case '^':
			acc++
		case '_':
			acc--
		}
		i++
	}
	if i >= len(ln) {
		return i, p.errAt(ln[start:], notANote)
	}
	c := ln[i]
	e := abcEvent{line: p.line, barNo: p.barNo}
	switch {
	case strings.IndexByte("zx", c) >= 0 && !hasAcc:
		e.rest = true
		i++
	case c == 'Z' || c == 'X':
		e.rest = true
		i++
		n := 0
		for i < len(ln) && isDigit(ln[i]) {
			n = 10*n + int(ln[i]-'0')
			i++
		}
		e.len = float64(max(n, 1)) * p.t.BarQuarters()
		if add {
			p.push(e)
		}
		return i, nil
	case c >= 'A' && c <= 'G' || c >= 'a' && c <= 'g':
		letter := strings.IndexByte("CDEFGAB", c&^0x20)
		oct := 0
		if c >= 'a' {
			oct = 1
		}
		i++
		for i < len(ln) && (ln[i] == '\'' || ln[i] == ',') {
			oct += map[byte]int{'\'': 1, ',': -1}[ln[i]]
			i++
		}
		slot := letter + 7*(oct+10)
		if hasAcc {
			if ln[start] == '=' {
				acc = 0
			}
			p.acc[slot] = acc
		} else if a, ok := p.acc[slot]; ok {
			acc = a
		} else {
			acc = p.sig[letter]
		}
		e.pitch = 60 + 12*oct + letterPC[letter] + acc
		if e.pitch < 21 || e.pitch > 108 {
			return i, p.errAt(ln[start:i], "is outside the piano's range (A,,, to c'')")
		}
	default:
		return i + 1, p.errAt(ln[start:i+1], notANote)
	}
	mult, n, err := p.lengthAt(ln, i)
	if err != nil {
		return n, err
	}
	e.len = p.unitOf() * mult
	if add {
		p.push(e)
	}
	return n, nil
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
	mult := float64(max(num, 1))
	for i < len(ln) && ln[i] == '/' {
		i++
		d := 0
		ds := i
		for i < len(ln) && isDigit(ln[i]) {
			d = 10*d + int(ln[i]-'0')
			i++
		}
		if i > ds && d == 0 {
			return 0, i, p.errAt(ln[start:i], "divides a note length by 0")
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
		for j < len(ln) && isDigit(ln[j]) {
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
	tok := ln[start:i]
	e := abcEvent{line: p.line, barNo: p.barNo}
	bars := strings.Count(tok, "|")
	pre, post := strings.HasPrefix(tok, ":"), strings.HasSuffix(tok, ":")
	switch {
	case pre && post || strings.Contains(tok, "::"):
		e.bar = repBoth
	case pre:
		e.bar = repEnd
	case post:
		e.bar = repStart
	case bars >= 2 || strings.Contains(tok, "]") || strings.HasPrefix(tok, "[|"):
		e.bar = doubleBar
	case bars == 1:
		e.bar = plainBar
	default:
		e.bar = endingMark // "[" before a digit
	}
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
