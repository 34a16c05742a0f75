package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// The engine's packages, read by TestFunctionSize (relative to this one).
var enginePackages = []string{"../music", "../engine", "../perform", "../synth", "../edit", "../reader", "../tune"}

const (
	maxFunctionLines = 80 // from the line of func to its closing brace
	maxComplexity    = 25 // cyclomatic, counted as gocyclo counts it
)

// TestFunctionSize holds every function of the engine's production code
// (internal/music and the packages under it, engine, perform, synth, edit,
// reader, tune) to at most 80 lines and a cyclomatic complexity of at most 25
// (issue 29): a function past either is split by what it does, as the
// drummer, the lead and the bass were.
func TestFunctionSize(t *testing.T) {
	fset := token.NewFileSet()
	n := 0
	for _, root := range enginePackages {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				n++
				name := funcName(fd)
				lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
				if lines > maxFunctionLines {
					t.Errorf("%s: %s is %d lines (at most %d)", fset.Position(fd.Pos()), name, lines, maxFunctionLines)
				}
				if c := complexity(fd); c > maxComplexity {
					t.Errorf("%s: %s has cyclomatic complexity %d (at most %d)", fset.Position(fd.Pos()), name, c, maxComplexity)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 500 {
		t.Fatalf("read %d functions: the engine's sources were not found", n)
	}
}

// TestComplexityCounts checks the count against gocyclo's on known shapes.
func TestComplexityCounts(t *testing.T) {
	for src, want := range map[string]int{
		"func f() {}": 1,
		"func f(a, b bool) { if a && b || a { return } }":                                      4,
		"func f(x int) { for i := range x { switch i { case 1, 2: case 3: default: } } }":      4,
		"func f(c chan int) { select { case <-c: default: }; for { break } }":                  3,
		"func f() { g := func(a bool) { if a {} }; _ = g }":                                    2,
		"func f(x any) { switch x.(type) { case int: case string: }; if x != nil && true {} }": 5,
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package x\n"+src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := complexity(f.Decls[0].(*ast.FuncDecl)); got != want {
			t.Errorf("complexity of %q = %d, want %d", src, got, want)
		}
	}
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	recv := fd.Recv.List[0].Type
	if s, ok := recv.(*ast.StarExpr); ok {
		recv = s.X
	}
	if ix, ok := recv.(*ast.IndexExpr); ok {
		recv = ix.X
	}
	if id, ok := recv.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// complexity is the cyclomatic complexity of a function as gocyclo
// (github.com/fzipp/gocyclo) counts it: one, plus one for every if, for,
// range, non-default case of a switch or select, && and ||, function
// literals included.
func complexity(fd *ast.FuncDecl) int {
	c := 1
	ast.Inspect(fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt:
			c++
		case *ast.CaseClause:
			if n.List != nil {
				c++
			}
		case *ast.CommClause:
			if n.Comm != nil {
				c++
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				c++
			}
		}
		return true
	})
	return c
}
