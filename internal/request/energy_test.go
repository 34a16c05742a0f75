package request_test

import (
	"encoding/json"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// TestEnergyOption reads the two forms of the energy option into their
// canonical JSON and refuses values out of bounds with a message naming
// the member.
func TestEnergyOption(t *testing.T) {
	s, _ := request.OptionSpecNamed("energy")
	for in, want := range map[string]string{
		`{"chorus": 1, "intro": 0.2}`:                         `{"chorus":1,"intro":0.2}`,
		`[{"bar": 1, "value": 0.2}, {"bar": 16, "value": 1}]`: `[{"bar":1,"value":0.2},{"bar":16,"value":1}]`,
		`[{"at": 0, "value": 0}, {"at": 42.5, "value": 1}]`:   `[{"at":0,"value":0},{"at":42.5,"value":1}]`,
	} {
		var o jobs.Options
		if err := s.ReadJSON(&o, json.RawMessage(in)); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if err := o.Normalize(); err != nil || string(o.Energy) != want {
			t.Errorf("%s: %s %v, want %s", in, o.Energy, err, want)
		}
	}
	for _, bad := range []string{`{"verse": 1.5}`, `[]`, `[{"value": 0.5}]`, `[{"bar": 1, "at": 2, "value": 0.5}]`,
		`[{"bar": 4, "value": 0.5}, {"bar": 2, "value": 1}]`, `[{"bar": 1, "value": 0.5}, {"at": 9, "value": 1}]`,
		`[{"bar": 0, "value": 0.5}]`, `[{"bar": 1, "value": 0.5, "x": 1}]`, `"loud"`} {
		var o jobs.Options
		err := s.ReadJSON(&o, json.RawMessage(bad))
		if err == nil {
			err = o.Normalize()
		}
		if !jobs.IsCode(err, jobs.EInvalid) || !contains(jobs.ErrorMessage(err), "'energy'") {
			t.Errorf("%s: %v, want invalid naming energy", bad, err)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestHitsOption reads hit points into their canonical JSON (in order of
// time) and refuses what cannot be played.
func TestHitsOption(t *testing.T) {
	s, _ := request.OptionSpecNamed("hits")
	var o jobs.Options
	if err := s.ReadJSON(&o, json.RawMessage(`[{"kind": "end", "at": 61}, {"at": 42.3, "kind": "drop"}]`)); err != nil {
		t.Fatal(err)
	}
	if err := o.Normalize(); err != nil || string(o.Hits) != `[{"at":42.3,"kind":"drop"},{"at":61,"kind":"end"}]` {
		t.Errorf("%s %v", o.Hits, err)
	}
	for _, bad := range []string{`{"at": 1, "kind": "drop"}`, `[]`, `[{"at": 0, "kind": "drop"}]`, `[{"at": 3, "kind": "boom"}]`,
		`[{"at": 3, "kind": "end"}, {"at": 5, "kind": "accent"}]`, `[{"at": 3, "kind": "drop"}, {"at": 3, "kind": "stop"}]`} {
		var o jobs.Options
		err := s.ReadJSON(&o, json.RawMessage(bad))
		if err == nil {
			err = o.Normalize()
		}
		if !jobs.IsCode(err, jobs.EInvalid) || !contains(jobs.ErrorMessage(err), "'hits'") {
			t.Errorf("%s: %v, want invalid naming hits", bad, err)
		}
	}
}
