package engine_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mix"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
)

// composePerformed is the performed score, title and tags of a prompt.
func composePerformed(prompt string, seed uint64, o engine.Options) (*score.Score, string, []string) {
	c, err := engine.Compose(engine.Resolve(prompt, seed, o))
	if err != nil {
		panic(err)
	}
	return c.Score, c.Title, c.Tags
}

// composeWritten is the written score (before the performance), title and
// tags of a prompt.
func composeWritten(prompt string, seed uint64, o engine.Options) (*score.Score, string, []string) {
	c, err := engine.Compose(engine.Resolve(prompt, seed, o))
	if err != nil {
		panic(err)
	}
	return c.Written, c.Title, c.Tags
}

// composeEdited is the written score of a prompt with o.Edits applied, or
// the error of an edit the song cannot take.
func composeEdited(prompt string, seed uint64, o engine.Options) (*score.Score, string, []string, error) {
	c, err := engine.Compose(engine.Resolve(prompt, seed, o))
	if err != nil {
		return nil, "", nil, err
	}
	return c.Written, c.Title, c.Tags, nil
}

// styled returns o with the mix of s (the mix step, internal/mix) by the
// catalogue entry of s's genre, as the engine hands it to the synthesizer
// (engine.Composition.Style).
func styled(s *score.Score, o synth.Options) synth.Options {
	if st, ok := style.Lookup(s.Genre); ok {
		return mix.Of(&st, s, o)
	}
	return o
}

// recomposed is r's song composed again from its recipe: r in the
// versioned envelope, marshalled, parsed and decoded.
func recomposed(t *testing.T, r engine.Request) *engine.Composition {
	t.Helper()
	env := recipe.Recipe{RecipeFormat: recipe.Format, EngineVersion: recipe.Version, Bank: recipe.NoBank, Request: engine.EncodeRequest(r)}
	raw, err := env.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := recipe.Parse(raw)
	if err != nil {
		t.Fatalf("the recipe does not parse: %v\n%s", err, raw)
	}
	back, err := engine.DecodeRequest(parsed.Request)
	if err != nil {
		t.Fatal(err)
	}
	again, err := engine.Compose(back)
	if err != nil {
		t.Fatal(err)
	}
	return again
}
