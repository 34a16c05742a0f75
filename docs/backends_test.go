package docs_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestBboltStaysInEmbedded: no package of the module but internal/embedded
// imports go.etcd.io/bbolt (or one of its packages), tests included, so the
// storage seam holds: callers see the ports and embedded.ErrLocked, never
// bbolt's types or errors, and another backend can replace the embedded one.
func TestBboltStaysInEmbedded(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the imports: %v", err)
	}
	cmd := exec.Command(goTool, "list", "-e", "-f",
		`{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}`, "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const embedded = "github.com/songsmith/songsmith/internal/embedded"
	n := 0
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		n++
		if f[0] == embedded {
			continue
		}
		for _, imp := range f[1:] {
			if imp == "go.etcd.io/bbolt" || strings.HasPrefix(imp, "go.etcd.io/bbolt/") {
				t.Errorf("%s imports %s: only internal/embedded may (wrap its errors there, e.g. embedded.ErrLocked)", f[0], imp)
			}
		}
	}
	if n < 20 {
		t.Fatalf("go list reported %d packages: it read the tree wrongly", n)
	}
}

// TestBackendsPageNamesEverySuite: docs/backends.md names every exported
// contract suite of internal/jobs/jobstest (func RunX) and every port
// (interface type) of internal/jobs, so a suite or port added without a
// word on that page fails here.
func TestBackendsPageNamesEverySuite(t *testing.T) {
	page, err := os.ReadFile("backends.md")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(root, "internal/jobs/jobstest/*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no jobstest sources: %v", err)
	}
	suites := regexp.MustCompile(`(?m)^func (Run[A-Z]\w*)\(`)
	var names []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range suites.FindAllStringSubmatch(string(src), -1) {
			names = append(names, "jobstest."+m[1])
		}
	}
	domain, err := filepath.Glob(filepath.Join(root, "internal/jobs/*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range domain {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`(?m)^type ([A-Z]\w*) interface`).FindAllStringSubmatch(string(src), -1) {
			names = append(names, "jobs."+m[1])
		}
	}
	if len(names) < 10 {
		t.Fatalf("found %d suites and ports: the sources were read wrongly", len(names))
	}
	for _, name := range names {
		if !strings.Contains(string(page), "`"+name+"`") {
			t.Errorf("backends.md does not name `%s`", name)
		}
	}
}

// TestDomainImportsOnlyTheSchema: internal/request (the request schema,
// with internal/chordchart and internal/tune, the chord charts and
// melodies it checks),
// internal/jobs/delivery (a webhook's delivery record) and
// internal/jobs/mediakey (the media keys), internal/jobs/measured (the
// measured block) and internal/logctx (log
// attributes, the logger and clock fallbacks) link no package
// of the module, and internal/jobs links only them, so the domain stays the
// standard library plus its own request schema.
func TestDomainImportsOnlyTheSchema(t *testing.T) {
	const mod = "github.com/songsmith/songsmith/"
	for pkg, allowed := range map[string][]string{
		"internal/request":       {"internal/request", "internal/chordchart", "internal/tune"},
		"internal/tune":          {"internal/tune"},
		"internal/jobs/delivery": {"internal/jobs/delivery"},
		"internal/jobs/mediakey": {"internal/jobs/mediakey"},
		"internal/jobs/measured": {"internal/jobs/measured"},
		"internal/logctx":        {"internal/logctx"},
		"internal/chordchart":    {"internal/chordchart"},
		"internal/jobs":          {"internal/jobs", "internal/request", "internal/chordchart", "internal/tune", "internal/jobs/delivery", "internal/jobs/mediakey", "internal/jobs/measured", "internal/logctx"},
	} {
		cmd := exec.Command("go", "list", "-deps", "./"+pkg)
		cmd.Dir = root
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		if !strings.Contains(string(out), mod+pkg) {
			t.Fatalf("go list -deps %s does not list the package: it read the tree wrongly", pkg)
		}
		for _, dep := range strings.Fields(string(out)) {
			if rest, ok := strings.CutPrefix(dep, mod); ok && !slices.Contains(allowed, rest) {
				t.Errorf("%s links %s; it may link only %v of the module", pkg, rest, allowed)
			}
		}
	}
}
