package main

import (
	"context"
	"fmt"
	"os"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/soundfont"
)

// writeRecipe writes the recipe of prompt and seed (as results carry it,
// without request options) to path.
func writeRecipe(path, prompt string, seed uint64, bank string, opts engine.Options, title string) error {
	plan, songSeed := engine.ResolvePlan(prompt, seed, opts)
	raw, err := engine.MarshalPlan(plan)
	if err != nil {
		return err
	}
	r := recipe.Recipe{EngineVersion: recipe.Version, Seed: seed, SongSeed: recipe.Seed64(songSeed), Title: title,
		Bank: soundfont.Identity(bank), Plan: raw}
	b, err := r.Marshal()
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// renderRecipe renders the recipe file at path (scripts/arm64-identity.sh
// renders one on another architecture).
func renderRecipe(path, bank string, opts engine.Options) (*engine.Song, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := recipe.Parse(data)
	if err != nil {
		return nil, err
	}
	if id := soundfont.Identity(bank); r.Bank != id {
		return nil, fmt.Errorf("the recipe needs the sample bank %q; -soundfont gives %q", r.Bank, id)
	}
	plan, err := engine.UnmarshalPlan(r.Plan)
	if err != nil {
		return nil, err
	}
	return engine.RenderPlan(context.Background(), plan, uint64(r.SongSeed), r.Seed, r.Title, opts)
}
