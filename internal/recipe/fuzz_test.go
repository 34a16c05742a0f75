package recipe_test

import (
	"testing"
	"unicode/utf8"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/recipe"
)

// FuzzRecipe checks the recipe check never panics, refuses only with
// EInvalid, and that anything it accepts decodes into an engine Request
// within the bounds the composer can render in bounded time and memory.
func FuzzRecipe(f *testing.F) {
	r := valid()
	raw, err := r.Marshal()
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(raw))
	head := `{"recipe_format":2,"engine_version":"` + recipe.Version + `","bank":"none","seed":1,"song_seed":"0000000000000001","title":"T",`
	for _, s := range []string{
		head + `"plan":{"style":"pop","mood":"happy","bpm":100,"duration_seconds":30,"key":"C major"}}`,
		head + `"plan":{"style":"pop","mood":"happy","bpm":1e9,"duration_seconds":30,"key":"C major"}}`,
		head + `"plan":{"style":"pop","mood":"happy","bpm":100,"duration_seconds":4,"loop":true,"key":"F-sharp dorian","meter":3}}`,
		head + `"plan":{"style":"pop","mood":"happy","bpm":100,"duration_seconds":30,"key":"C major"},"edits":[{"bpm":60,"key":"E-flat","regenerate":["bridge"],"instruments":{"drums":"808","fx":null}}]}`,
		`{"engine_version":"x","plan":{"BPM":97}}`, `{}`, `[]`, `null`, ``, `{"recipe_format":2}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		rec, err := recipe.Parse(b)
		if err != nil {
			if !jobs.IsCode(err, jobs.EInvalid) {
				t.Fatalf("%v for %q", err, b)
			}
			return
		}
		req, err := engine.DecodeRequest(rec.Request)
		if err != nil {
			t.Fatalf("accepted %q but it does not decode: %v", b, err)
		}
		p := req.Plan
		if !(p.BPM >= plan.MinBPM && p.BPM <= plan.MaxBPM) || !(p.Seconds >= plan.MinLoopSeconds && p.Seconds <= plan.MaxSeconds) ||
			p.KeyRoot < 0 || p.KeyRoot > 11 || p.Meter < 0 || p.Meter > 6 || len(p.Words) > recipe.MaxWords ||
			len(p.Instruments) > recipe.MaxInstruments || len(req.Edits) > recipe.MaxEdits ||
			utf8.RuneCountInString(req.Title) > recipe.MaxTitleLen || req.LoudnessLUFS != 0 && !(req.LoudnessLUFS >= jobs.MinLUFS && req.LoudnessLUFS <= jobs.MaxLUFS) || p.Mode == "" {
			t.Fatalf("accepted %q out of bounds: %+v", b, req)
		}
		for _, e := range req.Edits {
			if e.BPM != 0 && !(e.BPM >= plan.MinBPM && e.BPM <= plan.MaxBPM) || e.Seconds != 0 && !(e.Seconds >= plan.MinLoopSeconds && e.Seconds <= plan.MaxSeconds) ||
				e.Intensity != nil && !(*e.Intensity >= 0 && *e.Intensity <= 1) || len(e.Regenerate) > 16 || len(e.Instruments) > len(jobs.EditRoles) {
				t.Fatalf("accepted %q with an edit out of bounds: %+v", b, e)
			}
		}
		// Accepted once, accepted again: the check is a function of the value.
		again, err := rec.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := recipe.Parse(again); err != nil {
			t.Fatalf("accepted %q, but not its own encoding %s: %v", b, again, err)
		}
	})
}
