package studio_test

import (
	"context"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// samplesHash is the SHA-256 of a WAV song's decoded samples.
func samplesHash(t *testing.T, song *jobs.Song) string {
	t.Helper()
	return testutil.WAVSamplesHash(t, song.Audio.Data)
}

// TestRecipesAndEdits: a recipe carries the edits that made its song, so
// the recipe of a song made with intensity, and of an edited song, renders
// the same samples again (intensity applied once, the edit chain kept); a
// request with a recipe and a tempo edits the recipe's song exactly as
// POST /jobs/{id}/edit edits the source (the same samples); an edit of a
// job made from a recipe starts from the recipe.
func TestRecipesAndEdits(t *testing.T) {
	testutil.SkipRaceShort(t)
	s := &studio.Studio{Format: "wav", Synth: synth.Options{Bank: synth.NoBank}}
	ctx := context.Background()
	const prompt = "warm lo-fi hip hop with piano, 12 seconds"
	gen := func(prompt string, o jobs.Options) *jobs.Song {
		t.Helper()
		if err := o.FromRecipe(); err != nil { // as Service.Submit does
			t.Fatal(err)
		}
		if err := o.Normalize(); err != nil {
			t.Fatal(err)
		}
		song, err := s.Generate(ctx, prompt, 5, o)
		if err != nil {
			t.Fatal(err)
		}
		return song
	}
	busy := 0.9
	a := gen(prompt, jobs.Options{Intensity: &busy})
	b := gen("anything", jobs.Options{Recipe: a.Recipe})
	if samplesHash(t, a) != samplesHash(t, b) {
		t.Fatal("the recipe of a song made with intensity renders another song")
	}
	srcOpts := jobs.Options{Intensity: &busy}
	e := gen(prompt, jobs.Options{BPM: 100, Source: &request.EditSource{Prompt: prompt, Seed: 5, Options: &srcOpts}})
	if samplesHash(t, e) == samplesHash(t, a) {
		t.Fatal("a tempo edit left the song as it was")
	}
	f := gen("anything", jobs.Options{Recipe: e.Recipe})
	if samplesHash(t, f) != samplesHash(t, e) {
		t.Fatal("the recipe of an edited song renders another song")
	}
	g := gen("anything", jobs.Options{Recipe: a.Recipe, BPM: 100})
	if samplesHash(t, g) != samplesHash(t, e) {
		t.Fatal("a recipe with a tempo is not the edit of the recipe's song")
	}
	fromRecipe := jobs.Options{Recipe: a.Recipe}
	if err := fromRecipe.FromRecipe(); err != nil {
		t.Fatal(err)
	}
	h := gen("anything", jobs.Options{BPM: 100, Source: &request.EditSource{Prompt: "anything", Seed: 5, Options: &fromRecipe}})
	if samplesHash(t, h) != samplesHash(t, e) {
		t.Fatal("an edit of a job made from a recipe does not start from the recipe's song")
	}
}
