package engine_test

import (
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/score"
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
