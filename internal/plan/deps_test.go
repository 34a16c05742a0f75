package plan_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// moduleDeps returns the packages of this module that pkg links (itself
// included), without the module path.
func moduleDeps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
	}
	var deps []string
	for _, p := range strings.Fields(string(out)) {
		if rest, ok := strings.CutPrefix(p, "github.com/songsmith/songsmith/"); ok {
			deps = append(deps, rest)
		}
	}
	return deps
}

// TestLayers: the plan is data between reader and composer (it links
// only the score and the style catalogue of this module, with the mix
// plans the catalogue's entries name: internal/mixplan, and the melody a
// request gives: internal/tune, standard library only), and the reader
// never links the composer, nor the composer the reader.
func TestLayers(t *testing.T) {
	plan := moduleDeps(t, "../plan")
	if !slices.Contains(plan, "internal/score") {
		t.Fatal("internal/plan does not link internal/score: the check reads go list wrongly")
	}
	for _, d := range plan {
		if !slices.Contains([]string{"internal/plan", "internal/score", "internal/style", "internal/mixplan", "internal/tune"}, d) {
			t.Errorf("internal/plan links %s; it may link only internal/score, internal/style, internal/mixplan and internal/tune", d)
		}
	}
	reader := moduleDeps(t, "../reader")
	if !slices.Contains(reader, "internal/plan") {
		t.Fatal("internal/reader does not link internal/plan: the check reads go list wrongly")
	}
	if slices.Contains(reader, "internal/music") {
		t.Error("internal/reader links the composer (internal/music)")
	}
	if slices.Contains(moduleDeps(t, "../music"), "internal/reader") {
		t.Error("the composer (internal/music) links the reader (internal/reader)")
	}
}
