package engine_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/recipe"
)

// notInRecipe are the fields of engine.Request a recipe does not carry,
// and why: a recipe is everything else.
var notInRecipe = map[string]string{
	"Request.Synth":       "the process's sample bank: the envelope names it by its identity (bank)",
	"Request.Plan.Prompt": "a Request never holds the prompt (Resolve clears it)",
}

// fill sets every field of v (a pointer) to a non-zero value, recursing
// into structs, slices and maps, and skips the fields of notInRecipe.
func fill(t *testing.T, path string, v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			p := path + "." + f.Name
			if _, skip := notInRecipe[p]; skip {
				continue
			}
			fill(t, p, v.Field(i))
		}
	case reflect.String:
		v.SetString(strings.ToLower(path[strings.LastIndex(path, ".")+1:]))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int:
		v.SetInt(3)
	case reflect.Uint64:
		v.SetUint(1<<64 - 3)
	case reflect.Float64:
		v.SetFloat(97.25)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(t, path, v.Elem())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(t, path+"[]", v.Index(i))
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		k.SetString("lead")
		fill(t, path+"[]", e)
		m.SetMapIndex(k, e)
		k2 := reflect.New(v.Type().Key()).Elem()
		k2.SetString("fx")
		m.SetMapIndex(k2, reflect.New(v.Type().Elem()).Elem()) // "": the role muted
		v.Set(m)
	default:
		t.Fatalf("%s: fill has no value for a %s: teach it, and the recipe, the new field", path, v.Kind())
	}
}

// TestRequestRoundTrip: a Request with every field set (but those of
// notInRecipe) comes back equal from its recipe's JSON, so no field of
// the engine's Request can be dropped between a song and its recipe.
func TestRequestRoundTrip(t *testing.T) {
	var r engine.Request
	fill(t, "Request", reflect.ValueOf(&r).Elem())
	// The fields that must read as a key: a pitch class and a mode.
	r.Plan.KeyRoot, r.Plan.Mode = 8, "harmonic minor"
	for i := range r.Edits {
		r.Edits[i].KeyRoot, r.Edits[i].Mode = 6+i, []string{"", "dorian"}[i]
	}
	// An energy curve is sections or points, each point at a bar or a time.
	r.Edits[0].Energy = &edit.Curve{Sections: map[string]float64{"verse 2": 0.25, "chorus": 1}}
	r.Edits[1].Energy = &edit.Curve{Points: []edit.Point{{At: 0, Value: 0.1}, {At: 12.5, Value: 1}}}
	env := recipe.Recipe{RecipeFormat: recipe.Format, EngineVersion: recipe.Version, Bank: recipe.NoBank, Request: engine.EncodeRequest(r)}
	raw, err := env.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	var back recipe.Recipe
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	got, err := engine.DecodeRequest(back.Request)
	if err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	if !reflect.DeepEqual(got, r) {
		t.Fatalf("the Request changed through its recipe:\n got %+v\nwant %+v\nrecipe %s", got, r, raw)
	}
	if !strings.Contains(string(raw), `"key":"A-flat harmonic minor"`) {
		t.Errorf("the plan's key is not written as requests write it: %s", raw)
	}
	// Each field also matters: zeroing any one changes the recipe.
	var walk func(path string, v reflect.Value)
	walk = func(path string, v reflect.Value) {
		for i := 0; i < v.NumField(); i++ {
			f, p := v.Field(i), path+"."+v.Type().Field(i).Name
			if _, skip := notInRecipe[p]; skip || p == "Request.Plan.Mode" {
				continue
			}
			if f.Kind() == reflect.Struct {
				walk(p, f)
				continue
			}
			old := reflect.New(f.Type()).Elem()
			old.Set(f)
			f.Set(reflect.Zero(f.Type()))
			other, _ := json.Marshal(engine.EncodeRequest(r))
			f.Set(old)
			if string(other) == string(mustJSON(t, env.Request)) {
				t.Errorf("%s is not in the recipe: zeroing it changes nothing", p)
			}
		}
	}
	walk("Request", reflect.ValueOf(&r).Elem())
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
