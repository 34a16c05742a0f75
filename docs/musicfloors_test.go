package docs_test

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestMusicFloors: every package of the composer (internal/music and the
// packages under it) has a floor in layout.md ("music floor N"), and
// imports only packages of the composer on lower floors, so that the
// stages stay in order: harmony knows no sections, form no part writers.
func TestMusicFloors(t *testing.T) {
	b, err := os.ReadFile("layout.md")
	if err != nil {
		t.Fatal(err)
	}
	floors := map[string]int{}
	re := regexp.MustCompile(`(?m)^(internal/music\S*)\s.*\(music floor (\d+)\)$`)
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		floors[m[1]], _ = strconv.Atoi(m[2])
	}
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./internal/music/...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/songsmith/songsmith/"
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], module)
		floor, ok := floors[pkg]
		if !ok {
			t.Errorf("layout.md gives %s no music floor", pkg)
			continue
		}
		n++
		for _, imp := range f[1:] {
			imp = strings.TrimPrefix(imp, module)
			if !strings.HasPrefix(imp, "internal/music") {
				continue
			}
			if floors[imp] >= floor {
				t.Errorf("%s (music floor %d) imports %s (music floor %d): a package imports only lower floors", pkg, floor, imp, floors[imp])
			}
		}
	}
	if n < 2 {
		t.Fatalf("checked %d packages of the composer: the list was read wrongly", n)
	}
}
