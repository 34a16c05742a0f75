package recipe_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/request"
)

// valid is a recipe within every bound.
func valid() recipe.Recipe {
	half := 0.25
	piano := "piano"
	return recipe.Recipe{RecipeFormat: recipe.Format, EngineVersion: recipe.Version, Bank: recipe.NoBank,
		Request: recipe.Request{Seed: 42, SongSeed: 1<<64 - 2, Title: "Paper Boats", LoudnessLUFS: -16,
			Plan: recipe.Plan{Style: "lo-fi", Mood: "chill", BPM: 84, Seconds: 30, Key: "A-flat minor",
				Instruments: []string{"piano", "drums"}, Meter: 4, Tempo: "slow", Words: []string{"rain"}},
			Edits: []recipe.Edit{{BPM: 90, Key: "B-flat minor", Intensity: &half,
				Instruments: map[string]*string{"lead": &piano, "fx": nil}, Regenerate: []string{"bridge"}}}},
		Options: json.RawMessage(`{"seed":42,"format":"wav"}`)}
}

func TestParse(t *testing.T) {
	r := valid()
	raw, err := r.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"song_seed":"fffffffffffffffe"`, `"recipe_format":2`, `"key":"A-flat minor"`, `"bpm":84`, `"style":"lo-fi"`, `"fx":null`} {
		if !strings.Contains(string(raw), want) {
			t.Fatalf("%s not in %s", want, raw)
		}
	}
	got, err := recipe.Parse(raw)
	if err != nil || !reflect.DeepEqual(*got, r) {
		t.Fatalf("round trip %+v, %v; want %+v", got, err, r)
	}
	if a, b := recipe.SHA256(raw), recipe.SHA256(raw); a != b || len(a) != 64 {
		t.Fatalf("SHA256 %q", a)
	}
	head := `{"recipe_format":2,"engine_version":"` + recipe.Version + `","bank":"none","seed":1,"song_seed":"0000000000000001","title":"T",`
	plan := `"plan":{"style":"pop","mood":"happy","bpm":100,"duration_seconds":30,"key":"C major"}`
	if _, err := recipe.Parse([]byte(head + plan + "}")); err != nil {
		t.Fatalf("a minimal recipe: %v", err)
	}
	for _, c := range []struct{ raw, says string }{
		{`{"recipe_format":2,"engine_version":"0.1","seed":1,"song_seed":"0000000000000001","title":"T","bank":"none","plan":{}}`, `engine version "0.1"`},
		{`{"seed":1,"plan":{},"bank":"none"}`, "no 'engine_version'"},
		{`{"engine_version":"` + recipe.Version + `","seed":1,"song_seed":"0000000000000001","bank":"none","plan":{"BPM":97,"KeyRoot":8}}`, "recipe format 1"},
		{`{"recipe_format":1,"engine_version":"` + recipe.Version + `","plan":{}}`, "recipe format 1"},
		{`{"recipe_format":2,"engine_version":"` + recipe.Version + `","plan":[],"bank":"none"}`, "malformed"},
		{head + plan + `,"extra":1}`, "malformed"},
		{head + `"plan":{"BPM":97,"KeyRoot":8}}`, "malformed"},
		{strings.Replace(head, `"0000000000000001"`, `12`, 1) + plan + "}", "malformed"},
		{strings.Replace(head, `"0000000000000001"`, `"12"`, 1) + plan + "}", "16 hex digits"},
		{strings.Replace(head, `"seed":1`, `"seed":"x"`, 1) + plan + "}", "'seed' has the wrong type"},
		{strings.Replace(head, `"bank":"none"`, `"bank":""`, 1) + plan + "}", "'recipe.bank' is required"},
		{head + strings.Replace(plan, `"bpm":100`, `"bpm":1e9`, 1) + "}", "'recipe.plan.bpm' must be a number from 40 to 240"},
		{head + strings.Replace(plan, `"bpm":100`, `"bpm":1e400`, 1) + "}", "'plan.bpm' has the wrong type"},
	} {
		_, err := recipe.Parse([]byte(c.raw))
		if !jobs.IsCode(err, jobs.EInvalid) || !strings.Contains(jobs.ErrorMessage(err), c.says) {
			t.Errorf("%s: %v, want invalid saying %q", c.raw, err, c.says)
		}
	}
}

// TestBounds: each field out of its bounds is refused with a message
// naming it; the same values within bounds pass.
func TestBounds(t *testing.T) {
	ptr := func(s string) *string { return &s }
	many := func(n int, s string) []string { return slices.Repeat([]string{s}, n) }
	for _, c := range []struct {
		name string
		set  func(r *recipe.Recipe)
		says string
	}{
		{"bpm 1e9", func(r *recipe.Recipe) { r.Plan.BPM = 1e9 }, "'recipe.plan.bpm' must be a number from 40 to 240"},
		{"bpm 1e6", func(r *recipe.Recipe) { r.Plan.BPM = 1e6 }, "'recipe.plan.bpm'"},
		{"bpm negative", func(r *recipe.Recipe) { r.Plan.BPM = -120 }, "'recipe.plan.bpm'"},
		{"bpm missing", func(r *recipe.Recipe) { r.Plan.BPM = 0 }, "'recipe.plan.bpm' is required"},
		{"bpm tiny", func(r *recipe.Recipe) { r.Plan.BPM = 1e-300 }, "'recipe.plan.bpm'"},
		{"length huge", func(r *recipe.Recipe) { r.Plan.Seconds = 1e12 }, "'recipe.plan.duration_seconds'"},
		{"length short", func(r *recipe.Recipe) { r.Plan.Seconds = 5 }, "'recipe.plan.duration_seconds'"},
		{"length negative", func(r *recipe.Recipe) { r.Plan.Seconds = -30 }, "'recipe.plan.duration_seconds'"},
		{"loop exact", func(r *recipe.Recipe) { r.Plan.Loop, r.Plan.ExactDuration = true, true }, "'recipe.plan.loop' and 'recipe.plan.exact_duration' cannot be combined"},
		{"key", func(r *recipe.Recipe) { r.Plan.Key = "H major" }, "'recipe.plan.key' must name a key"},
		{"key missing", func(r *recipe.Recipe) { r.Plan.Key = "" }, "'recipe.plan.key' is required"},
		{"key without mode", func(r *recipe.Recipe) { r.Plan.Key = "A-flat" }, "'recipe.plan.key' must name a mode too"},
		{"style", func(r *recipe.Recipe) { r.Plan.Style = "polka" }, "'recipe.plan.style' must be one of the"},
		{"colour", func(r *recipe.Recipe) { r.Plan.Colour = "polka" }, "'recipe.plan.colour'"},
		{"mood", func(r *recipe.Recipe) { r.Plan.Mood = "furious" }, "'recipe.plan.mood' must be one of happy"},
		{"tempo", func(r *recipe.Recipe) { r.Plan.Tempo = "warp" }, "'recipe.plan.tempo'"},
		{"meter", func(r *recipe.Recipe) { r.Plan.Meter = 1000 }, "'recipe.plan.meter' must be one of 3, 4, 6"},
		{"meter negative", func(r *recipe.Recipe) { r.Plan.Meter = -3 }, "'recipe.plan.meter'"},
		{"texture", func(r *recipe.Recipe) { r.Plan.Texture = "theremin" }, "'recipe.plan.texture'"},
		{"instrument", func(r *recipe.Recipe) { r.Plan.Instruments = []string{"piano", "theremin"} }, "'recipe.plan.instruments[1]'"},
		{"instruments", func(r *recipe.Recipe) { r.Plan.Featured = many(10000, "piano") }, "'recipe.plan.featured' may hold at most 32 items"},
		{"words", func(r *recipe.Recipe) { r.Plan.Words = many(100000, "rain") }, "'recipe.plan.words' may hold at most 500 items"},
		{"word", func(r *recipe.Recipe) { r.Plan.Words = []string{strings.Repeat("a", 1000)} }, "'recipe.plan.words[0]' is 1000 characters long"},
		{"title", func(r *recipe.Recipe) { r.Title = strings.Repeat("Absurd ", 10000) }, "'recipe.title' is 70000 characters long; the maximum is 120"},
		{"title control", func(r *recipe.Recipe) { r.Title = "a\x00b" }, "'recipe.title' must be text without control characters"},
		{"loudness", func(r *recipe.Recipe) { r.LoudnessLUFS = 1e9 }, "'recipe.loudness_lufs' must be a number from -31 to -9"},
		{"seed", func(r *recipe.Recipe) { r.Seed = 1 << 60 }, "'recipe.seed' must be an integer"},
		{"edits", func(r *recipe.Recipe) { r.Edits = make([]recipe.Edit, 5000) }, "'recipe.edits' may hold at most 32 items"},
		{"edit bpm", func(r *recipe.Recipe) { r.Edits[0].BPM = 1e9 }, "'recipe.edits[0].bpm' must be a number from 40 to 240"},
		{"edit length", func(r *recipe.Recipe) { r.Edits[0].Seconds = 1e9 }, "'recipe.edits[0].duration_seconds'"},
		{"edit exact", func(r *recipe.Recipe) { r.Edits[0].ExactDuration = true }, "'recipe.edits[0].exact_duration' needs 'recipe.edits[0].duration_seconds'"},
		{"edit intensity", func(r *recipe.Recipe) { x := 7.0; r.Edits[0].Intensity = &x }, "'recipe.edits[0].intensity' must be a number from 0 to 1"},
		{"edit role", func(r *recipe.Recipe) { r.Edits[0].Instruments = map[string]*string{"kazoo": ptr("piano")} }, "'recipe.edits[0].instruments' has no role"},
		{"edit kit", func(r *recipe.Recipe) { r.Edits[0].Instruments = map[string]*string{"drums": ptr("piano")} }, "'recipe.edits[0].instruments.drums' must be a drum kit"},
		{"edit regenerate", func(r *recipe.Recipe) { r.Edits[0].Regenerate = many(1000, "verse") }, "'recipe.edits[0].regenerate'"},
		{"options", func(r *recipe.Recipe) { r.Options = json.RawMessage(`{"bpm":1e9}`) }, "'recipe.options': 'bpm' must be a number from 40 to 240"},
		{"options type", func(r *recipe.Recipe) { r.Options = json.RawMessage(`{"format":"aac"}`) }, "'recipe.options': 'format' must be one of"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := valid()
			c.set(&r)
			raw, err := r.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			_, err = recipe.Parse(raw)
			if !jobs.IsCode(err, jobs.EInvalid) || !strings.Contains(jobs.ErrorMessage(err), c.says) {
				t.Fatalf("%v, want invalid saying %q", err, c.says)
			}
		})
	}
	r := valid()
	if err := recipe.Validate(&r); err != nil {
		t.Fatalf("the valid recipe: %v", err)
	}
}

// TestEveryFieldHasABound walks the Recipe type: every JSON member has a
// row in recipe.Bounds, every row names a member, and a row that names a
// request option names a row of request.OptionSpecs.
func TestEveryFieldHasABound(t *testing.T) {
	var paths []string
	var walk func(prefix string, tp reflect.Type)
	walk = func(prefix string, tp reflect.Type) {
		for i := 0; i < tp.NumField(); i++ {
			f := tp.Field(i)
			if f.Anonymous {
				walk(prefix, f.Type)
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				t.Errorf("%s%s has no JSON name", prefix, f.Name)
				continue
			}
			paths = append(paths, prefix+name)
			ft := f.Type
			switch {
			case ft.Kind() == reflect.Struct:
				walk(prefix+name+".", ft)
			case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct:
				walk(prefix+name+"[].", ft.Elem())
			}
		}
	}
	walk("", reflect.TypeOf(recipe.Recipe{}))
	for _, p := range paths {
		b, ok := recipe.BoundFor(p)
		if !ok {
			t.Errorf("recipe member %q has no bound: add a row to recipe.Bounds", p)
			continue
		}
		own := b.Enum != nil || b.Max != 0 || b.MaxLen > 0 || b.MaxItems > 0
		switch n := btoi(b.Option != "") + btoi(own) + btoi(b.Flag); {
		case n != 1:
			t.Errorf("%s: a row needs exactly one of Option, own bounds or Flag", p)
		case b.Option != "":
			if _, ok := request.OptionSpecNamed(b.Option); !ok {
				t.Errorf("%s: no request option %q", p, b.Option)
			}
		}
	}
	for _, b := range recipe.Bounds {
		if !slices.Contains(paths, b.Path) {
			t.Errorf("recipe.Bounds row %q names no member", b.Path)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestNamesMatchTheCatalogue: the names the API Lambdas check recipes
// against are the catalogue's (styles, moods), the score's instruments,
// the composer's modes and the reader's tempo feels and meters.
func TestNamesMatchTheCatalogue(t *testing.T) {
	var styles, moods []string
	for _, g := range plan.Genres {
		styles = append(styles, string(g))
	}
	for _, m := range plan.Moods {
		moods = append(moods, string(m))
	}
	check := func(what string, got, want []string) {
		if !slices.Equal(got, want) {
			t.Errorf("recipe.%s = %q, want %q", what, got, want)
		}
	}
	check("Styles", recipe.Styles, styles)
	check("Moods", recipe.Moods, moods)
	check("Modes", recipe.Modes, harmony.Modes)
	check("Tempos", recipe.Tempos, []string{plan.TempoSlow, plan.TempoMid, plan.TempoFast, plan.TempoHalfTime, plan.TempoBallad})
	check("Instruments", recipe.Instruments, scoreInstruments(t))
	for _, m := range recipe.Modes {
		for root := range 12 {
			r, md, err := recipe.ParseKey(recipe.KeyName(root, m))
			if err != nil || r != root || md != m {
				t.Errorf("key %q reads as %d %q %v", recipe.KeyName(root, m), r, md, err)
			}
		}
	}
	for _, m := range recipe.Meters {
		if n, err := strconv.Atoi(m); err != nil || n < 2 {
			t.Errorf("meter %q", m)
		}
	}
}

// scoreInstruments are the values of the Instrument constants of
// internal/score, read from its source.
func scoreInstruments(t *testing.T) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "../score/score.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); ok && id.Name == "Instrument" {
				for _, x := range v.Values {
					s, _ := strconv.Unquote(x.(*ast.BasicLit).Value)
					out = append(out, s)
				}
			}
		}
	}
	if len(out) < 40 {
		t.Fatalf("read %d instruments from internal/score/score.go: the check reads it wrongly", len(out))
	}
	return out
}
