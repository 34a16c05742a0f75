package music_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
)

// smf is what readSMF found in a Standard MIDI File.
type smf struct {
	format, tracks, division int
	noteOns                  []int // per MTrk chunk
	drumOns                  int   // note-ons on channel 10
	programs                 int
	tempoUS                  int
	names                    []string // track names (meta 0x03), in order
	instruments              []string // instrument names (meta 0x04)
	keySig                   []byte   // the key signature's two bytes
}

// readSMF parses a Standard MIDI File without running status (WriteMIDI
// never uses it) and fails the test on any structural error.
func readSMF(t *testing.T, b []byte) smf {
	t.Helper()
	var f smf
	if len(b) < 14 || string(b[:4]) != "MThd" || binary.BigEndian.Uint32(b[4:]) != 6 {
		t.Fatalf("bad header % x", b[:min(len(b), 14)])
	}
	f.format = int(binary.BigEndian.Uint16(b[8:]))
	f.tracks = int(binary.BigEndian.Uint16(b[10:]))
	f.division = int(binary.BigEndian.Uint16(b[12:]))
	b = b[14:]
	for len(b) > 0 {
		if len(b) < 8 || string(b[:4]) != "MTrk" {
			t.Fatalf("expected MTrk chunk, got % x", b[:min(len(b), 8)])
		}
		n := int(binary.BigEndian.Uint32(b[4:]))
		body := b[8 : 8+n]
		b = b[8+n:]
		ons, ended := 0, false
		for len(body) > 0 {
			for body[0]&0x80 != 0 { // delta time
				body = body[1:]
			}
			body = body[1:]
			st := body[0]
			switch {
			case st == 0xFF:
				typ, l := body[1], int(body[2])
				if typ == 0x51 {
					f.tempoUS = int(body[3])<<16 | int(body[4])<<8 | int(body[5])
				}
				switch typ {
				case 0x2F:
					ended = true
				case 0x03:
					f.names = append(f.names, string(body[3:3+l]))
				case 0x04:
					f.instruments = append(f.instruments, string(body[3:3+l]))
				case 0x59:
					f.keySig = append([]byte(nil), body[3:3+l]...)
				}
				body = body[3+l:]
			case st&0xF0 == 0x90:
				if body[2] == 0 {
					t.Fatal("note-on with velocity 0")
				}
				ons++
				if st&0x0F == 9 {
					f.drumOns++
				}
				body = body[3:]
			case st&0xF0 == 0x80:
				body = body[3:]
			case st&0xF0 == 0xC0:
				f.programs++
				body = body[2:]
			default:
				t.Fatalf("unexpected status %#x", st)
			}
			if ended && len(body) > 0 {
				t.Fatal("events after end of track")
			}
		}
		if !ended {
			t.Fatal("track without end-of-track event")
		}
		f.noteOns = append(f.noteOns, ons)
	}
	return f
}

func TestWriteMIDI(t *testing.T) {
	s := music.Compose(reader.Parse("funk with organ and brass, 120 bpm, 30 seconds"), 5)
	var buf bytes.Buffer
	if err := music.WriteMIDI(&buf, s, "Brass Heat"); err != nil {
		t.Fatal(err)
	}
	f := readSMF(t, buf.Bytes())
	if len(f.names) != len(s.Tracks)+1 || f.names[0] != "Brass Heat" {
		t.Fatalf("track names %q, want the title first and one per part", f.names)
	}
	if len(f.instruments) != len(s.Tracks) {
		t.Fatalf("instrument names %q, want one per part", f.instruments)
	}
	if len(f.keySig) != 2 {
		t.Fatalf("no key signature")
	}
	if f.format != 1 || f.tracks != len(s.Tracks)+1 || len(f.noteOns) != f.tracks || f.division != music.MIDIDivision {
		t.Fatalf("format %d tracks %d chunks %d division %d, want 1 %d", f.format, f.tracks, len(f.noteOns), f.division, len(s.Tracks)+1)
	}
	if f.tempoUS != 500000 {
		t.Fatalf("tempo %d µs per quarter, want 500000 for 120 bpm", f.tempoUS)
	}
	drums := 0
	for i, tr := range s.Tracks {
		if got, want := f.noteOns[i+1], len(tr.Notes)+len(tr.Hits); got != want {
			t.Fatalf("track %s: %d note-ons, want %d", tr.Name, got, want)
		}
		if tr.Instrument == score.Drums {
			drums += len(tr.Hits)
		}
	}
	if drums == 0 || f.drumOns != drums {
		t.Fatalf("%d drum note-ons on channel 10, want %d", f.drumOns, drums)
	}
	if f.programs != len(s.Tracks)-1 {
		t.Fatalf("%d program changes, want one per pitched track (%d)", f.programs, len(s.Tracks)-1)
	}
}

// The key signature is the parent major scale's sharps or flats, minor
// keys marked minor.
func TestMIDIKeySignature(t *testing.T) {
	for _, c := range []struct {
		root   int
		mode   string
		sharps int8
		minor  byte
	}{
		{0, "major", 0, 0}, {2, "minor", -1, 1}, {9, "minor", 0, 1}, {7, "major", 1, 0},
		{10, "major", -2, 0}, {6, "minor", 3, 1}, {2, "dorian", 0, 0}, {4, "phrygian", 0, 0},
		{5, "lydian", 0, 0}, {7, "mixolydian", 0, 0}, {11, "locrian", 0, 0}, {1, "major", -5, 0},
		{6, "major", 6, 0}, {4, "harmonic minor", 1, 1},
	} {
		s := &score.Score{BPM: 100, BeatsPerBar: 4, KeyRoot: c.root, Mode: c.mode, TotalBeats: 4}
		var buf bytes.Buffer
		if err := music.WriteMIDI(&buf, s, "t"); err != nil {
			t.Fatal(err)
		}
		f := readSMF(t, buf.Bytes())
		if len(f.keySig) != 2 || int8(f.keySig[0]) != c.sharps || f.keySig[1] != c.minor {
			t.Errorf("%d %s: key signature % x, want %d sharps, minor %d", c.root, c.mode, f.keySig, c.sharps, c.minor)
		}
	}
}
