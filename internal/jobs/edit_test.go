package jobs_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// TestEditOptions checks the edit members' reading: roles, instruments
// and kits, null mutes, labels in canonical form, the errors that name
// the member.
func TestEditOptions(t *testing.T) {
	read := func(name, raw string) (*jobs.Options, error) {
		s, _ := request.OptionSpecNamed(name)
		var o jobs.Options
		if err := s.ReadJSON(&o, json.RawMessage(raw)); err != nil {
			return nil, err
		}
		return &o, o.Normalize()
	}
	o, err := read("instruments", `{"lead": "Piano", "drums": null, "bass": "upright_bass"}`)
	if err != nil || o.Instruments["lead"] != "piano" || o.Instruments["bass"] != "upright_bass" {
		t.Fatalf("instruments: %+v, %v", o, err)
	}
	if v, ok := o.Instruments["drums"]; !ok || v != "" {
		t.Fatalf("drums: null must mute (\"\"): %q %v", v, ok)
	}
	if o, err := read("instruments", `{"drums": "808"}`); err != nil || o.Instruments["drums"] != "808" {
		t.Fatalf("a kit for the drums: %v", err)
	}
	if o, err := read("regenerate", `["Bridge", " verse   2 ", "bridge"]`); err != nil || strings.Join(o.Regenerate, "|") != "bridge|verse 2" {
		t.Fatalf("regenerate: %v %v", o, err)
	}
	if o, err := read("intensity", `0`); err != nil || o.Intensity == nil || *o.Intensity != 0 {
		t.Fatalf("intensity 0: %v", err)
	}
	for _, c := range []struct{ name, raw, want string }{
		{"instruments", `{"vocals": "piano"}`, "has no role \"vocals\""},
		{"instruments", `{"lead": "kazoo"}`, "unknown instrument \"kazoo\""},
		{"instruments", `{"lead": "808"}`, "is a drum kit"},
		{"instruments", `{"drums": "piano"}`, "must be a drum kit"},
		{"instruments", `{"lead": ""}`, "must name an instrument"},
		{"instruments", `{"lead": 3}`, "must be an object"},
		{"instruments", `"piano"`, "must be an object"},
		{"intensity", `1.5`, "'intensity' must be a number from 0 to 1."},
		{"intensity", `-0.1`, "'intensity' must be a number from 0 to 1."},
		{"regenerate", `"bridge"`, "must be an array of strings"},
		{"regenerate", `[""]`, "section labels"},
	} {
		_, err := read(c.name, c.raw)
		if !jobs.IsCode(err, jobs.EInvalid) || !strings.Contains(jobs.ErrorMessage(err), c.want) {
			t.Errorf("%s = %s: %v, want invalid with %q", c.name, c.raw, err, c.want)
		}
	}
}

// TestEditSourceEqual checks that two edits of different sources differ
// (an idempotent repeat must name the same source).
func TestEditSourceEqual(t *testing.T) {
	a := &jobs.Options{Source: &request.EditSource{Prompt: "lo-fi", Seed: 1}}
	b := &jobs.Options{Source: &request.EditSource{Prompt: "lo-fi", Seed: 2}}
	c := &jobs.Options{Source: &request.EditSource{Prompt: "lo-fi", Seed: 1}}
	if a.Equal(b) || !a.Equal(c) {
		t.Fatal("Equal does not compare the source")
	}
	d := &jobs.Options{Source: &request.EditSource{Prompt: "lo-fi", Seed: 1, Options: c}}
	if d.Depth() != 2 || a.Depth() != 1 || (&jobs.Options{}).Depth() != 0 {
		t.Fatalf("depths %d %d", d.Depth(), a.Depth())
	}
}
