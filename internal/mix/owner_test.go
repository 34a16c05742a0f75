package mix_test

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

// mixFields are the score's mix fields: only the mix step writes them.
var mixFields = map[string]bool{"GainDB": true, "Pan": true, "Reverb": true, "Delay": true, "Chorus": true,
	"Drive": true, "Brightness": true, "Sidechain": true, "ReverbSize": true}

// TestOnlyTheMixStepWritesTheMix: no production file of the stages before
// the mix (the composer in internal/music, the edits, the players) sets a
// score's mix fields, in a score.Track or score.Score literal or by
// assignment: the composer writes notes, not gains (issue 29 item 2). A
// file is read when it imports internal/score.
func TestOnlyTheMixStepWritesTheMix(t *testing.T) {
	files := 0
	for _, root := range []string{"../music", "../edit", "../perform"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			if name := scoreImport(f); name != "" {
				files++
				for _, w := range mixWrites(f, name) {
					t.Errorf("%s writes %s: the mix step (internal/mix) owns the mix", path, w)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 20 {
		t.Fatalf("read %d files importing internal/score: the sources were not found", files)
	}
}

// scoreImport returns the name f imports internal/score under ("" when
// it does not).
func scoreImport(f *ast.File) string {
	for _, is := range f.Imports {
		if p, _ := strconv.Unquote(is.Path.Value); strings.HasSuffix(p, "/internal/score") {
			if is.Name != nil {
				return is.Name.Name
			}
			return "score"
		}
	}
	return ""
}

// mixWrites lists the mix fields f sets: the keys of score.Track and
// score.Score literals, and assignments to a selector named like a mix
// field (in a file that imports internal/score, that is a track's or a
// score's).
func mixWrites(f *ast.File, score string) []string {
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if sel, ok := n.Type.(*ast.SelectorExpr); ok && isIdent(sel.X, score) && (sel.Sel.Name == "Track" || sel.Sel.Name == "Score") {
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok && isMixField(kv.Key) {
						out = append(out, sel.Sel.Name+"."+kv.Key.(*ast.Ident).Name)
					}
				}
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && mixFields[sel.Sel.Name] {
					out = append(out, sel.Sel.Name)
				}
			}
		}
		return true
	})
	return out
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func isMixField(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && mixFields[id.Name]
}
