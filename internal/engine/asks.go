package engine

import "github.com/songsmith/songsmith/internal/reader"

// Asked is what a prompt itself fixes of a song's key and tempo: what a
// collection's pieces (internal/studio) must keep while they vary the rest.
type Asked struct {
	Key bool // the prompt names a key ("in D minor")
	BPM bool // the prompt gives a tempo number ("84 bpm")
}

// Asks reads what prompt fixes of the key and tempo (the reader's plan,
// before anything is resolved).
func Asks(prompt string) Asked {
	p := reader.Parse(prompt)
	return Asked{Key: p.KeyRoot >= 0, BPM: p.ExplicitBPM}
}
