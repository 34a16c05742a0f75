package studio_test

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
