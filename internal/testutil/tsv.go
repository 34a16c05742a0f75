package testutil

import (
	"iter"
	"os"
	"strings"
	"testing"
)

// TSVLines returns the lines of a tab-separated corpus file (the prompt
// corpus of internal/reader, the casting corpus of internal/music) by line
// number, less blank lines and # comments, in order.
func TSVLines(tb testing.TB, path string) iter.Seq2[int, string] {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return func(yield func(int, string) bool) {
		for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if !yield(i+1, line) {
				return
			}
		}
	}
}
