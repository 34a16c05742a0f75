// Package notation writes a composed score as MusicXML 4.0 (partwise): a
// full score with one part per track of the score, chord symbols, tempo,
// key and time signatures, sections as rehearsal marks, and drums as
// unpitched notes on a percussion staff. It writes the score as composed
// (engine.Composition.Written), not as performed: positions snap to the
// nearest sixteenth or triplet eighth (Tick), swing is marked once instead
// of written into every off-beat, and each note is tied across bar lines
// and beats as notation spells it. Pitches are written at concert pitch.
package notation

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/score"
)

// ContentType is the media type of the files Write writes.
const ContentType = "application/vnd.recordare.musicxml+xml"

// part is one track laid out for writing.
type part struct {
	id      string
	track   *score.Track
	drums   bool
	voices  [][]event
	clef    string // G, F or percussion
	channel int    // MIDI channel 1-16
	kit     []int  // the drum keys a percussion part plays, in order
	names   map[int]string
	fifths  int    // the key signature at the start: sharps or flats for the notes
	staves  int    // 2 for a part of more than four voices (part.staff), else 1
	items   []item // directions and chord symbols to write, in time order
}

// item is a direction or chord symbol at a position (divisions), written
// by xml with its offset after the note it precedes.
type item struct {
	at  int
	xml func(offset int) string
}

// Write writes s as a MusicXML 4.0 partwise score titled title. The same
// score always gives the same bytes.
func Write(w io.Writer, s *score.Score, title string) error {
	if s.BPM <= 0 || len(s.Tracks) == 0 {
		return fmt.Errorf("notation: empty score")
	}
	g := newGrid(s)
	parts := layout(s, g)
	bars := barCount(s, g, parts)
	bw := bufio.NewWriter(w)
	bw.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>` + "\n")
	bw.WriteString(`<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">` + "\n")
	bw.WriteString(`<score-partwise version="4.0">` + "\n")
	fmt.Fprintf(bw, "<work><work-title>%s</work-title></work>\n", xmlEscape(title))
	bw.WriteString("<identification><creator type=\"composer\">Songsmith</creator>" +
		"<encoding><software>Songsmith</software></encoding></identification>\n")
	writePartList(bw, parts)
	keys := keyChanges(s, g)
	for i := range parts {
		writePart(bw, s, g, &parts[i], bars, keys)
	}
	bw.WriteString("</score-partwise>\n")
	return bw.Flush()
}

// layout makes the parts of s: their voices, clefs and channels; the
// tempo, swing and rehearsal marks go to the first part, the chord symbols
// to the lead (else the first pitched part).
func layout(s *score.Score, g grid) []part {
	parts := make([]part, len(s.Tracks))
	lead, ch := -1, 1
	fifths, _ := music.KeySignature(((s.KeyRoot%12)+12)%12, s.Mode)
	for i := range s.Tracks {
		t := &s.Tracks[i]
		p := part{id: fmt.Sprintf("P%d", i+1), track: t, drums: t.Instrument == score.Drums, voices: voices(g, t), fifths: fifths, staves: 1}
		if len(p.voices) > 4 {
			p.staves = 2
		}
		if p.drums {
			p.clef, p.channel = "percussion", 10
			p.kit, p.names = drumKit(t.Hits)
		} else {
			p.clef, p.channel = clefOf(t.Notes), ch
			if ch++; ch == 10 {
				ch++
			}
			if ch > 16 {
				ch = 1
			}
			if lead < 0 || (t.Role == score.RoleLead && s.Tracks[lead].Role != score.RoleLead) {
				lead = i
			}
		}
		parts[i] = p
	}
	parts[0].items = append(parts[0].items, tempoItem(s))
	for _, sec := range s.Sections {
		parts[0].items = append(parts[0].items, rehearsalItem(g.tick(sec.StartBeat), sec.Name))
	}
	if lead >= 0 {
		for _, c := range s.Chords {
			sym := c.Symbol
			parts[lead].items = append(parts[lead].items, item{g.tick(c.StartBeat), func(off int) string { return harmonyXML(sym, off) }})
		}
	}
	for i := range parts {
		slices.SortStableFunc(parts[i].items, func(a, b item) int { return a.at - b.at })
	}
	return parts
}

// barCount is how many bars the score fills: the song's length, or the
// last written note's end when it rings on.
func barCount(s *score.Score, g grid, parts []part) int {
	end := int(math.Round(s.TotalBeats * float64(g.perBeat)))
	for _, p := range parts {
		for _, v := range p.voices {
			if len(v) > 0 {
				end = max(end, v[len(v)-1].end)
			}
		}
	}
	if g.starts == nil {
		return max(1, (end+g.barLen-1)/g.barLen)
	}
	return max(1, g.bar(end-1)+1)
}

// clefOf is a bass clef for a part that sits low, else a treble clef.
func clefOf(notes []score.Note) string {
	if len(notes) == 0 {
		return "G"
	}
	ps := make([]int, len(notes))
	for i, n := range notes {
		ps[i] = n.Pitch
	}
	slices.Sort(ps)
	if ps[len(ps)/2] < 57 {
		return "F"
	}
	return "G"
}

// keyChanges maps the first bar of each section played in another key
// than the section before to that key's signature (bar 0 always).
func keyChanges(s *score.Score, g grid) map[int]string {
	out := map[int]string{0: keyXML(s.KeyRoot, s.Mode)}
	shift := 0
	for _, sec := range s.Sections {
		if sec.KeyShift != shift {
			out[g.bar(g.tick(sec.StartBeat))] = keyXML(s.KeyRoot+sec.KeyShift, s.Mode)
			shift = sec.KeyShift
		}
	}
	return out
}

// keyXML is the key element of a key: its parent major scale's fifths,
// and its mode where MusicXML names it.
func keyXML(root int, mode string) string {
	sf, _ := music.KeySignature(((root%12)+12)%12, mode)
	m := mode
	switch mode {
	case "harmonic minor":
		m = "minor"
	case "major", "minor", "dorian", "phrygian", "lydian", "mixolydian", "aeolian", "ionian", "locrian":
	default:
		m = "none"
	}
	return fmt.Sprintf("<key><fifths>%d</fifths><mode>%s</mode></key>", sf, m)
}

// tempoItem is the tempo mark at the start: a metronome mark in the beat
// the meter counts (a dotted quarter in 6/8) and the playback tempo in
// quarters; a swung song adds "Swing".
func tempoItem(s *score.Score) item {
	return item{0, func(off int) string {
		dot, quarters := "", s.BPM
		if s.Subdivision == 3 {
			dot, quarters = "<beat-unit-dot/>", s.BPM*1.5
		}
		var b strings.Builder
		b.WriteString(`<direction placement="above">`)
		fmt.Fprintf(&b, "<direction-type><metronome><beat-unit>quarter</beat-unit>%s<per-minute>%s</per-minute></metronome></direction-type>",
			dot, num(s.BPM))
		if s.Swing > 0 {
			b.WriteString("<direction-type><words>Swing</words></direction-type>")
		}
		writeOffset(&b, off)
		// No <swing> in the sound: MusicXML 3.1 readers (MuseScore 3)
		// would reject the file as invalid.
		fmt.Fprintf(&b, `<sound tempo="%s"/></direction>`, num(quarters))
		return b.String()
	}}
}

// rehearsalItem marks the start of a section ("Verse").
func rehearsalItem(at int, name string) item {
	label := name
	if label != "" {
		label = strings.ToUpper(label[:1]) + label[1:]
	}
	return item{at, func(off int) string {
		var b strings.Builder
		fmt.Fprintf(&b, `<direction placement="above"><direction-type><rehearsal>%s</rehearsal></direction-type>`, xmlEscape(label))
		writeOffset(&b, off)
		b.WriteString("</direction>")
		return b.String()
	}}
}

func writeOffset(b *strings.Builder, off int) {
	if off > 0 {
		fmt.Fprintf(b, "<offset>%d</offset>", off)
	}
}

// num writes a number with at most three decimals.
func num(x float64) string { return strconv.FormatFloat(math.Round(x*1000)/1000, 'f', -1, 64) }

// xmlEscape escapes text for an element or a quoted attribute.
func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}
