package engine_test

import (
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mix"
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
