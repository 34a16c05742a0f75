package notation_test

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// xNote is a MusicXML note as the reader needs it.
type xNote struct {
	Chord *struct{} `xml:"chord"`
	Rest  *struct{} `xml:"rest"`
	Pitch *struct {
		Step   string `xml:"step"`
		Alter  int    `xml:"alter"`
		Octave int    `xml:"octave"`
	} `xml:"pitch"`
	Unpitched *struct{} `xml:"unpitched"`
	Duration  int       `xml:"duration"`
	Ties      []struct {
		Type string `xml:"type,attr"`
	} `xml:"tie"`
	Instrument *struct {
		ID string `xml:"id,attr"`
	} `xml:"instrument"`
	Voice   int        `xml:"voice"`
	Type    string     `xml:"type"`
	Dots    []struct{} `xml:"dot"`
	TimeMod *struct {
		Actual int `xml:"actual-notes"`
		Normal int `xml:"normal-notes"`
	} `xml:"time-modification"`
}

// readNote is one note read back: tied values merged into one.
type readNote struct {
	voice, key int
	start, end int
}

// readScore is what readMusicXML found.
type readScore struct {
	parts    [][]readNote // per part, in the order written
	harmony  []string     // chord symbols' root steps and kinds, in order
	marks    []string     // rehearsal marks
	beats    int          // time signature
	beatType int
	keys     int // key elements seen (the start and key changes, every part)
}

var stepPC = map[string]int{"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}

var typeDivs = map[string]float64{"whole": 48, "half": 24, "quarter": 12, "eighth": 6, "16th": 3, "32nd": 1.5}

// reader is the state of readMusicXML: where it is in the part and bar.
type reader struct {
	t                     *testing.T
	dec                   *xml.Decoder
	rs                    readScore
	unpitched             map[string]int // instrument id -> drum key
	notes                 []readNote     // of the part being read
	open                  map[[2]int]int // voice, key -> index of the note a tie continues
	pos, barStart, barLen int
	divisions, lastStart  int
	measure               string
}

// readMusicXML parses a score Write wrote and checks its timing as it
// goes: every note's duration matches its type, dots and tuplet, every
// voice fills its bar exactly.
func readMusicXML(t *testing.T, data []byte) readScore {
	t.Helper()
	r := &reader{t: t, dec: xml.NewDecoder(bytes.NewReader(data)), unpitched: map[string]int{}}
	for {
		tok, err := r.dec.Token()
		if err == io.EOF {
			return r.rs
		}
		if err != nil {
			t.Fatal(err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			r.start(e)
		case xml.EndElement:
			switch e.Name.Local {
			case "measure":
				r.endVoice("the end of the bar")
			case "part":
				r.rs.parts = append(r.rs.parts, r.notes)
			}
		}
	}
}

func (r *reader) decode(v any, e xml.StartElement) {
	if err := r.dec.DecodeElement(v, &e); err != nil {
		r.t.Fatal(err)
	}
}

func (r *reader) endVoice(what string) {
	if r.pos != r.barStart+r.barLen {
		r.t.Fatalf("measure %s: a voice ends at %d before %s, the bar at %d", r.measure, r.pos-r.barStart, what, r.barLen)
	}
}

// start reads the element e starts.
func (r *reader) start(e xml.StartElement) {
	switch e.Name.Local {
	case "midi-instrument":
		var mi struct {
			ID        string `xml:"id,attr"`
			Unpitched int    `xml:"midi-unpitched"`
		}
		r.decode(&mi, e)
		if mi.Unpitched > 0 {
			r.unpitched[mi.ID] = mi.Unpitched - 1
		}
	case "part":
		r.notes, r.open, r.pos, r.barStart, r.barLen = nil, map[[2]int]int{}, 0, 0, 0
	case "measure":
		r.measure, r.barStart = attr(e, "number"), r.pos
	case "divisions":
		r.decode(&r.divisions, e)
	case "time":
		var ts struct {
			Beats    int `xml:"beats"`
			BeatType int `xml:"beat-type"`
		}
		r.decode(&ts, e)
		r.rs.beats, r.rs.beatType = ts.Beats, ts.BeatType
		r.barLen = ts.Beats * r.divisions * 4 / ts.BeatType
	case "key":
		r.rs.keys++
	case "rehearsal":
		var s string
		r.decode(&s, e)
		r.rs.marks = append(r.rs.marks, s)
	case "harmony":
		var h struct {
			Step string `xml:"root>root-step"`
			Kind struct {
				Text string `xml:"text,attr"`
			} `xml:"kind"`
			Bass string `xml:"bass>bass-step"`
		}
		r.decode(&h, e)
		r.rs.harmony = append(r.rs.harmony, h.Step+"|"+h.Kind.Text+"|"+h.Bass)
	case "backup", "forward":
		var d struct {
			Duration int `xml:"duration"`
		}
		r.decode(&d, e)
		if e.Name.Local == "backup" {
			r.endVoice("a backup")
			d.Duration = -d.Duration
		}
		r.pos += d.Duration
	case "note":
		var n xNote
		r.decode(&n, e)
		r.note(n)
	}
}

// note reads one note or rest: a note tied from the one before it extends
// that note.
func (r *reader) note(n xNote) {
	checkValue(r.t, r.measure, n)
	start := r.pos
	if n.Chord != nil {
		start = r.lastStart
	} else {
		r.pos += n.Duration
		r.lastStart = start
	}
	if n.Rest != nil {
		return
	}
	key := 0
	switch {
	case n.Pitch != nil:
		key = (n.Pitch.Octave+1)*12 + stepPC[n.Pitch.Step] + n.Pitch.Alter
	case n.Unpitched != nil && n.Instrument != nil:
		key = r.unpitched[n.Instrument.ID]
	default:
		r.t.Fatalf("measure %s: a note without pitch or instrument", r.measure)
	}
	stop := false
	for _, tie := range n.Ties {
		stop = stop || tie.Type == "stop"
	}
	id := [2]int{n.Voice, key}
	if i, ok := r.open[id]; ok && stop && r.notes[i].end == start {
		r.notes[i].end = start + n.Duration
		return
	} else if stop {
		r.t.Fatalf("measure %s: a tie stops on key %d at %d with no note tied to it", r.measure, key, start)
	}
	r.open[id] = len(r.notes)
	r.notes = append(r.notes, readNote{voice: n.Voice, key: key, start: start, end: start + n.Duration})
}

// checkValue fails when a note's duration is not what its type, dots and
// tuplet make it.
func checkValue(t *testing.T, measure string, n xNote) {
	t.Helper()
	if n.Type == "" { // a whole-bar rest
		if n.Rest == nil {
			t.Fatalf("measure %s: a note without type", measure)
		}
		return
	}
	d, ok := typeDivs[n.Type]
	if !ok {
		t.Fatalf("measure %s: unknown type %q", measure, n.Type)
	}
	add := d
	for range n.Dots {
		add /= 2
		d += add
	}
	if n.TimeMod != nil {
		d = d * float64(n.TimeMod.Normal) / float64(n.TimeMod.Actual)
	}
	if d != float64(n.Duration) {
		t.Fatalf("measure %s: a %s (%d dots, tuplet %v) lasts %d divisions, want %v", measure, n.Type, len(n.Dots), n.TimeMod != nil, n.Duration, d)
	}
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// midiNote is one note of a Standard MIDI File: its track (0 is the
// tempo track), key, channel and ticks.
type midiNote struct {
	track, key, channel int
	on, off             int
}

// readMIDI returns the notes of a Standard MIDI File written by
// music.WriteMIDI (no running status) and its division.
func readMIDI(t *testing.T, b []byte) ([]midiNote, int) {
	t.Helper()
	if len(b) < 14 || string(b[:4]) != "MThd" {
		t.Fatal("not a MIDI file")
	}
	division := int(binary.BigEndian.Uint16(b[12:]))
	b = b[14:]
	var out []midiNote
	for track := 0; len(b) > 0; track++ {
		n := int(binary.BigEndian.Uint32(b[4:]))
		body := b[8 : 8+n]
		b = b[8+n:]
		tick := 0
		open := map[[2]int][]int{} // channel, key -> indices of sounding notes
		for len(body) > 0 {
			d := 0
			for {
				c := body[0]
				body = body[1:]
				d = d<<7 | int(c&0x7F)
				if c&0x80 == 0 {
					break
				}
			}
			tick += d
			st := body[0]
			switch {
			case st == 0xFF:
				body = body[3+int(body[2]):]
			case st&0xF0 == 0x90 && body[2] > 0:
				k := [2]int{int(st & 0x0F), int(body[1])}
				open[k] = append(open[k], len(out))
				out = append(out, midiNote{track: track, key: int(body[1]), channel: int(st & 0x0F), on: tick, off: tick})
				body = body[3:]
			case st&0xF0 == 0x80 || st&0xF0 == 0x90:
				k := [2]int{int(st & 0x0F), int(body[1])}
				if len(open[k]) > 0 {
					out[open[k][0]].off = tick
					open[k] = open[k][1:]
				}
				body = body[3:]
			case st&0xF0 == 0xC0:
				body = body[2:]
			case st&0xF0 == 0xB0 || st&0xF0 == 0xE0: // the players' controllers and pitch bend
				body = body[3:]
			default:
				t.Fatalf("unexpected MIDI status %#x", st)
			}
		}
	}
	return out, division
}

// joined lists strings for messages.
func joined(ss []string) string { return strings.Join(ss, " ") }
