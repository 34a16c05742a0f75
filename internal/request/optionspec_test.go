package request_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// goTypes is the Go type of the Options field each JSON type is held in.
var goTypes = map[request.OptionType][]reflect.Type{
	request.TypeInteger: {reflect.TypeFor[*uint64]()},
	request.TypeNumber:  {reflect.TypeFor[float64](), reflect.TypeFor[*float64]()},
	request.TypeString:  {reflect.TypeFor[string]()},
	request.TypeStrings: {reflect.TypeFor[[]string]()},
	request.TypeBoolean: {reflect.TypeFor[bool]()},
	request.TypeObject:  {reflect.TypeFor[json.RawMessage](), reflect.TypeFor[map[string]string]()},
}

// notRows are the Options fields that no request member sets.
var notRows = map[string]bool{"Source": true, "Piece": true}

// sample returns a valid JSON value of the option, and one of the right
// type out of its range or allowed values ("" when it has none).
func sample(s request.OptionSpec) (ok, bad string) {
	switch {
	case s.Name == "chords": // a chart, or charts by section
		return `{"verse": "Am F C G", "chorus": "F G | Em Am"}`, `{"verse": "Am Hx7"}`
	case s.Name == "melody": // ABC text, or a MIDI file
		return `{"abc": "K:G\nG A B c | d2 d2 |", "transpose": 2}`, `{"abc": "K:G\nG A | B h |"}`
	case s.Type == request.TypeBoolean:
		return "true", ""
	case s.Type == request.TypeObject && s.OnlyArray:
		return `[{"at": 42.3, "kind": "drop"}]`, `[{"at": 42.3, "kind": "boom"}]`
	case s.Type == request.TypeObject && s.Array:
		return `[{"bar": 1, "value": 0.2}, {"bar": 9, "value": 1}]`, `[{"bar": 1, "value": 2}]`
	case s.Type == request.TypeObject && len(s.Keys) == 0:
		return `{"a": [1, 2]}`, `[{"a": 1}]`
	case s.Type == request.TypeInteger && s.Enum != nil:
		return s.Enum[len(s.Enum)-1], strconv.FormatFloat(s.Max+1, 'f', -1, 64)
	case s.Type == request.TypeInteger || s.Type == request.TypeNumber:
		b, _ := json.Marshal(s.Max)
		return string(b), "1e300"
	case s.Type == request.TypeStrings && s.Enum == nil:
		return `["bridge"]`, `[""]`
	case s.Type == request.TypeStrings:
		return `["` + s.Enum[len(s.Enum)-1] + `"]`, `["no such"]`
	case s.Type == request.TypeObject:
		return `{"` + s.Keys[0] + `": "` + s.Enum[0] + `"}`, `{"no such": null}`
	case s.Enum != nil:
		return `"` + s.Enum[len(s.Enum)-1] + `"`, `"no such"`
	case s.Name == "key":
		return `"A dorian"`, `"H"`
	case s.MaxLen > 0:
		long, _ := json.Marshal(string(make([]byte, s.MaxLen+1)))
		return `"https://example.com/x"`, string(long)
	}
	return `"x"`, ""
}

// TestOptionSpecs checks the table against Options: every field belongs to
// exactly one row of its JSON type, and every row reads, normalizes and
// compares its field.
func TestOptionSpecs(t *testing.T) {
	owner := map[uintptr]string{}
	var o jobs.Options
	base := reflect.ValueOf(&o).Elem()
	names := map[string]bool{}
	for _, s := range request.OptionSpecs {
		t.Run(s.Name, func(t *testing.T) {
			if s.Name == "" || names[s.Name] || s.Default == "" || s.Description == "" || s.Field == nil {
				t.Fatalf("row incomplete or repeated: %+v", s)
			}
			names[s.Name] = true
			ptr := reflect.ValueOf(s.Field(&o))
			if !slices.Contains(goTypes[s.Type], ptr.Type().Elem()) {
				t.Fatalf("type %q, field %s", s.Type, ptr.Type().Elem())
			}
			owner[ptr.Pointer()] = s.Name
			if (s.Type == request.TypeInteger || s.Type == request.TypeNumber) && !(s.Min < s.Max) {
				t.Fatalf("range %g..%g", s.Min, s.Max)
			}
			if got, ok := request.OptionSpecNamed(s.Name); !ok || got.Name != s.Name {
				t.Fatal("OptionSpecNamed does not find it")
			}

			good, bad := sample(s)
			var a jobs.Options
			if s.Requires != "" {
				r, ok := request.OptionSpecNamed(s.Requires)
				if !ok {
					t.Fatalf("requires %q, which is no option", s.Requires)
				}
				rgood, _ := sample(r)
				if err := r.ReadJSON(&a, json.RawMessage(rgood)); err != nil {
					t.Fatal(err)
				}
				var alone jobs.Options
				if err := s.ReadJSON(&alone, json.RawMessage(good)); err != nil {
					t.Fatal(err)
				}
				if err := alone.Normalize(); !jobs.IsCode(err, jobs.EInvalid) || !strings.Contains(err.Error(), s.Requires) {
					t.Fatalf("%s without %s: %v, want invalid naming it", s.Name, s.Requires, err)
				}
			}
			if err := s.ReadJSON(&a, json.RawMessage(good)); err != nil {
				t.Fatalf("ReadJSON(%s): %v", good, err)
			}
			if err := a.Normalize(); err != nil {
				t.Fatalf("Normalize after %s: %v", good, err)
			}
			if a.Equal(&jobs.Options{}) || !a.Equal(&a) {
				t.Fatalf("Equal does not compare %s", s.Name)
			}
			other := `{}` // a value of another JSON type
			if s.Type == request.TypeObject && !s.OnlyArray {
				other = `"x"`
			}
			if s.Name == "chords" {
				other = `12` // a string is the whole song's chart
			}
			if err := s.ReadJSON(&jobs.Options{}, json.RawMessage(other)); !jobs.IsCode(err, jobs.EInvalid) {
				t.Fatalf("%s as %s: %v", other, s.Name, err)
			}
			if err := s.ReadJSON(&jobs.Options{}, json.RawMessage(`["x"]`)); s.Type == request.TypeObject && !s.Array && !s.OnlyArray && !jobs.IsCode(err, jobs.EInvalid) {
				t.Fatalf("an array as %s: %v", s.Name, err)
			}
			if bad != "" {
				var b jobs.Options
				err := s.ReadJSON(&b, json.RawMessage(bad))
				if err == nil {
					err = b.Normalize()
				}
				if !jobs.IsCode(err, jobs.EInvalid) {
					t.Fatalf("%s = %s: %v, want invalid", s.Name, bad, err)
				}
			}
		})
	}
	for i := range base.NumField() {
		f := base.Field(i)
		if _, ok := owner[f.Addr().Pointer()]; !ok && !notRows[base.Type().Field(i).Name] {
			t.Errorf("Options.%s has no row in OptionSpecs", base.Type().Field(i).Name)
		}
	}
}
