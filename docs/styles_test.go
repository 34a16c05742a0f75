package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/style"
)

// TestPromptsListEveryStyle: the list of styles in prompts.md ("**Styles**
// (N): a, b, ... and z, with their sub-genre names") names every style of
// the catalogue, nothing else, and counts them: a style added to the
// catalogue but not to the page (or the reverse) fails here.
func TestPromptsListEveryStyle(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "docs", "prompts.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)\*\*Styles\*\* \((\d+)\): (.*?), with their`).FindStringSubmatch(string(b))
	if m == nil {
		t.Fatal(`prompts.md: no "**Styles** (N): ..., with their" list`)
	}
	text := strings.Join(strings.Fields(m[2]), " ")
	var listed []string
	for _, part := range strings.Split(text, ", ") {
		if a, z, ok := strings.Cut(part, " and "); ok && !slices.Contains(style.Names(), part) {
			listed = append(listed, a, z)
			continue
		}
		listed = append(listed, part)
	}
	want := style.Names()
	if n, _ := strconv.Atoi(m[1]); n != len(want) {
		t.Errorf("prompts.md counts %d styles, the catalogue has %d", n, len(want))
	}
	for _, s := range want {
		if !slices.Contains(listed, s) {
			t.Errorf("prompts.md does not list the catalogue's style %q", s)
		}
	}
	for _, s := range listed {
		if !slices.Contains(want, s) {
			t.Errorf("prompts.md lists %q, which is no style of the catalogue", s)
		}
	}
	if len(listed) != len(want) {
		t.Errorf("prompts.md lists %d names for %d styles", len(listed), len(want))
	}
}

// TestStyleCounts: every "catalogue of N styles" of the README and the
// engine's page counts the catalogue.
func TestStyleCounts(t *testing.T) {
	re := regexp.MustCompile(`catalogue\s+of\s+(\d+)\s+styles`)
	for _, name := range []string{"README.md", filepath.Join("docs", "engine.md")} {
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		ms := re.FindAllStringSubmatch(string(b), -1)
		if len(ms) == 0 {
			t.Errorf("%s: no \"catalogue of N styles\"", name)
		}
		for _, m := range ms {
			if n, _ := strconv.Atoi(m[1]); n != len(style.Names()) {
				t.Errorf("%s: catalogue of %d styles, the catalogue has %d", name, n, len(style.Names()))
			}
		}
	}
}
