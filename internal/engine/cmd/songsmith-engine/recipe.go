package main

import (
	"fmt"
	"os"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/soundfont"
)

// writeRecipe writes the recipe of req (as results carry it, without
// request options) to path.
func writeRecipe(path string, req engine.Request, bank string) error {
	r := recipe.Recipe{RecipeFormat: recipe.Format, EngineVersion: recipe.Version, Bank: soundfont.Identity(bank),
		Request: engine.EncodeRequest(req)}
	b, err := r.Marshal()
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// readRecipe reads the Request of the recipe file at path
// (scripts/arm64-identity.sh renders one on another architecture), with
// opts' synthesizer settings.
func readRecipe(path, bank string, opts engine.Options) (engine.Request, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return engine.Request{}, err
	}
	r, err := recipe.Parse(data)
	if err != nil {
		return engine.Request{}, err
	}
	if id := soundfont.Identity(bank); r.Bank != id {
		return engine.Request{}, fmt.Errorf("the recipe needs the sample bank %q; -soundfont gives %q", r.Bank, id)
	}
	req, err := engine.DecodeRequest(r.Request)
	if err != nil {
		return engine.Request{}, err
	}
	req.Synth = opts.Synth
	return req, nil
}
