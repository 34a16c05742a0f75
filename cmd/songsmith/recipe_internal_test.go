package main

import (
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
