package recipe_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/recipe"
)

func TestParse(t *testing.T) {
	r := recipe.Recipe{EngineVersion: recipe.Version, Seed: 42, SongSeed: 1<<64 - 2, Title: "T", Bank: recipe.NoBank,
		Plan: json.RawMessage(`{"BPM":97}`), Options: json.RawMessage(`{"seed":42}`)}
	raw, err := r.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), `"song_seed":"fffffffffffffffe"`) {
		t.Fatalf("song_seed not as 16 hex digits: %s", raw)
	}
	got, err := recipe.Parse(raw)
	if err != nil || got.SongSeed != r.SongSeed || got.Seed != 42 || string(got.Plan) != `{"BPM":97}` {
		t.Fatalf("round trip %+v, %v", got, err)
	}
	if a, b := recipe.SHA256(raw), recipe.SHA256(raw); a != b || len(a) != 64 {
		t.Fatalf("SHA256 %q", a)
	}
	for _, c := range []struct{ raw, says string }{
		{`{"engine_version":"0.1","seed":1,"song_seed":"0000000000000001","title":"T","bank":"none","plan":{}}`, `engine version "0.1"`},
		{`{"seed":1,"plan":{},"bank":"none"}`, "no 'engine_version'"},
		{`{"engine_version":"` + recipe.Version + `","plan":[],"bank":"none"}`, "'plan' must be an object"},
		{`{"engine_version":"` + recipe.Version + `","plan":{}}`, "no 'bank'"},
		{`{"engine_version":"` + recipe.Version + `","plan":{},"bank":"none","extra":1}`, "malformed"},
		{`{"engine_version":"` + recipe.Version + `","song_seed":12,"plan":{},"bank":"none"}`, "malformed"},
		{`{"engine_version":"` + recipe.Version + `","song_seed":"12","plan":{},"bank":"none"}`, "malformed"},
		{`{"engine_version":"` + recipe.Version + `","seed":"x","plan":{},"bank":"none"}`, "'seed' has the wrong type"},
	} {
		_, err := recipe.Parse([]byte(c.raw))
		if !jobs.IsCode(err, jobs.EInvalid) || !strings.Contains(jobs.ErrorMessage(err), c.says) {
			t.Errorf("%s: %v, want invalid saying %q", c.raw, err, c.says)
		}
	}
}
