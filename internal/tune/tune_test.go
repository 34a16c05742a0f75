package tune_test

import (
	"encoding/base64"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/tune"
)

func TestParseABC(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		tn, err := tune.ParseABC("X:1\nT:Test\nM:3/4\nL:1/4\nQ:1/4=96\nK:G\nD | G2 B/c/ | d>c B |]\n")
		if err != nil {
			t.Fatal(err)
		}
		want := []tune.Note{{62, -1, 1}, {67, 0, 2}, {71, 2, 0.5}, {72, 2.5, 0.5}, {74, 3, 1.5}, {72, 4.5, 0.5}, {71, 5, 1}}
		if len(tn.Notes) != len(want) {
			t.Fatalf("notes %v, want %v", tn.Notes, want)
		}
		for i := range want {
			if tn.Notes[i] != want[i] {
				t.Errorf("note %d: %v, want %v", i, tn.Notes[i], want[i])
			}
		}
		if tn.Pickup != 1 || tn.Length != 6 || tn.QPM != 96 || tn.KeyRoot != 7 || tn.Mode != "major" || tn.Num != 3 || tn.Title != "Test" {
			t.Errorf("tune %+v", tn)
		}
	})
	t.Run("KeySignatureAndAccidentals", func(t *testing.T) {
		// D major: F and C sharp; =f cancels for the rest of the bar only.
		tn, err := tune.ParseABC("K:D\nL:1/4\nF c =f f | f _B, ^^C' z |")
		if err != nil {
			t.Fatal(err)
		}
		got := []int{}
		for _, n := range tn.Notes {
			got = append(got, n.Pitch)
		}
		want := []int{66, 73, 77, 77, 78, 58, 74}
		if len(got) != len(want) {
			t.Fatalf("pitches %v, want %v", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("pitches %v, want %v", got, want)
			}
		}
	})
	t.Run("RepeatsEndingsTiesTriplets", func(t *testing.T) {
		tn, err := tune.ParseABC("M:2/4\nL:1/8\nK:C\n|: C D E F |1 G4 :|2 c4- | c2 (3cBA |]")
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for _, n := range tn.Notes {
			got = append(got, n.Pitch)
		}
		want := []int{60, 62, 64, 65, 67, 60, 62, 64, 65, 72, 72, 71, 69}
		if len(got) != len(want) {
			t.Fatalf("pitches %v, want %v", got, want)
		}
		if n := tn.Notes[9]; n.At != 6 || n.Len != 3 {
			t.Errorf("tied c: %+v, want at 6 for 3", n)
		}
		if n := tn.Notes[12]; n.Len < 0.333 || n.Len > 0.334 {
			t.Errorf("triplet note %+v", n)
		}
		if math.Abs(tn.Length-10) > 1e-9 || tn.Pickup != 0 {
			t.Errorf("length %g pickup %g", tn.Length, tn.Pickup)
		}
	})
	t.Run("ChordSymbols", func(t *testing.T) {
		tn, err := tune.ParseABC("M:3/4\nL:1/4\nK:G\n\"G\"D | G2 \"^annotation\"B | \"D7\"A \"G\"G2 |]")
		if err != nil {
			t.Fatal(err)
		}
		want := []tune.Chord{{At: -1, Symbol: "G"}, {At: 3, Symbol: "D7"}, {At: 4, Symbol: "G"}}
		if len(tn.Chords) != len(want) || tn.Chords[0] != want[0] || tn.Chords[1] != want[1] || tn.Chords[2] != want[2] {
			t.Errorf("chords %v, want %v", tn.Chords, want)
		}
	})
	t.Run("NoHeader", func(t *testing.T) {
		tn, err := tune.ParseABC("A B c d | e2 e2 | A4 |")
		if err != nil {
			t.Fatal(err)
		}
		if tn.KeyGiven || tn.Mode != "minor" || tn.KeyRoot != 9 {
			t.Errorf("estimated key %d %s", tn.KeyRoot, tn.Mode)
		}
	})
	for _, c := range []struct{ name, abc, want string }{
		{"ErrNotANote", "K:C\nC D | E h |", "line 2, bar 2, 'h' is not a note"},
		{"ErrGermanH", "K:C\nC D | E H2 |", "line 2, bar 2, 'H' is not a note"},
		{"ErrTwoVoices", "X:1\nV:1\nK:C\nC D E F |\nV:2\nC,4 |", "line 5, 'V:2' starts a second voice"},
		{"ErrTwoTunes", "X:1\nK:C\nC D E F |\n\nX:2\nK:G\nG A B c |", "line 5, 'X:2' starts a second tune"},
		{"ErrKey", "K:Q\nC", "line 1, 'K:Q' is not a key"},
		{"ErrMeter", "M:5/4\nK:C\nC D E F G |", "is in 5/4"},
		{"ErrEmpty", "K:C\nz4 |", "has no notes"},
		{"ErrChord", "K:C\n[CEG", "opens a chord that is not closed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := tune.ParseABC(c.abc)
			var te *tune.Error
			if !errors.As(err, &te) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want one saying %q", err, c.want)
			}
		})
	}
}

// smf builds a format-1 MIDI file: a meta track (tempo 100 bpm, 6/8, E
// minor) and a track with drums and a two-note chord then a note.
func smf() []byte {
	hdr := []byte{'M', 'T', 'h', 'd', 0, 0, 0, 6, 0, 1, 0, 2, 0x01, 0xE0} // 480 ticks
	meta := []byte{0, 0xFF, 0x51, 3, 0x09, 0x27, 0xC0, 0, 0xFF, 0x58, 4, 6, 3, 24, 8, 0, 0xFF, 0x59, 2, 1, 1, 0, 0xFF, 0x2F, 0}
	notes := []byte{0, 0x99, 36, 100, 0, 0x90, 64, 90, 0, 67, 90, 0x83, 0x60, 0x80, 64, 0, 0, 67, 0, 0, 0x90, 71, 80,
		0x87, 0x40, 71, 0, 0, 0xFF, 0x2F, 0}
	chunk := func(b []byte) []byte {
		return append([]byte{'M', 'T', 'r', 'k', 0, 0, byte(len(b) >> 8), byte(len(b))}, b...)
	}
	return append(append(hdr, chunk(meta)...), chunk(notes)...)
}

func TestParseMIDI(t *testing.T) {
	tn, err := tune.Read(tune.Source{MIDI: base64.StdEncoding.EncodeToString(smf()), Transpose: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := []tune.Note{{69, 0, 1}, {73, 1, 2}}
	if len(tn.Notes) != 2 || tn.Notes[0] != want[0] || tn.Notes[1] != want[1] {
		t.Fatalf("notes %v, want %v", tn.Notes, want)
	}
	if tn.QPM != 100 || tn.Num != 6 || tn.Den != 8 || tn.KeyRoot != 6 || tn.Mode != "minor" || tn.Length != 3 {
		t.Errorf("tune %+v", tn)
	}
	if _, err := tune.ParseMIDI(smf()[:30], 0); err == nil || !strings.Contains(err.Error(), "malformed") && !strings.Contains(err.Error(), "past the end") {
		t.Errorf("cut file: %v", err)
	}
	if _, err := tune.ParseMIDI(smf(), 3); err == nil || !strings.Contains(err.Error(), "track 3") {
		t.Errorf("track 3: %v", err)
	}
}

// FuzzParseABC: any text reads or is an *Error, never a panic, and a tune
// read is within bounds.
func FuzzParseABC(f *testing.F) {
	for _, s := range []string{"X:1\nM:6/8\nL:1/8\nK:G\n|:dc|BGG DGG:|2 [CEG]2 (3abc A>B z2 Z |]", "K:Ddor\n[K:C] ^^c,, __B'' =f/// \"Am\"!p!{g}A-A |1 B :| [2 c ||", "C3/2 (2:3:2AB x4 y H L . ~G"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tn, err := tune.ParseABC(s)
		var te *tune.Error
		if err != nil && !errors.As(err, &te) {
			t.Fatalf("error %v is no *tune.Error", err)
		}
		if err == nil && (len(tn.Notes) == 0 || len(tn.Notes) > tune.MaxNotes) {
			t.Fatalf("%d notes read", len(tn.Notes))
		}
	})
}

// FuzzParseMIDI: any bytes read or are an *Error, never a panic.
func FuzzParseMIDI(f *testing.F) {
	f.Add(smf(), 0)
	f.Add(smf()[:40], 2)
	f.Fuzz(func(t *testing.T, b []byte, track int) {
		_, err := tune.ParseMIDI(b, track)
		var te *tune.Error
		if err != nil && !errors.As(err, &te) {
			t.Fatalf("error %v is no *tune.Error", err)
		}
	})
}
