package client_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// README.md names every exported function and every method of Client (as
// Name( in its text or examples): a call the SDK adds is documented where
// users look first.
func TestREADMENamesEveryCall(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !fn.Name.IsExported() {
				continue
			}
			if fn.Recv != nil {
				star, ok := fn.Recv.List[0].Type.(*ast.StarExpr)
				if id, isID := star.X.(*ast.Ident); !ok || !isID || id.Name != "Client" {
					continue
				}
			}
			if !strings.Contains(string(readme), fn.Name.Name+"(") {
				t.Errorf("README.md does not name %s (%s)", fn.Name.Name, name)
			}
		}
	}
}
