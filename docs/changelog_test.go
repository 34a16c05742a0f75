package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestChangelog checks the form releasing.md gives CHANGELOG.md: a
// Deprecated list, then [Unreleased], then the releases newest first, each
// heading "## [X.Y.Z] - YYYY-MM-DD" with a semantic version and a link
// reference at the bottom, and no other level-2 heading.
func TestChangelog(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	release := regexp.MustCompile(`^## \[(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?\] - \d{4}-\d{2}-\d{2}$`)
	var headings []string
	var prev [3]int
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "## ") {
			continue
		}
		headings = append(headings, line)
		switch {
		case line == "## Deprecated":
			if len(headings) != 1 {
				t.Errorf("%q must come first, before [Unreleased]", line)
			}
		case line == "## [Unreleased]":
			if len(headings) != 2 {
				t.Errorf("%q must follow the Deprecated list, before every release", line)
			}
		case release.MatchString(line):
			m := release.FindStringSubmatch(line)
			var v [3]int
			for i := range v {
				v[i], _ = strconv.Atoi(m[i+1])
			}
			if prev != [3]int{} && !older(v, prev) {
				t.Errorf("%q is not older than the release above it: newest first", line)
			}
			prev = v
			ver := strings.TrimPrefix(strings.SplitN(line, "]", 2)[0], "## ")
			if !strings.Contains(text, "\n"+ver+"]: ") {
				t.Errorf("%s has no link reference at the bottom (%s]: https://...)", line, ver)
			}
		default:
			t.Errorf("%q is neither a release heading (## [X.Y.Z] - YYYY-MM-DD), [Unreleased] nor the Deprecated list", line)
		}
	}
	if len(headings) < 3 {
		t.Fatalf("CHANGELOG.md has %d level-2 headings, want the Deprecated list, [Unreleased] and at least one release", len(headings))
	}
	if !strings.Contains(text, "\n[Unreleased]: ") {
		t.Error("CHANGELOG.md lacks the [Unreleased] link reference")
	}
	_, after, ok := strings.Cut(text, "\n## Deprecated\n")
	deprecated, _, _ := strings.Cut(after, "\n## ")
	if !ok || !strings.Contains(deprecated, "| Deprecated | Since | Use instead |") {
		t.Error("the Deprecated list lacks its table (| Deprecated | Since | Use instead |)")
	}
}

// older reports whether version a precedes version b.
func older(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
