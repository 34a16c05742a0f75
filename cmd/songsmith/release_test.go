package main_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
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

// make release cross-compiles in pure Go and writes SHA256SUMS over what
// it built. One foreign target (windows/arm64: another OS, another
// architecture, an .exe) keeps the test to one cold build; the default
// RELEASE_TARGETS are the six of docs/releasing.md.
func TestMakeRelease(t *testing.T) {
	mk := testutil.RequireTool(t, "make")
	dist := t.TempDir()
	cmd := exec.Command(mk, "-s", "-C", "../..", "release", "DIST="+dist, "RELEASE_TARGETS=windows/arm64", "VERSION=v9.9.9-test")
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make release: %v\n%s", err, out)
	}
	name := "songsmith_v9.9.9-test_windows_arm64.exe"
	bin, err := os.ReadFile(filepath.Join(dist, name))
	if err != nil {
		t.Fatal(err)
	}
	if len(bin) < 2 || string(bin[:2]) != "MZ" {
		t.Errorf("%s is not a Windows executable", name)
	}
	if !bytes.Contains(bin, []byte("v9.9.9-test")) {
		t.Errorf("%s does not carry its version", name)
	}
	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%x  %s\n", sha256.Sum256(bin), name)
	if string(sums) != want {
		t.Errorf("SHA256SUMS = %q, want %q", sums, want)
	}
	mf, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"} {
		if !bytes.Contains(mf, []byte(target)) {
			t.Errorf("Makefile's RELEASE_TARGETS lack %s", target)
		}
	}
}
