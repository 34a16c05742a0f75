package client

import "encoding/json"

// Recipes and provenance (Songsmith extensions; docs/api-extensions.md).

// WithRecipe renders the song of recipe (a [Result].Recipe, JSON) again: the
// same decoded audio while the server runs the same [Result].EngineVersion,
// also after the first job expired. Other options given with it change the
// song (WithBPM, WithMusicalKey, WithDuration, WithFormat ...); the prompt
// becomes the new job's. A recipe of another engine version is refused
// with a 400 ([APIError]).
func WithRecipe(recipe string) GenerateOption {
	return func(o *generateOptions) { o.ext.Recipe = json.RawMessage(recipe) }
}

// License is the licence of a song's files ([Result].License).
type License struct {
	ID          string `json:"id"`          // SPDX identifier or LicenseRef-...
	URL         string `json:"url"`         // the terms
	Attribution string `json:"attribution"` // what to credit
	Warranty    string `json:"warranty"`    // the warranty disclaimer
}
