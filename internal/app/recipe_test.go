package app_test

import (
	"encoding/json"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// waitDone polls a job until it ends, with a deadline generous for a
// shared machine (a 10 s song renders in about a second on one idle core).
func (r *running) waitDone(t *testing.T, id string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		code, m, err := r.call("GET", "/jobs/"+id, nil)
		if err != nil || code != 200 {
			t.Fatalf("poll %s: %d %v %v", id, code, m, err)
		}
		if m["status"] != "running" {
			return m
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("job %s still running", id)
	return nil
}

// submitDone submits body and returns the completed job's result.
func (r *running) submitDone(t *testing.T, body map[string]any) map[string]any {
	t.Helper()
	code, m, err := r.call("POST", "/generate", body)
	if err != nil || code != 202 {
		t.Fatalf("submit %v: %d %v %v", body, code, m, err)
	}
	j := r.waitDone(t, m["job_id"].(string))
	if j["status"] != "completed" {
		t.Fatalf("job %v", j)
	}
	return j["result"].(map[string]any)
}

// wavSamplesHash downloads a result's WAV and hashes its decoded samples.
func wavSamplesHash(t *testing.T, res map[string]any) string {
	t.Helper()
	_, data := download(t, res["song_url"].(string))
	return testutil.WAVSamplesHash(t, data)
}

// TestRecipeRendersTheSameSong: a result's recipe, sent back to
// POST /generate with another prompt on a server that has never seen the
// first job (a fresh database: the first job is as good as expired),
// renders the same decoded audio, title and tempo, and comes back with an
// equal recipe; options beside the recipe change it (bpm); a recipe of
// another engine version, or a malformed one, is a 400 saying which.
func TestRecipeRendersTheSameSong(t *testing.T) {
	lic := jobs.License{ID: "CC0-1.0", URL: "https://creativecommons.org/publicdomain/zero/1.0/", Attribution: "none", Warranty: "as is"}
	gen := func() jobs.Generator {
		return &studio.Studio{Format: "wav", Synth: synth.Options{Bank: synth.NoBank}, License: &lic}
	}
	first := startServer(t, t.TempDir(), gen(), nil)
	r1 := first.submitDone(t, map[string]any{"prompt": "happy pop song in A minor, 10 seconds", "loudness_lufs": -18})
	want := wavSamplesHash(t, r1)
	first.Stop()
	rec, _ := r1["recipe"].(map[string]any)
	if r1["engine_version"] != recipe.Version || rec == nil || rec["engine_version"] != recipe.Version {
		t.Fatalf("result provenance %v %v", r1["engine_version"], r1["recipe"])
	}
	if opts, _ := rec["options"].(map[string]any); opts["loudness_lufs"] != -18.0 || opts["format"] != "wav" || opts["seed"] == nil {
		t.Fatalf("recipe options %v: want loudness_lufs, the effective format and seed", rec["options"])
	}

	second := startServer(t, t.TempDir(), gen(), nil)
	r2 := second.submitDone(t, map[string]any{"prompt": "anything at all", "recipe": rec})
	if got := wavSamplesHash(t, r2); got != want {
		t.Fatalf("the recipe rendered other audio: samples hash %s, want %s", got, want)
	}
	if r2["title"] != r1["title"] || r2["bpm"] != r1["bpm"] || r2["duration"] != r1["duration"] || r2["tags"] != r1["tags"] {
		t.Fatalf("recipe result %v, want the song of %v", r2, r1)
	}
	if !reflect.DeepEqual(r2["recipe"], r1["recipe"]) {
		t.Fatalf("the recipe of the recipe's song %v, want %v", r2["recipe"], r1["recipe"])
	}

	r3 := second.submitDone(t, map[string]any{"prompt": "faster", "recipe": rec, "bpm": 150})
	if r3["bpm"] != 150.0 || r3["title"] != r1["title"] {
		t.Fatalf("recipe with bpm 150: %v", r3)
	}

	other := map[string]any{}
	for k, v := range rec {
		other[k] = v
	}
	other["engine_version"] = "1999.01.01.1"
	for _, c := range []struct {
		recipe any
		says   string
	}{
		{other, "engine version"},
		{map[string]any{"plan": map[string]any{}}, "malformed"},
		{map[string]any{"engine_version": recipe.Version, "plan": 3, "bank": "none"}, "recipe format 1"},
		{map[string]any{"recipe_format": recipe.Format, "engine_version": recipe.Version, "plan": 3, "bank": "none"}, "malformed"},
		{"a recipe", "JSON object"},
	} {
		code, m, err := second.call("POST", "/generate", map[string]any{"prompt": "x", "recipe": c.recipe})
		msg, _ := m["message"].(string)
		if err != nil || code != 400 || m["error"] != "invalid_request" || !strings.Contains(msg, c.says) {
			t.Errorf("recipe %v: %d %v %v, want 400 saying %q", c.recipe, code, m, err, c.says)
		}
	}
	before := heapInUse()
	for _, h := range hostileRecipes(rec) {
		code, m, err := second.call("POST", "/generate", map[string]any{"prompt": "x", "recipe": h.recipe})
		msg, _ := m["message"].(string)
		if err != nil || code != h.status() || m["error"] != h.code() || !strings.Contains(msg, h.says) {
			t.Errorf("%s: %d %v %v, want %d saying %q", h.name, code, m, err, h.status(), h.says)
		}
	}
	if grew := heapInUse() - before; grew > maxHostileGrowth {
		t.Errorf("the hostile recipes grew the heap by %d MiB", grew>>20)
	}
	raw, _ := json.Marshal(rec)
	if len(raw) > 2048 {
		t.Errorf("the recipe is %d bytes, not small: %s", len(raw), raw)
	}
}

// maxHostileGrowth is the most the heap may grow over all the hostile
// recipes (a 400 each; the 1e9 tempo once grew the server to 14.5 GB).
const maxHostileGrowth = 32 << 20

// heapInUse is the heap in use after a collection.
func heapInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse)
}

// hostileRecipe is a result's recipe with one field out of bounds, and
// what the 400 must say (a 413 when the body is past the server's limit).
type hostileRecipe struct {
	name     string
	recipe   map[string]any
	says     string
	tooLarge bool
}

// status is the HTTP status h must get.
func (h hostileRecipe) status() int {
	if h.tooLarge {
		return 413
	}
	return 400
}

// code is the error code h must get.
func (h hostileRecipe) code() string {
	if h.tooLarge {
		return "payload_too_large"
	}
	return "invalid_request"
}

// hostileRecipes are rec (a finished job's result.recipe) with one field
// each set out of its bounds (issue 27 item 1): the tempo of 1e9 that
// grew the server to 14.5 GB, and the other huge, tiny, negative and
// absurd values.
func hostileRecipes(rec map[string]any) []hostileRecipe {
	with := func(f func(r, plan map[string]any)) map[string]any {
		raw, _ := json.Marshal(rec)
		var r map[string]any
		_ = json.Unmarshal(raw, &r)
		f(r, r["plan"].(map[string]any))
		return r
	}
	edits := func(n int) []any {
		e := make([]any, n)
		for i := range e {
			e[i] = map[string]any{"bpm": 120}
		}
		return e
	}
	return []hostileRecipe{
		{"bpm 1e9", with(func(_, p map[string]any) { p["bpm"] = 1e9 }), "'recipe.plan.bpm' must be a number from 40 to 240", false},
		{"bpm 1e6", with(func(_, p map[string]any) { p["bpm"] = 1e6 }), "'recipe.plan.bpm'", false},
		{"bpm 1", with(func(_, p map[string]any) { p["bpm"] = 1 }), "'recipe.plan.bpm'", false},
		{"bpm negative", with(func(_, p map[string]any) { p["bpm"] = -120 }), "'recipe.plan.bpm'", false},
		{"bpm not a number", with(func(_, p map[string]any) { p["bpm"] = "NaN" }), "'plan.bpm' has the wrong type", false},
		{"bpm overflow", with(func(_, p map[string]any) { p["bpm"] = json.Number("1e400") }), "'plan.bpm' has the wrong type", false},
		{"length huge", with(func(_, p map[string]any) { p["duration_seconds"] = 1e12 }), "'recipe.plan.duration_seconds'", false},
		{"length negative", with(func(_, p map[string]any) { p["duration_seconds"] = -1 }), "'recipe.plan.duration_seconds'", false},
		{"meter", with(func(_, p map[string]any) { p["meter"] = 1000000 }), "'recipe.plan.meter'", false},
		{"style", with(func(_, p map[string]any) { p["style"] = "polka" }), "'recipe.plan.style'", false},
		{"instruments", with(func(_, p map[string]any) { p["instruments"] = slices.Repeat([]any{"piano"}, 100) }), "'recipe.plan.instruments' may hold at most 32 items", false},
		{"title", with(func(r, _ map[string]any) { r["title"] = strings.Repeat("Absurd ", 100) }), "'recipe.title' is 700 characters long; the maximum is 120", false},
		{"title huge", with(func(r, _ map[string]any) { r["title"] = strings.Repeat("Absurd ", 20000) }), "larger than", true},
		{"edits", with(func(r, _ map[string]any) { r["edits"] = edits(100) }), "'recipe.edits' may hold at most 32 items", false},
		{"thousands of edits", with(func(r, _ map[string]any) { r["edits"] = edits(5000) }), "larger than", true},
		{"edit bpm", with(func(r, _ map[string]any) { r["edits"] = []any{map[string]any{"bpm": 1e9}} }), "'recipe.edits[0].bpm'", false},
		{"loudness", with(func(r, _ map[string]any) { r["loudness_lufs"] = 1e9 }), "'recipe.loudness_lufs'", false},
	}
}
