package jobs_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// maxExported bounds the face of package jobs (issue 29 item 5: it had
// 186 exported names, 140 by this count): the job domain, results, keys,
// the ports, the service and the error codes, and nothing that belongs to
// one adapter (internal/jobs/backend), the request schema
// (internal/request), the media keys (internal/jobs/mediakey) or the
// webhook's delivery record (internal/jobs/delivery).
const maxExported = 100

// TestExportedNames counts the exported names of package jobs: top-level
// types, functions, variables and constants, and the exported methods of
// its exported types.
func TestExportedNames(t *testing.T) {
	ents, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var names []string
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, exported(f)...)
	}
	if len(names) < 50 {
		t.Fatalf("counted %d exported names: the sources were read wrongly", len(names))
	}
	if len(names) > maxExported {
		t.Errorf("package jobs exports %d names, at most %d: move what belongs to one adapter, the schema or a leaf package out\n%s",
			len(names), maxExported, strings.Join(names, "\n"))
	}
	t.Logf("package jobs exports %d names", len(names))
}

// exported lists the exported names f declares.
func exported(f *ast.File) []string {
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			if d.Recv == nil {
				names = append(names, d.Name.Name)
			} else if recv := receiver(d); ast.IsExported(recv) {
				names = append(names, recv+"."+d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() {
						names = append(names, s.Name.Name)
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.IsExported() {
							names = append(names, n.Name)
						}
					}
				}
			}
		}
	}
	return names
}

// receiver is the name of a method's receiver type.
func receiver(d *ast.FuncDecl) string {
	t := d.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
