package engine

import (
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/style"
)

// styleOf is the resolver's one look-up of a style by name below the
// reader: the catalogue entry of genre, or pop's for a genre the catalogue
// does not know (as the composer falls back). Every later stage (perform,
// synth, cover) takes the entry it returns and never looks a style up
// itself; a test in style_test.go fails when another production file
// calls style.Lookup.
func styleOf(genre string) *style.Style {
	st, ok := style.Lookup(genre)
	if !ok {
		st = style.Must(string(plan.Pop))
	}
	return &st
}
