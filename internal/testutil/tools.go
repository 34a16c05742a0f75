// Package testutil holds helpers shared by tests: outside tools, temp dirs.
package testutil

import (
	"os"
	"os/exec"
	"testing"
)

// RequireTool returns the path of an outside command a test needs. When the
// command is missing the test is skipped on a developer machine, but fails
// when CI=true, so that CI never passes by silently skipping a suite.
// `make test` installs every tool the tests name.
func RequireTool(tb testing.TB, name string) string {
	tb.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if InCI() {
		tb.Fatalf("%s is required in CI but not on PATH (make test installs it)", name)
	}
	tb.Skipf("%s not on PATH; run `make test` to install it", name)
	return ""
}

// InCI reports whether the tests run under CI (CI=true).
func InCI() bool { return os.Getenv("CI") == "true" }
