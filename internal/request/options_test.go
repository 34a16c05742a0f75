package request_test

import (
	"encoding/json"
	"maps"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

func TestParseKey(t *testing.T) {
	for in, want := range map[string]string{
		"D minor": "D minor", "f# major": "F# major", "Bb": "Bb", "Am": "A minor", "A dorian": "A dorian",
		"C sharp minor": "C# minor", "E♭ maj": "Eb major", "g harmonic minor": "G harmonic minor",
	} {
		k, err := request.ParseKey(in)
		if err != nil || k.String() != want {
			t.Errorf("ParseKey(%q) = %q, %v; want %q", in, k.String(), err, want)
		}
	}
	if k, _ := request.ParseKey("Bb minor"); k.Root != 10 || k.Mode != "minor" {
		t.Errorf("Bb minor = %+v", k)
	}
	if k, _ := request.ParseKey("B#"); k.Root != 0 {
		t.Errorf("B# root %d, want 0", k.Root)
	}
	for _, bad := range []string{"", "H minor", "D minr", "minor", "C major please", "Do"} {
		if _, err := request.ParseKey(bad); !jobs.IsCode(err, jobs.EInvalid) {
			t.Errorf("ParseKey(%q) err = %v, want invalid", bad, err)
		}
	}
}

func TestOptionsNormalize(t *testing.T) {
	seed := func(n uint64) *uint64 { return &n }
	ok := []jobs.Options{
		{}, {Seed: seed(0)}, {Seed: seed(request.MaxSeed)}, {Format: "flac"}, {Seconds: 10}, {Seconds: 300},
		{BPM: 40}, {BPM: 240}, {Key: "c"}, {Outputs: []string{"midi", "stems", "midi"}}, {WebhookURL: "https://example.com/hook"},
	}
	for _, o := range ok {
		if err := o.Normalize(); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
	}
	o := jobs.Options{Outputs: []string{"midi", "stems", "midi"}, Key: "c#m"}
	_ = o.Normalize()
	if len(o.Outputs) != 2 || o.Outputs[0] != "stems" || o.Key != "C# minor" {
		t.Errorf("not canonical: %+v", o)
	}
	bad := map[string]jobs.Options{
		"seed":     {Seed: seed(request.MaxSeed + 1)},
		"format":   {Format: "aac"},
		"short":    {Seconds: 9.9},
		"long":     {Seconds: 301},
		"negative": {Seconds: -5},
		"slow":     {BPM: 39},
		"fast":     {BPM: 241},
		"key":      {Key: "X"},
		"outputs":  {Outputs: []string{"vocals"}},
	}
	for name, o := range bad {
		if err := o.Normalize(); !jobs.IsCode(err, jobs.EInvalid) {
			t.Errorf("%s: err = %v, want invalid", name, err)
		}
	}
}

func TestJobSeed(t *testing.T) {
	id := jobs.NewJobID()
	if s := (&jobs.Job{ID: id}).Seed(); s > request.MaxSeed {
		t.Fatalf("derived seed %d over MaxSeed", s)
	}
	j := &jobs.Job{ID: id}
	if j.Seed() != (&jobs.Job{ID: id}).Seed() {
		t.Fatal("a job without options uses its id's seed")
	}
	n := uint64(42)
	j.Options = &jobs.Options{Seed: &n}
	if j.Seed() != 42 {
		t.Fatal("the options' seed wins")
	}
}

// A song shorter than 10 s is told the song's range, a loop the loop's,
// and a loop cannot also be exact.
func TestOptionsLengthRules(t *testing.T) {
	for _, c := range []struct {
		o    jobs.Options
		want string // "" for valid
	}{
		{jobs.Options{Seconds: 5}, "from 10 to 300 (from 4 for a 'loop')"},
		{jobs.Options{Seconds: 3}, "from 10 to 300 (from 4 for a 'loop')"},
		{jobs.Options{Seconds: 5, Loop: true}, ""},
		{jobs.Options{Seconds: 3, Loop: true}, "from 4 to 300"},
		{jobs.Options{Seconds: 12}, ""},
		{jobs.Options{Seconds: 12, Loop: true, ExactDuration: true}, "cannot be combined"},
		{jobs.Options{ExactDuration: true}, "needs 'duration_seconds'"},
	} {
		err := c.o.Normalize()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: %v, want valid", c.o, err)
		case c.want != "" && (!jobs.IsCode(err, jobs.EInvalid) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%+v: %v, want invalid saying %q", c.o, err, c.want)
		}
	}
}

// "chords" takes one chart for the song or charts by section, and names
// a symbol that is not a chord with its section and bar.
func TestChordsOption(t *testing.T) {
	spec, _ := request.OptionSpecNamed("chords")
	for raw, want := range map[string]map[string]string{
		`"  Am F C G "`: {"song": "Am F C G"},
		`{"verse": "I vi IV V", "chorus": "F G | Em Am"}`: {"verse": "I vi IV V", "chorus": "F G | Em Am"},
	} {
		var o jobs.Options
		if err := spec.ReadJSON(&o, json.RawMessage(raw)); err != nil {
			t.Fatal(err)
		}
		if err := o.Normalize(); err != nil || !maps.Equal(o.Chords, want) {
			t.Errorf("%s: %v %v, want %v", raw, o.Chords, err, want)
		}
	}
	for raw, want := range map[string]string{
		`{"verse": "Am F Hx7 G"}`: `'chords.verse': 'Hx7' at bar 3 is not a chord: it starts with neither a note name (A-G) nor a Roman numeral (I-VII)`,
		`"C Fqq"`:                 `'chords': 'Fqq' at bar 2 is not a chord: unknown quality "qq"`,
		`"H7 C"`:                  `'chords': 'H7' at bar 1 is not a chord: it starts with neither a note name (A-G) nor a Roman numeral (I-VII)`,
		`{"chorus": "F C/ G"}`:    `'chords.chorus': 'C/' at bar 2 is not a chord: nothing follows '/': a slash chord names its bass note (C/E)`,
		`"% Am | F"`:              `'chords': '%' at bar 1 is not a chord: there is no bar before it to repeat`,
		`{"verse": "I vi IIV V"}`: `'chords.verse': 'IIV' at bar 3 is not a chord: "IIV" is not a Roman numeral`,
		`{"solo": "C"}`:           `'chords' has no section "solo"`,
		`{"verse": ""}`:           `'chords.verse' must be a chord chart such as "Am F C G": no chords.`,
		`[1]`:                     `'chords' must be a chord chart`,
	} {
		var o jobs.Options
		err := spec.ReadJSON(&o, json.RawMessage(raw))
		if err == nil {
			err = o.Normalize()
		}
		if !jobs.IsCode(err, jobs.EInvalid) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want invalid with %q", raw, err, want)
		}
	}
}
