// Package tune reads the melody a request gives (issue 30 item 2): an
// ABC tune body (the subset docs/api-extensions.md lists) or a standard
// MIDI file, into notes timed in quarter notes from the tune's first
// downbeat, with its meter, key, tempo and pickup. It is standard library
// only, so the request schema checks melodies with it; the composer
// (internal/music) arranges the notes.
package tune

import (
	"encoding/base64"
	"fmt"
	"math"
	"slices"
)

// Bounds of a melody a request may give.
const (
	// MaxABCLen bounds an ABC tune's text (16 KiB).
	MaxABCLen = 16 << 10
	// MaxMIDIBytes bounds a MIDI file, decoded (64 KiB).
	MaxMIDIBytes = 64 << 10
	// MaxNotes bounds the notes of a tune, its repeats played out.
	MaxNotes = 2000
	// MaxQuarters bounds a tune's length, repeats played out: 1,200
	// quarter notes (5 minutes at 240 bpm).
	MaxQuarters = 1200
	// MaxTranspose bounds the transposition in semitones, either way.
	MaxTranspose = 24
)

// Note is one note of the melody.
type Note struct {
	Pitch int     // MIDI note number
	At    float64 // onset in quarter notes from the first downbeat (negative in a pickup)
	Len   float64 // written length in quarter notes
}

// Chord is a chord symbol an ABC tune writes over its notes ("Am", "G7").
type Chord struct {
	At     float64 // quarter notes from the first downbeat
	Symbol string  // as written, unchecked
}

// Tune is a melody read from ABC or MIDI, repeats played out.
type Tune struct {
	Title string
	Notes []Note // in onset order, one at a time (rests left out)
	// Chords are the ABC's chord symbols, in order, as written (not
	// transposed: the composer moves their letter roots with the notes).
	Chords []Chord
	// Num and Den are the time signature as written (6 and 8 for 6/8).
	Num, Den int
	// Pickup is the length of the anacrusis before the first downbeat,
	// in quarter notes (0 for none).
	Pickup float64
	// Length is the tune's length from its first downbeat to its end, in
	// quarter notes (its last bar as written, which may be short).
	Length float64
	// KeyRoot (pitch class) and Mode are the key signature's, or the key
	// estimated from the notes when the tune has none (KeyGiven false).
	KeyRoot  int
	Mode     string
	KeyGiven bool
	// QPM is the tempo in quarter notes a minute; 0 when the tune gives none.
	QPM float64
}

// Source is a melody as a request gives it: ABC text or a base64 MIDI
// file, the track of the MIDI file (1-based; 0: the first with notes) and
// a transposition in semitones.
type Source struct {
	ABC       string `json:"abc,omitempty"`
	MIDI      string `json:"midi,omitempty"`
	Track     int    `json:"track,omitempty"`
	Transpose int    `json:"transpose,omitempty"`
}

// Error is a melody that does not read: where (a line and bar of ABC
// text, a track of a MIDI file; 0 where it does not apply) and why.
type Error struct {
	Line, Bar int
	Token     string // the text that does not read ("" for none)
	Reason    string
}

// Error names the place and the reason, as the request's 400 says it.
func (e *Error) Error() string {
	where := ""
	if e.Line > 0 {
		where = fmt.Sprintf("line %d, ", e.Line)
	}
	if e.Bar > 0 {
		where += fmt.Sprintf("bar %d, ", e.Bar)
	}
	if e.Token != "" {
		return fmt.Sprintf("%s'%s' %s", where, e.Token, e.Reason)
	}
	return where + e.Reason
}

// Read reads a Source: its ABC or its MIDI file (exactly one), then
// transposes it. An error is an *Error.
func Read(s Source) (Tune, error) {
	var t Tune
	var err error
	switch {
	case s.ABC != "" && s.MIDI != "":
		return t, &Error{Reason: "gives both abc and midi: give one"}
	case s.ABC != "":
		if len(s.ABC) > MaxABCLen {
			return t, &Error{Reason: fmt.Sprintf("abc is longer than %d bytes", MaxABCLen)}
		}
		t, err = ParseABC(s.ABC)
	case s.MIDI != "":
		if len(s.MIDI) > base64.StdEncoding.EncodedLen(MaxMIDIBytes) {
			return t, &Error{Reason: fmt.Sprintf("the MIDI file is larger than %d bytes", MaxMIDIBytes)}
		}
		raw, derr := base64.StdEncoding.DecodeString(s.MIDI)
		if derr != nil {
			return t, &Error{Reason: "midi is not base64 (standard alphabet, padded)"}
		}
		t, err = ParseMIDI(raw, s.Track)
	default:
		return t, &Error{Reason: "gives no notes: give abc or midi"}
	}
	if err != nil {
		return t, err
	}
	if s.Transpose < -MaxTranspose || s.Transpose > MaxTranspose {
		return t, &Error{Reason: fmt.Sprintf("transpose must be from %d to %d semitones", -MaxTranspose, MaxTranspose)}
	}
	return t.Transposed(s.Transpose)
}

// Transposed is the tune moved by semis semitones, key and notes; an
// error when a note leaves the MIDI range 21..108 (piano keys).
func (t Tune) Transposed(semis int) (Tune, error) {
	t.Notes = slices.Clone(t.Notes)
	for i := range t.Notes {
		t.Notes[i].Pitch += semis
		if p := t.Notes[i].Pitch; (p < 21 || p > 108) && semis == 0 {
			return t, &Error{Reason: fmt.Sprintf("note %d is outside the piano's range (A0 to C8)", i+1)}
		} else if p < 21 || p > 108 {
			return t, &Error{Reason: fmt.Sprintf("note %d leaves the piano's range (A0 to C8) transposed by %d", i+1, semis)}
		}
	}
	t.KeyRoot = ((t.KeyRoot+semis)%12 + 12) % 12
	return t, nil
}

// BarQuarters is the length of one bar of the tune's meter in quarter notes.
func (t Tune) BarQuarters() float64 { return 4 * float64(t.Num) / float64(t.Den) }

// check bounds a read tune: notes, length and a meter the composer plays.
func (t *Tune) check() error {
	if len(t.Notes) == 0 {
		return &Error{Reason: "has no notes"}
	}
	if len(t.Notes) > MaxNotes {
		return &Error{Reason: fmt.Sprintf("has %d notes; at most %d (repeats played out)", len(t.Notes), MaxNotes)}
	}
	if t.Pickup+t.Length > MaxQuarters {
		return &Error{Reason: fmt.Sprintf("lasts %g quarter notes; at most %d (repeats played out)", math.Round(t.Pickup+t.Length), MaxQuarters)}
	}
	if !MeterPlayed(t.Num, t.Den) {
		return &Error{Reason: fmt.Sprintf("is in %d/%d: the meters played are 4/4, 2/4, 2/2, 3/4, 6/8 and 12/8", t.Num, t.Den)}
	}
	if !t.KeyGiven {
		t.KeyRoot, t.Mode = EstimateKey(t.Notes)
	}
	return nil
}

// MeterPlayed reports whether the composer plays a tune in num/den.
func MeterPlayed(num, den int) bool {
	switch [2]int{num, den} {
	case [2]int{4, 4}, [2]int{2, 4}, [2]int{2, 2}, [2]int{3, 4}, [2]int{6, 8}, [2]int{12, 8}:
		return true
	}
	return false
}

// major and minor key profiles (Krumhansl-Kessler).
var (
	majorProfile = [12]float64{6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88}
	minorProfile = [12]float64{6.33, 2.68, 3.52, 5.38, 2.60, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17}
)

// EstimateKey is the major or minor key whose profile best matches the
// notes' durations per pitch class, with the last note's pitch class (a
// tune ends on its tonic more often than not) weighed in.
func EstimateKey(notes []Note) (root int, mode string) {
	var h [12]float64
	for _, n := range notes {
		h[((n.Pitch%12)+12)%12] += math.Min(n.Len, 4)
	}
	if len(notes) > 0 {
		h[((notes[len(notes)-1].Pitch%12)+12)%12] += 2
	}
	best := math.Inf(-1)
	root, mode = 0, "major"
	for r := 0; r < 12; r++ {
		for _, m := range []string{"major", "minor"} {
			prof := majorProfile
			if m == "minor" {
				prof = minorProfile
			}
			s := 0.0
			for pc := 0; pc < 12; pc++ {
				s += h[(pc+r)%12] * prof[pc]
			}
			if s > best+1e-9 {
				best, root, mode = s, r, m
			}
		}
	}
	return root, mode
}
