package request

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/songsmith/songsmith/internal/tune"
)

// Melody (issue 30 item 2): a request may give the tune the song is
// arranged around, {"abc": "X:1\nK:G\n..."} or {"midi": "<base64 of a
// standard MIDI file>"} (with "track", 1-based), and "transpose" in
// semitones. The option holds it as canonical JSON (tune.Source).

// checkMelody reads "melody" (internal/tune) and returns it canonical, or
// the *Error that names what does not read and where.
func checkMelody(raw json.RawMessage) (json.RawMessage, error) {
	src, err := MelodySource(raw)
	if err != nil {
		return nil, err
	}
	if _, err := tune.Read(src); err != nil {
		var te *tune.Error
		if errors.As(err, &te) {
			return nil, errorf("'melody': %s.", te)
		}
		return nil, errorf("'melody' does not read: %s.", err)
	}
	return json.Marshal(src)
}

// MelodySource decodes the melody option's JSON (canonical or as a
// request gives it): an object of abc or midi, track and transpose.
func MelodySource(raw json.RawMessage) (tune.Source, error) {
	var src tune.Source
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if dec.Decode(&src) != nil {
		return src, errorf(`'melody' must be an object such as {"abc": "X:1\nM:4/4\nL:1/4\nK:C\nC D E F | G2 G2 |"} or {"midi": "<base64 of a MIDI file>", "track": 1}, with an optional "transpose" in semitones.`)
	}
	if src.Track < 0 || src.Track > 64 {
		return src, errorf("'melody.track' must be an integer from 1 to 64.")
	}
	return src, nil
}

// melodyRow is the options-table row of "melody".
var melodyRow = OptionSpec{Name: "melody", Type: TypeObject, Check: checkMelody,
	Default: "the composer's melody",
	Description: fmt.Sprintf(`a tune to arrange, played by the lead as written: {"abc": "X:1\nK:G\nGABc d2 d2 |"} (ABC text up to %d KiB) or {"midi": "<base64 MIDI file>", "track": 1} (up to %d KiB and %d notes), with "transpose" in semitones`,
		tune.MaxABCLen>>10, tune.MaxMIDIBytes>>10, tune.MaxNotes),
	Field: func(o *Options) any { return &o.Melody }}

// melodyFits checks that a melody with a tempo (its own, or the request's
// bpm) lasts at most MaxSeconds, once.
func (o *Options) melodyFits() error {
	if len(o.Melody) == 0 {
		return nil
	}
	src, err := MelodySource(o.Melody)
	if err != nil {
		return err
	}
	t, err := tune.Read(src)
	if err != nil {
		return nil // checked by its row
	}
	qpm := t.QPM
	if o.BPM > 0 {
		qpm = o.BPM
		if t.Den == 8 {
			qpm = o.BPM * 1.5 // a 6/8 tempo counts dotted quarters
		}
	}
	if qpm <= 0 {
		return nil // the composer takes a tempo at which it fits
	}
	if sec := (t.Pickup + t.Length) * 60 / qpm; sec > MaxSeconds {
		return errorf("'melody' lasts %.0f s at %g quarter notes a minute; a song lasts at most %g s: ask a faster 'bpm' or give a shorter tune.", sec, qpm, MaxSeconds)
	}
	return nil
}
