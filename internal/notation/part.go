package notation

import (
	"bufio"
	"fmt"
	"slices"
	"strings"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/score"
)

// writePartList writes the part list: each part's name, its instrument
// and General MIDI sound (a percussion part one unpitched instrument per
// drum key it plays, on channel 10).
func writePartList(bw *bufio.Writer, parts []part) {
	bw.WriteString("<part-list>\n")
	for _, p := range parts {
		fmt.Fprintf(bw, `<score-part id="%s"><part-name>%s</part-name>`, p.id, xmlEscape(p.track.Name))
		if p.drums {
			for _, k := range p.kit {
				fmt.Fprintf(bw, `<score-instrument id="%s-I%d"><instrument-name>%s</instrument-name></score-instrument>`,
					p.id, k, xmlEscape(p.names[k]))
			}
			for _, k := range p.kit {
				fmt.Fprintf(bw, `<midi-instrument id="%s-I%d"><midi-channel>10</midi-channel><midi-unpitched>%d</midi-unpitched></midi-instrument>`,
					p.id, k, k+1)
			}
		} else {
			name := strings.ReplaceAll(string(p.track.Instrument), "_", " ")
			fmt.Fprintf(bw, `<score-instrument id="%s-I1"><instrument-name>%s</instrument-name></score-instrument>`, p.id, xmlEscape(name))
			fmt.Fprintf(bw, `<midi-instrument id="%s-I1"><midi-channel>%d</midi-channel><midi-program>%d</midi-program></midi-instrument>`,
				p.id, p.channel, music.GMProgram(p.track.Instrument)+1)
		}
		bw.WriteString("</score-part>\n")
	}
	bw.WriteString("</part-list>\n")
}

// writePart writes one part, bar by bar: the attributes (and key
// changes), then each voice across the bar, voices after the first
// backing up to the bar's start.
func writePart(bw *bufio.Writer, s *score.Score, g grid, p *part, bars int, keys map[int]string) {
	fmt.Fprintf(bw, "<part id=\"%s\">\n", p.id)
	next := make([]int, len(p.voices)) // per voice: the first event not yet written
	items := p.items
	for m := 0; m < bars; m++ {
		ms, me := g.start(m), g.start(m+1)
		fmt.Fprintf(bw, "<measure number=\"%d\">", m+1)
		writeAttributes(bw, s, g, p, m, keys)
		if len(p.voices) == 0 {
			items = writeVoice(bw, g, p, nil, 0, ms, me, items)
		}
		for v := range p.voices {
			if v > 0 {
				fmt.Fprintf(bw, "<backup><duration>%d</duration></backup>", me-ms)
			}
			var its []item
			if v == 0 {
				its = items
			}
			its = writeVoice(bw, g, p, p.voices[v][next[v]:], v+1, ms, me, its)
			if v == 0 {
				items = its
			}
			for next[v] < len(p.voices[v]) && p.voices[v][next[v]].end <= me {
				next[v]++
			}
		}
		if m == bars-1 {
			bw.WriteString(`<barline location="right"><bar-style>light-heavy</bar-style></barline>`)
		}
		bw.WriteString("</measure>\n")
	}
	bw.WriteString("</part>\n")
}

// writeAttributes writes the bar's attributes: divisions, key, time and
// clef in the first bar, a key change where a section changes key (no key
// on a percussion staff).
func writeAttributes(bw *bufio.Writer, s *score.Score, g grid, p *part, m int, keys map[int]string) {
	key, change := keys[m]
	meter, odd := g.meter[m]
	if m > 0 && (!change || p.drums) && !odd {
		return
	}
	bw.WriteString("<attributes>")
	if m == 0 {
		fmt.Fprintf(bw, "<divisions>%d</divisions>", Divisions)
	}
	if !p.drums && (m == 0 || change) {
		bw.WriteString(key)
	}
	if m == 0 || odd {
		beats, unit := max(1, s.BeatsPerBar), 4
		if odd {
			beats = meter
		}
		if s.Subdivision == 3 {
			beats, unit = 3*beats, 8
		}
		fmt.Fprintf(bw, "<time><beats>%d</beats><beat-type>%d</beat-type></time>", beats, unit)
	}
	if m == 0 {
		switch {
		case p.staves == 2:
			bw.WriteString("<staves>2</staves><clef number=\"1\"><sign>G</sign><line>2</line></clef>" +
				"<clef number=\"2\"><sign>F</sign><line>4</line></clef>")
		case p.clef == "F":
			bw.WriteString("<clef><sign>F</sign><line>4</line></clef>")
		case p.clef == "percussion":
			bw.WriteString("<clef><sign>percussion</sign></clef>")
		default:
			bw.WriteString("<clef><sign>G</sign><line>2</line></clef>")
		}
	}
	bw.WriteString("</attributes>")
}

// piece is one note, rest or forward of a voice in a bar, as written.
type piece struct {
	at                int
	val               value
	keys              []int // none: a rest
	forward, measure  bool  // a forward (voices after the first), a whole-bar rest
	tieStop, tieStart bool
	tuplet            string // "start" or "stop": the bracket of a triplet group
}

// writeVoice writes voice v (from 1) of the bar starting at ms: the parts
// of events (in time order, from the first that may reach into the bar)
// that sound in it, rests (the first voice) or forwards (the others)
// between them, and before each note or rest the items that fall in it.
// It returns the items still to write.
func writeVoice(bw *bufio.Writer, g grid, p *part, events []event, v, ms, me int, items []item) []item {
	if v == 0 {
		v = 1
	}
	pieces := voicePieces(g, events, v, ms, me, items)
	markTuplets(pieces)
	for _, pc := range pieces {
		switch {
		case pc.forward:
			fmt.Fprintf(bw, "<forward><duration>%d</duration><voice>%d</voice>%s</forward>", pc.val.dur, v, p.staff(v))
		case pc.measure:
			items = flush(bw, items, pc.at, pc.at+pc.val.dur)
			fmt.Fprintf(bw, `<note><rest measure="yes"/><duration>%d</duration><voice>1</voice>%s</note>`, pc.val.dur, p.staff(1))
		default:
			items = flush(bw, items, pc.at, pc.at+pc.val.dur)
			writeNote(bw, p, pc, v)
		}
	}
	return items
}

// voicePieces lays out voice v of the bar starting at ms as pieces.
func voicePieces(g grid, events []event, v, ms, me int, items []item) []piece {
	pos := ms
	var out []piece
	gap := func(to int) {
		switch {
		case to <= pos:
			return
		case v > 1:
			out = append(out, piece{at: pos, val: value{dur: to - pos}, forward: true})
		case pos == ms && to == me && len(cutSplit(items, ms, me, ms, me-ms)) == 1:
			out = append(out, piece{at: pos, val: value{dur: to - pos}, measure: true})
		default:
			at := pos
			for _, val := range cutSplit(items, pos, to, ms, g.perBeat) {
				out = append(out, piece{at: at, val: val})
				at += val.dur
			}
		}
		pos = to
	}
	for _, e := range events {
		if e.start >= me {
			break
		}
		a, b := max(e.start, ms), min(e.end, me)
		if b <= a {
			continue
		}
		gap(a)
		vals := cutSplit(items, a, b, ms, g.perBeat)
		for i, val := range vals {
			out = append(out, piece{at: pos, val: val, keys: e.keys,
				tieStop: i > 0 || a > e.start, tieStart: i < len(vals)-1 || b < e.end})
			pos += val.dur
		}
	}
	gap(me)
	return out
}

// markTuplets brackets the triplet values of a voice's bar in groups: a
// run of triplet notes and rests closes a group where it adds up to a
// beat (a quarter), or where it ends on a whole sixteenth; a run that
// ends elsewhere is left without a bracket (readers group it themselves).
func markTuplets(pieces []piece) {
	first, sum := -1, 0
	closeAt := func(last int) {
		if first >= 0 && last > first {
			pieces[first].tuplet, pieces[last].tuplet = "start", "stop"
		}
		first, sum = -1, 0
	}
	for i := range pieces {
		if !pieces[i].val.triplet || pieces[i].forward || pieces[i].measure {
			if first >= 0 && sum%3 == 0 {
				closeAt(i - 1)
			}
			first, sum = -1, 0
			continue
		}
		if first < 0 {
			first = i
		}
		sum += pieces[i].val.dur
		if sum%Divisions == 0 {
			closeAt(i)
		}
	}
	if first >= 0 && sum%3 == 0 {
		closeAt(len(pieces) - 1)
	}
}

// cutSplit is split of a to b (divisions from the song's start, in the bar
// starting at ms), cut where an item falls inside: every chord symbol and
// mark then stands at the start of a note or rest, with no offset, which
// every reader places alike.
func cutSplit(items []item, a, b, ms, beat int) []value {
	var out []value
	for _, it := range items {
		if it.at >= b {
			break
		}
		if it.at > a {
			out = append(out, split(a-ms, it.at-ms, beat)...)
			a = it.at
		}
	}
	return append(out, split(a-ms, b-ms, beat)...)
}

// flush writes the items that fall before to, each with its offset from
// pos (where the next note or rest starts).
func flush(bw *bufio.Writer, items []item, pos, to int) []item {
	for len(items) > 0 && items[0].at < to {
		bw.WriteString(items[0].xml(max(0, items[0].at-pos)))
		items = items[1:]
	}
	return items
}

// writeNote writes a piece: a chord of its keys (a rest when none) of one
// value, tied to the value before and after it as asked, and its tuplet
// bracket (on the chord's first note).
func writeNote(bw *bufio.Writer, p *part, pc piece, v int) {
	if len(pc.keys) == 0 {
		fmt.Fprintf(bw, "<note><rest/><duration>%d</duration>%s%s", pc.val.dur, valueXML(p, pc, v), p.staff(v))
		if pc.tuplet != "" {
			fmt.Fprintf(bw, `<notations><tuplet type="%s" bracket="yes"/></notations>`, pc.tuplet)
		}
		bw.WriteString("</note>")
		return
	}
	for i, k := range pc.keys {
		var b strings.Builder
		b.WriteString("<note>")
		if i > 0 {
			b.WriteString("<chord/>")
		}
		notehead := ""
		if p.drums {
			d := drumDisplay(k)
			fmt.Fprintf(&b, "<unpitched><display-step>%s</display-step><display-octave>%d</display-octave></unpitched>", d.step, d.octave)
			notehead = d.head
		} else {
			step, alter, octave := spell(k, p.fifths)
			fmt.Fprintf(&b, "<pitch><step>%s</step>", step)
			if alter != 0 {
				fmt.Fprintf(&b, "<alter>%d</alter>", alter)
			}
			fmt.Fprintf(&b, "<octave>%d</octave></pitch>", octave)
		}
		fmt.Fprintf(&b, "<duration>%d</duration>", pc.val.dur)
		if pc.tieStop {
			b.WriteString(`<tie type="stop"/>`)
		}
		if pc.tieStart {
			b.WriteString(`<tie type="start"/>`)
		}
		if p.drums {
			fmt.Fprintf(&b, `<instrument id="%s-I%d"/>`, p.id, k)
		}
		b.WriteString(valueXML(p, pc, v))
		if notehead != "" {
			fmt.Fprintf(&b, "<notehead>%s</notehead>", notehead)
		}
		b.WriteString(p.staff(v))
		b.WriteString(notationsXML(pc, i == 0))
		b.WriteString("</note>")
		bw.WriteString(b.String())
	}
}

// valueXML is a piece's voice, type, dots, triplet and (on a two-voice
// drum staff) stem: hands up, feet down.
func valueXML(p *part, pc piece, v int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<voice>%d</voice><type>%s</type>", v, pc.val.typ)
	for range pc.val.dots {
		b.WriteString("<dot/>")
	}
	if pc.val.triplet {
		b.WriteString("<time-modification><actual-notes>3</actual-notes><normal-notes>2</normal-notes></time-modification>")
	}
	if p.drums && len(p.voices) == 2 && len(pc.keys) > 0 {
		stem := "up"
		if v == 2 {
			stem = "down"
		}
		fmt.Fprintf(&b, "<stem>%s</stem>", stem)
	}
	return b.String()
}

// notationsXML is a note's ties and, on the first note of a chord, its
// tuplet bracket; "" when it has none.
func notationsXML(pc piece, first bool) string {
	tuplet := first && pc.tuplet != ""
	if !pc.tieStop && !pc.tieStart && !tuplet {
		return ""
	}
	var b strings.Builder
	b.WriteString("<notations>")
	if pc.tieStop {
		b.WriteString(`<tied type="stop"/>`)
	}
	if pc.tieStart {
		b.WriteString(`<tied type="start"/>`)
	}
	if tuplet {
		fmt.Fprintf(&b, `<tuplet type="%s" bracket="yes"/>`, pc.tuplet)
	}
	b.WriteString("</notations>")
	return b.String()
}

// staff is the staff element of voice v's notes: a part of more than four
// voices is written on two staves (a treble and a bass), voices 5 to 8 on
// the second, as notation programs hold four voices a staff.
func (p *part) staff(v int) string {
	if p.staves < 2 {
		return ""
	}
	if v > 4 {
		return "<staff>2</staff>"
	}
	return "<staff>1</staff>"
}

var (
	sharpNames = [12]struct {
		step  string
		alter int
	}{{"C", 0}, {"C", 1}, {"D", 0}, {"D", 1}, {"E", 0}, {"F", 0}, {"F", 1}, {"G", 0}, {"G", 1}, {"A", 0}, {"A", 1}, {"B", 0}}
	flatNames = [12]struct {
		step  string
		alter int
	}{{"C", 0}, {"D", -1}, {"D", 0}, {"E", -1}, {"E", 0}, {"F", 0}, {"G", -1}, {"G", 0}, {"A", -1}, {"A", 0}, {"B", -1}, {"B", 0}}
)

// spell names a MIDI pitch with sharps in a sharp key, flats in a flat
// key.
func spell(pitch, fifths int) (step string, alter, octave int) {
	pc := ((pitch % 12) + 12) % 12
	n := sharpNames[pc]
	if fifths < 0 {
		n = flatNames[pc]
	}
	return n.step, n.alter, pitch/12 - 1
}

// drumKit returns the General MIDI keys a drum track plays, in order, and
// a name for each (the first drum that plays it).
func drumKit(hits []score.Hit) ([]int, map[int]string) {
	names := map[int]string{}
	var keys []int
	for _, h := range hits {
		k := music.GMDrumKey(h.Drum)
		if _, ok := names[k]; !ok {
			names[k] = strings.ReplaceAll(string(h.Drum), "_", " ")
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys, names
}

// display is where a drum sits on the percussion staff and its notehead.
type display struct {
	step   string
	octave int
	head   string
}

// drumDisplays places each General MIDI drum key the engine plays on its
// own line or space of the percussion staff, as drum notation usually does
// (kick in the first space, snare in the third, cymbals on top with x
// heads, hand percussion below); readers map them by instrument.
var drumDisplays = map[int]display{
	64: {"F", 3, ""}, 65: {"G", 3, ""}, 63: {"A", 3, ""}, 60: {"B", 3, ""}, 62: {"C", 4, "diamond"},
	73: {"D", 4, "slash"}, 35: {"E", 4, ""}, 36: {"F", 4, ""}, 41: {"G", 4, ""}, 45: {"A", 4, ""},
	37: {"B", 4, "x"}, 38: {"C", 5, ""}, 47: {"D", 5, ""}, 50: {"E", 5, ""}, 51: {"F", 5, "x"},
	42: {"G", 5, "x"}, 49: {"A", 5, "x"}, 46: {"B", 5, "circle-x"}, 39: {"C", 6, "x"}, 54: {"D", 6, "x"},
	56: {"E", 6, "triangle"}, 70: {"F", 6, "diamond"}, 75: {"G", 6, "x"}, 83: {"A", 6, "x"},
}

func drumDisplay(k int) display {
	if d, ok := drumDisplays[k]; ok {
		return d
	}
	return display{"B", 6, "normal"}
}
