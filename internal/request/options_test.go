package request_test

import (
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
	if s := id.Seed(); s > request.MaxSeed {
		t.Fatalf("derived seed %d over MaxSeed", s)
	}
	j := &jobs.Job{ID: id}
	if j.Seed() != id.Seed() {
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
