package tune

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
)

// A standard MIDI file (format 0 or 1, ticks per quarter note): the
// melody is the track asked for (1-based), else the first track with
// notes outside the drum channel (10). Its first tempo, time signature
// and key signature set the tune's; it starts on a downbeat at tick 0
// (whole empty bars before the first note are dropped). Where the track
// plays more than one note at once, the highest is the melody and a
// note is cut where the next begins.

// midiTrack is one track's notes and the file's meta events found in it.
type midiTrack struct {
	notes []Note // At and Len in ticks; drum-channel notes left out
	drums bool   // only drums (channel 10) play in it
}

// midiFile is what the reader keeps of a file.
type midiFile struct {
	division       int
	tracks         []midiTrack
	tempo          int // microseconds a quarter note; 0 for none
	num, den       int
	keyFifths      int
	keyMinor, sigs bool
}

// ParseMIDI reads a standard MIDI file's melody: the track'th track
// (1-based; 0 for the first with melodic notes). An error is an *Error.
func ParseMIDI(raw []byte, track int) (Tune, error) {
	var t Tune
	if len(raw) > MaxMIDIBytes {
		return t, &Error{Reason: fmt.Sprintf("the MIDI file is larger than %d bytes", MaxMIDIBytes)}
	}
	f, err := readSMF(raw)
	if err != nil {
		return t, err
	}
	pick := -1
	if track > 0 {
		if track > len(f.tracks) {
			return t, &Error{Reason: fmt.Sprintf("track %d is not in the MIDI file: it has %d", track, len(f.tracks))}
		}
		pick = track - 1
	} else {
		for i, tr := range f.tracks {
			if len(tr.notes) > 0 && !tr.drums {
				pick = i
				break
			}
		}
	}
	if pick < 0 || len(f.tracks[pick].notes) == 0 {
		return t, &Error{Reason: "the MIDI file has no melodic notes (drums on channel 10 are not a melody)"}
	}
	t.Num, t.Den, t.Mode = 4, 4, "major"
	if f.num > 0 && f.den > 0 {
		t.Num, t.Den = f.num, f.den
	}
	if f.tempo > 0 {
		t.QPM = math.Round(60e6/float64(f.tempo)*100) / 100
	}
	if f.sigs {
		t.KeyRoot, t.Mode, t.KeyGiven = keyOfSignature(f.keyFifths, f.keyMinor)
	}
	t.Notes = skyline(f.tracks[pick].notes, float64(f.division))
	bar := t.BarQuarters()
	if skip := math.Floor(t.Notes[0].At/bar+1e-9) * bar; skip > 0 {
		for i := range t.Notes {
			t.Notes[i].At -= skip
		}
	}
	last := t.Notes[len(t.Notes)-1]
	t.Length = math.Ceil((last.At+last.Len)/bar-1e-9) * bar
	return t, t.check()
}

// keyOfSignature is the key a MIDI key signature names.
func keyOfSignature(fifths int, minor bool) (int, string, bool) {
	root := ((fifths*7)%12 + 12) % 12
	if minor {
		return (root + 9) % 12, "minor", true
	}
	return root, "major", true
}

// skyline keeps the highest of notes that start together, cuts each note
// where the next starts, and turns ticks into quarter notes (to 1/480).
func skyline(notes []Note, div float64) []Note {
	slices.SortStableFunc(notes, func(a, b Note) int {
		if c := cmp.Compare(a.At, b.At); c != 0 {
			return c
		}
		return b.Pitch - a.Pitch
	})
	var out []Note
	for _, n := range notes {
		if len(out) > 0 && out[len(out)-1].At == n.At {
			continue
		}
		out = append(out, n)
	}
	q := func(ticks float64) float64 { return math.Round(ticks/div*480) / 480 }
	for i := range out {
		end := out[i].At + out[i].Len
		if i+1 < len(out) && end > out[i+1].At {
			end = out[i+1].At
		}
		out[i].At, out[i].Len = q(out[i].At), max(q(end)-q(out[i].At), 1.0/480)
	}
	return out
}

// readSMF reads the chunks of a standard MIDI file.
func readSMF(b []byte) (midiFile, error) {
	var f midiFile
	bad := func(why string) (midiFile, error) {
		return f, &Error{Reason: "is not a standard MIDI file: " + why}
	}
	if len(b) < 14 || string(b[:4]) != "MThd" || binary.BigEndian.Uint32(b[4:8]) < 6 {
		return bad("no MThd header")
	}
	format, ntrk, div := binary.BigEndian.Uint16(b[8:10]), int(binary.BigEndian.Uint16(b[10:12])), binary.BigEndian.Uint16(b[12:14])
	if format > 1 {
		return bad("format 2 (independent sequences) is not read; save as format 0 or 1")
	}
	if div&0x8000 != 0 || div == 0 {
		return bad("SMPTE time division is not read; save with ticks per quarter note")
	}
	f.division = int(div)
	pos := 8 + int(binary.BigEndian.Uint32(b[4:8]))
	for k := 0; k < ntrk && pos+8 <= len(b); k++ {
		n := int(binary.BigEndian.Uint32(b[pos+4 : pos+8]))
		if pos+8+n > len(b) || n < 0 {
			return bad(fmt.Sprintf("track %d runs past the end of the file", k+1))
		}
		if string(b[pos:pos+4]) == "MTrk" {
			tr, err := f.readTrack(b[pos+8:pos+8+n], k+1)
			if err != nil {
				return f, err
			}
			f.tracks = append(f.tracks, tr)
		}
		pos += 8 + n
	}
	if len(f.tracks) == 0 {
		return bad("no tracks")
	}
	return f, nil
}

// readTrack reads one track's events: notes, and the first tempo, time
// and key signatures of the file.
func (f *midiFile) readTrack(b []byte, num int) (midiTrack, error) {
	var tr midiTrack
	bad := &Error{Reason: fmt.Sprintf("track %d of the MIDI file is cut short or malformed", num)}
	open := map[[2]int]int{} // channel, pitch -> index in tr.notes
	tick, i, status, drums := 0, 0, byte(0), false
	for i < len(b) {
		d, n := varint(b[i:])
		if n == 0 {
			return tr, bad
		}
		tick, i = tick+d, i+n
		if i >= len(b) {
			return tr, bad
		}
		if b[i]&0x80 != 0 {
			status = b[i]
			i++
		} else if status == 0 || status >= 0xF0 {
			return tr, bad
		}
		switch {
		case status == 0xFF:
			if i+1 > len(b) {
				return tr, bad
			}
			typ := b[i]
			l, m := varint(b[i+1:])
			if m == 0 || i+1+m+l > len(b) {
				return tr, bad
			}
			f.meta(typ, b[i+1+m:i+1+m+l])
			i += 1 + m + l
			status = 0
		case status == 0xF0 || status == 0xF7:
			l, m := varint(b[i:])
			if m == 0 || i+m+l > len(b) {
				return tr, bad
			}
			i += m + l
			status = 0
		default:
			size := 2
			if hi := status & 0xF0; hi == 0xC0 || hi == 0xD0 {
				size = 1
			}
			if i+size > len(b) {
				return tr, bad
			}
			drums = drums || status&0x0F == 9
			tr.channelEvent(open, status, b[i:i+size], tick)
			if len(tr.notes) > MaxNotes {
				return tr, &Error{Reason: fmt.Sprintf("track %d has more than %d notes", num, MaxNotes)}
			}
			i += size
		}
	}
	for _, j := range open {
		tr.notes[j].Len = max(float64(tick)-tr.notes[j].At, 1)
	}
	tr.drums = drums && len(tr.notes) == 0
	return tr, nil
}

// channelEvent ends a sounding note (a note off, or a note on of the
// same key) and starts one (a note on, outside the drum channel).
func (tr *midiTrack) channelEvent(open map[[2]int]int, status byte, d []byte, tick int) {
	ch, hi := int(status&0x0F), status&0xF0
	if hi != 0x90 && hi != 0x80 {
		return
	}
	key := [2]int{ch, int(d[0])}
	if j, ok := open[key]; ok {
		tr.notes[j].Len = float64(tick) - tr.notes[j].At
		delete(open, key)
	}
	if hi == 0x90 && d[1] > 0 && ch != 9 {
		open[key] = len(tr.notes)
		tr.notes = append(tr.notes, Note{Pitch: int(d[0]), At: float64(tick)})
	}
}

// meta keeps the first tempo, time signature and key signature.
func (f *midiFile) meta(typ byte, d []byte) {
	switch {
	case typ == 0x51 && len(d) == 3 && f.tempo == 0:
		f.tempo = int(d[0])<<16 | int(d[1])<<8 | int(d[2])
	case typ == 0x58 && len(d) >= 2 && f.num == 0 && d[1] < 7:
		f.num, f.den = int(d[0]), 1<<d[1]
	case typ == 0x59 && len(d) == 2 && !f.sigs:
		f.keyFifths, f.keyMinor, f.sigs = int(int8(d[0])), d[1] == 1, true
	}
}

// varint reads a variable-length quantity; n is 0 when it does not read.
func varint(b []byte) (v, n int) {
	for n < len(b) && n < 4 {
		v = v<<7 | int(b[n]&0x7F)
		n++
		if b[n-1]&0x80 == 0 {
			return v, n
		}
	}
	return 0, 0
}
