package httpapi_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/request"
)

// TestOptionSpecsPlaygroundSDK checks the playground's table that turns
// a submission into the equivalent Go SDK call (SDK in app.js) against the
// table of request options: an entry for every row and none for an option
// the table lacks; every client.X it writes is declared by the client
// package (so the shown call compiles), each allowed output has its
// With... call and each allowed format its client.Format constant.
func TestOptionSpecsPlaygroundSDK(t *testing.T) {
	srv := httptest.NewServer(httpapi.New(nil, httpapi.Options{MaxBodyBytes: 1 << 10}))
	defer srv.Close()
	res, err := srv.Client().Get(srv.URL + "/playground/app.js")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	js := string(b)
	start := strings.Index(js, "const SDK = {")
	end := strings.Index(js[max(start, 0):], "\n  };")
	if start < 0 || end < 0 {
		t.Fatal("app.js has no `const SDK = { ... };` table")
	}
	table := js[start : start+end]

	var keys []string
	for _, m := range regexp.MustCompile(`(?m)^    (\w+): `).FindAllStringSubmatch(table, -1) {
		keys = append(keys, m[1])
	}
	for _, s := range request.OptionSpecs {
		if !slices.Contains(keys, s.Name) {
			t.Errorf("%s: no entry in the playground's SDK table", s.Name)
		}
	}
	for _, k := range keys {
		if _, ok := request.OptionSpecNamed(k); !ok {
			t.Errorf("SDK table entry %q has no row in request.OptionSpecs", k)
		}
	}

	declared := clientDecls(t)
	for _, m := range regexp.MustCompile(`client\.(\w+)`).FindAllStringSubmatch(table, -1) {
		if m[1] != "Format" && !declared[m[1]] {
			t.Errorf("the SDK table writes client.%s, which the client package does not declare", m[1])
		}
	}
	for _, s := range request.OptionSpecs {
		for _, v := range s.Enum {
			switch s.Type {
			case request.TypeStrings:
				if !regexp.MustCompile(`\b` + v + `: "client\.With\w+\(\)"`).MatchString(table) {
					t.Errorf("%s: no SDK call for %q", s.Name, v)
				}
			case request.TypeString:
				if c := "Format" + strings.ToUpper(v); s.Name == "format" && !declared[c] {
					t.Errorf("format %q: the client package has no %s", v, c)
				}
			}
		}
	}
}

// clientDecls is the set of exported top-level names of the client package.
func clientDecls(t *testing.T) map[string]bool {
	t.Helper()
	files, _ := filepath.Glob("../../client/*.go")
	names := map[string]bool{}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							names[n.Name] = true
						}
					case *ast.TypeSpec:
						names[sp.Name.Name] = true
					}
				}
			}
		}
	}
	if !names["WithBPM"] || !names["New"] {
		t.Fatal("parsed no client package")
	}
	return names
}
