package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecipeFlag: --recipe takes the recipe from the JSON generate writes
// (a job), a result, a bare recipe file or the recipe's JSON text, and
// refuses a file without one.
func TestRecipeFlag(t *testing.T) {
	rec := `{"engine_version":"v1","seed":7,"plan":{}}`
	dir := t.TempDir()
	for _, c := range []struct{ name, content string }{
		{"job.json", `{"job_id":"x","status":"completed","result":{"title":"T","recipe":` + rec + `}}`},
		{"result.json", `{"title":"T","recipe":` + rec + `}`},
		{"recipe.json", "  " + rec + "\n"},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
			t.Fatal(err)
		}
		var f recipeFlag
		if err := f.Set(path); err != nil || f.String() != rec {
			t.Errorf("%s: %q, %v", c.name, f.String(), err)
		}
	}
	var f recipeFlag
	if err := f.Set(rec); err != nil || f.String() != rec {
		t.Errorf("inline: %q, %v", f.String(), err)
	}
	bad := filepath.Join(dir, "bad.json")
	_ = os.WriteFile(bad, []byte(`{"title":"no recipe here"}`), 0o644)
	for _, v := range []string{bad, filepath.Join(dir, "missing.json"), "{not json"} {
		if err := f.Set(v); err == nil || !strings.Contains(err.Error(), "recipe") {
			t.Errorf("%s: %v, want an error about the recipe", v, err)
		}
	}
}

// TestRecipeFlagAsksOnlyForItsFlags: a recipe whose song was made with
// stems and MIDI is sent without them (a re-render makes only the files
// its own flags ask for), keeping every other member; its title is the
// prompt of a generate without one.
func TestRecipeFlagAsksOnlyForItsFlags(t *testing.T) {
	rec := `{"recipe_format":2,"engine_version":"v","title":"Paper Boats","plan":{"bpm":84},"options":{"seed":7,"format":"wav","outputs":["stems","midi"]}}`
	var f recipeFlag
	if err := f.Set(rec); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(f.String()), &got); err != nil {
		t.Fatal(err)
	}
	opts, _ := got["options"].(map[string]any)
	plan, _ := got["plan"].(map[string]any)
	if _, ok := opts["outputs"]; ok || opts["format"] != "wav" || opts["seed"] != 7.0 || plan["bpm"] != 84.0 || got["recipe_format"] != 2.0 {
		t.Fatalf("sent %s", f.String())
	}
	if f.prompt() != "Paper Boats" {
		t.Fatalf("prompt %q", f.prompt())
	}
	var untitled recipeFlag
	if err := untitled.Set(`{"engine_version":"v"}`); err != nil || untitled.prompt() == "" {
		t.Fatalf("untitled: %q %v", untitled.prompt(), err)
	}
}

// TestGenerateRecipeWithoutPrompt: `generate --recipe FILE` needs no
// prompt: it submits the recipe with its title as the prompt, without the
// extra outputs of the recipe's first render, and only the changes its
// flags ask for (--bpm here).
func TestGenerateRecipeWithoutPrompt(t *testing.T) {
	var body map[string]json.RawMessage
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &body)
		w.WriteHeader(http.StatusAccepted)
		_, _ = io.WriteString(w, `{"message":"ok","job_id":"00000000-0000-4000-8000-000000000001","poll_url":"/jobs/00000000-0000-4000-8000-000000000001"}`)
	}))
	defer srv.Close()
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	file := filepath.Join(t.TempDir(), "song.json")
	rec := `{"recipe_format":2,"engine_version":"v","title":"Paper Boats","plan":{"bpm":84},"options":{"seed":7,"outputs":["stems"]}}`
	if err := os.WriteFile(file, []byte(`{"job_id":"x","result":{"recipe":`+rec+`}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := newGenerateCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(io.Discard)
	cmd.SetArgs([]string{"--recipe", file, "--bpm", "90", "--no-wait", "-q", "--url", srv.URL, "--key", "ss_0123456789ab_testsecrettestsecret0123"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	var prompt string
	var sent map[string]any
	_ = json.Unmarshal(body["prompt"], &prompt)
	_ = json.Unmarshal(body["recipe"], &sent)
	opts, _ := sent["options"].(map[string]any)
	if prompt != "Paper Boats" || string(body["bpm"]) != "90" || body["outputs"] != nil || opts["outputs"] != nil || opts["seed"] != 7.0 {
		t.Fatalf("sent %v", body)
	}
	if !strings.Contains(out.String(), "00000000-0000-4000-8000-000000000001") {
		t.Fatalf("printed %q, want the job id", out.String())
	}
}
