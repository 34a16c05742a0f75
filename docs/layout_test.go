// Package docs_test checks Songsmith's documentation against the code: the
// package list of layout.md against `go list ./...`, and the form of
// CHANGELOG.md that docs/releasing.md describes. (The configuration table,
// the walkthrough, the SDK's program and the exit codes are checked by the
// packages they document: see testing.md.)
package docs_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// root is the repository's root, seen from this package's directory.
const root = ".."

// TestLayoutListsEveryPackage: the package list of layout.md (between its
// layout markers) names every package that `go list ./...` reports, in the
// main module and in any module nested in the repository, and nothing else:
// a line ending in "/" names a directory that holds no package.
func TestLayoutListsEveryPackage(t *testing.T) {
	listed := layoutEntries(t)
	pkgs := modulePackages(t)
	seen := map[string]bool{}
	for _, e := range listed {
		if seen[e] {
			t.Errorf("layout.md lists %s twice", e)
		}
		seen[e] = true
		if dir, ok := strings.CutSuffix(e, "/"); ok {
			if fi, err := os.Stat(filepath.Join(root, dir)); err != nil || !fi.IsDir() {
				t.Errorf("layout.md lists the directory %s, which does not exist", e)
			}
			if slices.Contains(pkgs, dir) {
				t.Errorf("layout.md lists %s as a directory, but it is a package: drop the trailing /", e)
			}
			continue
		}
		if !slices.Contains(pkgs, e) {
			t.Errorf("layout.md lists %s, which is not a package of the module (go list ./...)", e)
		}
	}
	for _, p := range pkgs {
		if !seen[p] {
			t.Errorf("layout.md does not list the package %s: add a line for it", p)
		}
	}
}

// layoutEntries returns the first field of every line in layout.md's
// package list.
func layoutEntries(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("layout.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "<!-- layout:start -->")
	block, _, ok2 := strings.Cut(rest, "<!-- layout:end -->")
	if !ok || !ok2 {
		t.Fatal("layout.md lacks the <!-- layout:start --> and <!-- layout:end --> markers")
	}
	var entries []string
	for _, line := range strings.Split(block, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "```") {
			continue
		}
		if len(f) < 2 {
			t.Errorf("layout.md line %q says nothing about %s", line, f[0])
		}
		entries = append(entries, f[0])
	}
	if len(entries) < 10 {
		t.Fatalf("layout.md lists %d entries: the block was read wrongly", len(entries))
	}
	return entries
}

// modulePackages returns the directories, relative to the root, of every
// package `go list ./...` reports in each module of the repository.
func modulePackages(t *testing.T) []string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the packages: %v", err)
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	err = filepath.WalkDir(abs, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != abs && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "build" || d.Name() == "data") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() != "go.mod" {
			return nil
		}
		cmd := exec.Command(goTool, "list", "-f", "{{.Dir}}", "./...")
		cmd.Dir = filepath.Dir(path)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list ./... in %s: %v", cmd.Dir, err)
		}
		for _, dir := range strings.Fields(string(out)) {
			rel, err := filepath.Rel(abs, dir)
			if err != nil {
				return err
			}
			pkgs = append(pkgs, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(pkgs, "internal/jobs") {
		t.Fatalf("go list found %d packages and not internal/jobs: it read the tree wrongly", len(pkgs))
	}
	slices.Sort(pkgs)
	return slices.Compact(pkgs)
}
