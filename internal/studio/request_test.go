package studio_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/studio"
)

// wireOnly are the request options that do not change the engine's
// Request, and why: they shape the files and the delivery, not the song.
var wireOnly = map[string]string{
	"format":      "the audio file's format, encoded after the engine",
	"outputs":     "which extra files (stems, MIDI, timeline) are made of the song",
	"webhook_url": "where the finished job is reported",
	"sample_rate": "the files are resampled after the engine renders at 44.1 kHz",
	"count":       "how many jobs are made; each piece's Request differs by its place (Options.Piece, set by the service)",
}

// optionValue is a valid value of row s other than its default.
func optionValue(t *testing.T, s request.OptionSpec) json.RawMessage {
	switch s.Name {
	case "key":
		return json.RawMessage(`"E dorian"`)
	case "webhook_url":
		return json.RawMessage(`"https://example.com/hook"`)
	case "regenerate":
		return json.RawMessage(`["chorus"]`)
	case "count":
		return json.RawMessage(`3`)
	case "chords":
		return json.RawMessage(`{"verse": "Am F C G", "chorus": "F G | Em Am"}`)
	case "melody":
		return json.RawMessage(`{"abc": "X:1\nM:3/4\nK:G\nD | G2 B | A2 G |", "transpose": 2}`)
	case "recipe":
		req := engine.Resolve("a recipe's own prompt, jazz", 9, engine.Options{})
		rec := recipe.Recipe{RecipeFormat: recipe.Format, EngineVersion: recipe.Version, Bank: recipe.NoBank, Request: engine.EncodeRequest(req)}
		raw, err := rec.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	switch s.Type {
	case request.TypeInteger:
		if s.Enum != nil {
			return json.RawMessage(s.Enum[len(s.Enum)-1])
		}
		return json.RawMessage(`12345`)
	case request.TypeNumber:
		return json.RawMessage(mustMarshal(t, s.Min+(s.Max-s.Min)*0.75))
	case request.TypeString:
		return json.RawMessage(mustMarshal(t, s.Enum[len(s.Enum)-1]))
	case request.TypeStrings:
		return json.RawMessage(mustMarshal(t, s.Enum[:1]))
	case request.TypeBoolean:
		return json.RawMessage(`true`)
	case request.TypeObject:
		if len(s.Keys) > 0 {
			return json.RawMessage(`{"lead": "sax"}`)
		}
		if s.OnlyArray {
			return json.RawMessage(`[{"at": 20, "kind": "accent"}]`)
		}
		if s.Array {
			return json.RawMessage(`[{"bar": 1, "value": 0.2}, {"bar": 9, "value": 1}]`)
		}
	}
	t.Fatalf("%s: no sample value for a %s: teach optionValue the new row", s.Name, s.Type)
	return nil
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestEveryOptionReachesTheRequest: every row of request.OptionSpecs either
// changes the engine Request the studio builds (Studio.Request, the one
// road from a job to the engine) or is listed in wireOnly with a reason;
// a wire-only row that does change it is listed wrongly.
func TestEveryOptionReachesTheRequest(t *testing.T) {
	st := &studio.Studio{}
	const prompt = "happy pop song, 30 seconds"
	for _, s := range request.OptionSpecs {
		t.Run(s.Name, func(t *testing.T) {
			var base jobs.Options
			if s.Requires != "" { // exact_duration needs duration_seconds
				r, _ := request.OptionSpecNamed(s.Requires)
				if err := r.ReadJSON(&base, optionValue(t, r)); err != nil {
					t.Fatal(err)
				}
			}
			with := base
			if err := s.ReadJSON(&with, optionValue(t, s)); err != nil {
				t.Fatal(err)
			}
			if err := with.Normalize(); err != nil {
				t.Fatalf("the sample value: %v", err)
			}
			a, err := st.Request(prompt, 1, base)
			if err != nil {
				t.Fatal(err)
			}
			b, err := st.Request(prompt, 1, with)
			if err != nil {
				t.Fatal(err)
			}
			changed := !reflect.DeepEqual(a, b)
			why, wire := wireOnly[s.Name]
			switch {
			case !changed && !wire:
				t.Errorf("option %q does not change the engine Request: carry it in Studio.Request, or list it in wireOnly with why", s.Name)
			case changed && wire:
				t.Errorf("option %q is listed as wire-only (%s) but changes the Request", s.Name, why)
			}
		})
	}
	for name := range wireOnly {
		if !slices.ContainsFunc(request.OptionSpecs, func(s request.OptionSpec) bool { return s.Name == name }) {
			t.Errorf("wireOnly lists %q, which is no option", name)
		}
	}
}
