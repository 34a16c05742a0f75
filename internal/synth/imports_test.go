package synth_test

import (
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestSynthDoesNotReadTheCatalogue: the synthesizer renders the mix plan
// it is handed (Options.Mix, written by the engine's mix step from the
// style's entry, internal/mix) and imports no style catalogue: the mix has
// one owner (issue 29 item 2).
func TestSynthDoesNotReadTheCatalogue(t *testing.T) {
	ents, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), e.Name(), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		n++
		for _, is := range f.Imports {
			if p, _ := strconv.Unquote(is.Path.Value); strings.HasSuffix(p, "/internal/style") {
				t.Errorf("%s imports %s: the synthesizer takes the mix plan, not the catalogue", e.Name(), p)
			}
		}
	}
	if n < 10 {
		t.Fatalf("read %d files: the sources were not found", n)
	}
}
