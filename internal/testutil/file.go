package testutil

import (
	"os"
	"testing"
)

// RequireFile returns path when it names an existing file a test needs
// (a sample bank, say). When it is missing the test is skipped on a
// developer machine but fails when CI=true, like RequireTool. An empty
// path counts as missing.
func RequireFile(tb testing.TB, path, hint string) string {
	tb.Helper()
	if path != "" {
		if st, err := os.Stat(path); err == nil && !st.IsDir() {
			return path
		}
	}
	if InCI() {
		tb.Fatalf("file %q is required in CI but missing (%s)", path, hint)
	}
	tb.Skipf("file %q missing (%s)", path, hint)
	return ""
}
