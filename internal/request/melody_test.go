package request_test

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// readMelody reads a "melody" member into options and normalizes them.
func readMelody(t *testing.T, raw string, loop bool) (jobs.Options, error) {
	t.Helper()
	s, _ := request.OptionSpecNamed("melody")
	o := jobs.Options{Loop: loop}
	if err := s.ReadJSON(&o, json.RawMessage(raw)); err != nil {
		return o, err
	}
	return o, o.Normalize()
}

func TestMelodyOption(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		o, err := readMelody(t, `{"transpose": -2, "abc": "X:1\nK:D\nA B c d |"}`, false)
		if err != nil {
			t.Fatal(err)
		}
		if string(o.Melody) != `{"abc":"X:1\nK:D\nA B c d |","transpose":-2}` {
			t.Errorf("canonical %s", o.Melody)
		}
	})
	for _, c := range []struct{ name, raw, want string }{
		{"ErrNotANote", `{"abc": "K:C\nC D | E h |"}`, "'melody': line 2, bar 2, 'h' is not a note."},
		{"ErrUnknownMember", `{"notes": "C D E"}`, "'melody' must be an object"},
		{"ErrBoth", `{"abc": "C", "midi": "TVRoZA=="}`, "gives both abc and midi"},
		{"ErrNotBase64", `{"midi": "%%%"}`, "midi is not base64"},
		{"ErrNotMIDI", `{"midi": "` + base64.StdEncoding.EncodeToString([]byte("RIFF....")) + `"}`, "is not a standard MIDI file"},
		{"ErrTooLarge", `{"midi": "` + strings.Repeat("A", 100000) + `"}`, "larger than 65536 bytes"},
		{"ErrTranspose", `{"abc": "C D", "transpose": 30}`, "transpose must be from -24 to 24"},
		{"ErrTrack", `{"abc": "C D", "track": -1}`, "'melody.track' must be"},
		{"ErrTooLong", `{"abc": "L:1/4\nQ:1/4=40\nK:C\n` + strings.Repeat("C4 | ", 60) + `"}`, "'melody' lasts 360 s at 40 quarter notes a minute"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := readMelody(t, c.raw, false)
			if !jobs.IsCode(err, jobs.EInvalid) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want invalid saying %q", err, c.want)
			}
		})
	}
	t.Run("ErrLoop", func(t *testing.T) {
		if _, err := readMelody(t, `{"abc": "C D E F"}`, true); !jobs.IsCode(err, jobs.EInvalid) || !strings.Contains(err.Error(), "'loop' and 'melody'") {
			t.Fatalf("err %v", err)
		}
	})
}
