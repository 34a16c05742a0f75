package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// make help lists every phony target of the Makefiles (but the
// per-resource builds sam build calls) with its description, and the LICENSE and
// CHANGELOG the README points to exist.
func TestMakeHelpAndReleaseFiles(t *testing.T) {
	mk := testutil.RequireTool(t, "make")
	out, err := exec.Command(mk, "-s", "-C", "../..", "help").Output()
	if err != nil {
		t.Fatalf("make help: %v", err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			t.Errorf("make help line %q has no description", line)
			continue
		}
		listed[f[0]] = true
	}
	for _, file := range []string{"Makefile", "Makefile.aws"} {
		b, err := os.ReadFile(filepath.Join("../..", file))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			names, ok := strings.CutPrefix(line, ".PHONY:")
			if !ok {
				continue
			}
			for _, name := range strings.Fields(names) {
				if !listed[name] && !strings.HasPrefix(name, "build-") { // build-<LogicalId>: sam build calls those
					t.Errorf("make help does not list %s (%s): give it a ## %s: comment", name, file, name)
				}
			}
		}
	}
	for _, want := range []string{"run", "test", "help"} {
		if !listed[want] {
			t.Errorf("make help lacks %s", want)
		}
	}
	if b, err := os.ReadFile("../../LICENSE"); err != nil || !strings.Contains(string(b), "MIT License") {
		t.Errorf("LICENSE: %v", err)
	}
	if b, err := os.ReadFile("../../CHANGELOG.md"); err != nil || !strings.Contains(string(b), "## [Unreleased]") {
		t.Errorf("CHANGELOG.md: %v", err)
	}
}
