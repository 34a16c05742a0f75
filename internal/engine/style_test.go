package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// lookupAllowed are the production files that may look a style up by
// name: the reader reads the prompt, and the engine's resolver
// (style.go) resolves the composed song's style once for every later
// stage. The catalogue itself and the tools under scripts/ sit outside the
// engine's flow.
var lookupAllowed = map[string]bool{
	"internal/reader/read.go":  true,
	"internal/engine/style.go": true,
}

// TestStyleLookedUpOnce parses every production file of the module and
// fails when one outside lookupAllowed calls style.Lookup or style.Must
// (under any import name): perform, synth and cover take the resolved
// entry (issue 29 item 2), they never look a style up again.
func TestStyleLookedUpOnce(t *testing.T) {
	root := filepath.Join("..", "..")
	const stylePath = "github.com/songsmith/songsmith/internal/style"
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			case rel == "internal/style", rel == "scripts", rel == "third_party", rel != "." && strings.HasPrefix(d.Name(), "."),
				d.Name() == "node_modules", d.Name() == "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		name := ""
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == stylePath {
				name = "style"
				if im.Name != nil {
					name = im.Name.Name
				}
			}
		}
		if name == "" {
			return nil
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == name && (sel.Sel.Name == "Lookup" || sel.Sel.Name == "Must") && !lookupAllowed[rel] {
				t.Errorf("%s: %s.%s looks a style up by name; take the resolved entry (engine.Composition.Style) instead",
					fset.Position(sel.Pos()), name, sel.Sel.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 5 {
		t.Fatalf("only %d production files import internal/style: the walk missed the module", checked)
	}
}
