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

// make release builds each target with one pure-Go command (CGO_ENABLED=0)
// and writes SHA256SUMS over what it built. The test builds the host's own
// target through make release (its packages are in the build cache) and
// checks every foreign target's package graph: go list for that GOOS and
// GOARCH, without cgo, finds every package of the command and no error
// (a file that exists for one system only, a dependency that needs cgo).
// A full cold cross-compile takes minutes on a loaded machine; the
// windows/arm64 binary was built and checked by hand (docs/releasing.md).
func TestMakeRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: make release builds every platform")
	}
	mk := testutil.RequireTool(t, "make")
	goTool := testutil.RequireTool(t, "go")
	hostOS, _ := exec.Command(goTool, "env", "GOOS").Output()
	hostArch, _ := exec.Command(goTool, "env", "GOARCH").Output()
	host := strings.TrimSpace(string(hostOS)) + "/" + strings.TrimSpace(string(hostArch))
	dist := t.TempDir()
	cmd := exec.Command(mk, "-s", "-C", "../..", "release", "DIST="+dist, "RELEASE_TARGETS="+host, "VERSION=v9.9.9-test")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make release: %v\n%s", err, out)
	}
	name := "songsmith_v9.9.9-test_" + strings.ReplaceAll(host, "/", "_")
	if strings.HasPrefix(host, "windows/") {
		name += ".exe"
	}
	bin, err := os.ReadFile(filepath.Join(dist, name))
	if err != nil {
		t.Fatal(err)
	}
	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%x  %s\n", sha256.Sum256(bin), name); string(sums) != want {
		t.Errorf("SHA256SUMS = %q, want %q", sums, want)
	}
	if got, err := exec.Command(filepath.Join(dist, name), "--version").Output(); err != nil || string(got) != "songsmith v9.9.9-test\n" {
		t.Errorf("%s --version = %q (%v)", name, got, err)
	}

	mf, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"} {
		if !bytes.Contains(mf, []byte(target)) {
			t.Errorf("Makefile's RELEASE_TARGETS lack %s", target)
		}
		goos, goarch, _ := strings.Cut(target, "/")
		list := exec.Command(goTool, "list", "-e", "-deps", "-f", "{{.ImportPath}} {{if .Error}}{{.Error}}{{end}}{{if .CgoFiles}}cgo{{end}}", ".")
		list.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
		out, err := list.CombinedOutput()
		if err != nil {
			t.Errorf("go list for %s: %v\n%s", target, err, out)
			continue
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if path, problem, _ := strings.Cut(line, " "); problem != "" {
				t.Errorf("%s: package %s: %s", target, path, problem)
			}
		}
	}
}
