package main_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/zip"

	"github.com/songsmith/songsmith/internal/testutil"
)

const modulePath = "github.com/songsmith/songsmith"

// cacheProxy returns this machine's module download cache as a file-based
// proxy entry for GOPROXY (with its trailing comma), so a go command with a
// fresh, private GOMODCACHE gets the dependencies without the network while
// the versions it publishes itself never reach the shared cache.
func cacheProxy(t *testing.T, goTool string) string {
	t.Helper()
	out, err := exec.Command(goTool, "env", "GOMODCACHE").Output()
	if err != nil || strings.TrimSpace(string(out)) == "" {
		return ""
	}
	return "file://" + filepath.ToSlash(filepath.Join(strings.TrimSpace(string(out)), "cache", "download")) + ","
}

// goEnv returns the environment for a go command that installs into gobin
// with nothing of this checkout's go.mod in the way.
func goEnv(t *testing.T, gobin string, extra ...string) []string {
	t.Helper()
	env := []string{"GOBIN=" + gobin, "GOFLAGS=", "GOTOOLCHAIN=local", "GOWORK=off"}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "GOBIN" && k != "GOFLAGS" && k != "GOTOOLCHAIN" && k != "GOWORK" && k != "GOPROXY" && k != "GONOSUMDB" {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

// readmeInstall returns the module path and version of the README's go
// install line, which must name the release of cmd/songsmith/VERSION.
func readmeInstall(t *testing.T) (path, version string) {
	t.Helper()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go install (\S+)@(\S+)\s*$`).FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no line `go install github.com/songsmith/songsmith/cmd/songsmith@vX.Y.Z`")
	}
	release, err := os.ReadFile("VERSION")
	if err != nil {
		t.Fatal(err)
	}
	if string(m[1]) != modulePath+"/cmd/songsmith" || string(m[2]) != strings.TrimSpace(string(release)) {
		t.Fatalf("README.md says go install %s@%s, want %s/cmd/songsmith@%s (cmd/songsmith/VERSION)", m[1], m[2], modulePath, strings.TrimSpace(string(release)))
	}
	if !semver.IsValid(string(m[2])) || semver.Canonical(string(m[2])) != string(m[2]) {
		t.Fatalf("cmd/songsmith/VERSION %q is not a release vX.Y.Z", m[2])
	}
	return string(m[1]), string(m[2])
}

// TestGoInstall publishes the committed HEAD of this repository as the
// release the README's go install line names (cmd/songsmith/VERSION) in a
// file-based module proxy, with the SDK module (client/) at the version
// go.mod requires, then runs that line as a user would, outside any
// workspace. It fails if the module cannot be installed that way (a
// replace directive in go.mod, a missing dependency, a CLI that needs SDK
// code the required client version lacks) and checks the installed binary
// reports exactly that release.
func TestGoInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: go install of the module")
	}
	goTool := testutil.RequireTool(t, "go")
	gitTool := testutil.RequireTool(t, "git")
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(gitTool, "-C", root, "log", "-1", "--format=%H %ct").Output()
	if err != nil {
		t.Fatalf("git log: %v", err)
	}
	var hash string
	var unix int64
	if _, err := fmt.Sscan(string(out), &hash, &unix); err != nil {
		t.Fatalf("git log %q: %v", out, err)
	}
	_, version := readmeInstall(t)

	proxy := t.TempDir()
	dir := filepath.Join(proxy, modulePath, "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	zf, err := os.Create(filepath.Join(dir, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	// The committed tree, as git archive gives it (a tag would publish
	// exactly that; this works in a worktree too, where the module zip's
	// own VCS reader does not).
	tree := t.TempDir()
	archive := exec.Command(gitTool, "-C", root, "archive", "--format=tar", hash)
	untar := exec.Command("tar", "-x", "-C", tree)
	if untar.Stdin, err = archive.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if err := untar.Start(); err != nil {
		t.Fatalf("tar: %v", err)
	}
	var stderr strings.Builder
	archive.Stderr = &stderr
	if err := archive.Run(); err != nil {
		t.Fatalf("git archive: %v\n%s", err, stderr.String())
	}
	if err := untar.Wait(); err != nil {
		t.Fatalf("tar: %v", err)
	}
	if err := zip.CreateFromDir(zf, module.Version{Path: modulePath, Version: version}, tree); err != nil {
		t.Fatalf("module zip of %s: %v", hash, err)
	}
	if err := zf.Close(); err != nil {
		t.Fatal(err)
	}
	gomod, err := exec.Command(gitTool, "-C", root, "show", hash+":go.mod").Output()
	if err != nil {
		t.Fatal(err)
	}
	info := fmt.Sprintf(`{"Version":%q,"Time":%q}`, version, time.Unix(unix, 0).UTC().Format(time.RFC3339))
	for name, body := range map[string][]byte{"list": []byte(version + "\n"), version + ".mod": gomod, version + ".info": []byte(info)} {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The SDK module at the version go.mod requires, as its tag would
	// publish it: the committed client/ must be that content (go.sum's hash).
	clientVersion, sum, modSum := requiredClient(t, tree)
	if gotSum, gotModSum := publishClient(t, proxy, filepath.Join(tree, "client"), clientVersion); gotSum != sum || gotModSum != modSum {
		t.Fatalf("%s (committed client/ hashes to %s, go.sum has %s)", clientChanged(clientVersion), gotSum, sum)
	}
	upstream, _ := exec.Command(goTool, "env", "GOPROXY").Output()
	gobin := t.TempDir()
	cmd := exec.Command(goTool, "install", modulePath+"/cmd/songsmith@"+version)
	cmd.Dir = t.TempDir() // outside this module, as a user would run it
	cmd.Env = goEnv(t, gobin, "GOPROXY=file://"+filepath.ToSlash(proxy)+","+cacheProxy(t, goTool)+strings.TrimSpace(string(upstream)),
		"GONOSUMDB="+modulePath, "GOMODCACHE="+t.TempDir(), "GOFLAGS=-modcacherw -trimpath")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install %s@%s: %v\n%s", modulePath+"/cmd/songsmith", version, err, out)
	}
	got, err := exec.Command(filepath.Join(gobin, "songsmith"), "--version").CombinedOutput()
	if err != nil {
		t.Fatalf("songsmith --version: %v\n%s", err, got)
	}
	if strings.TrimSpace(string(got)) != "songsmith "+version {
		t.Errorf("songsmith --version = %q, want %q", got, "songsmith "+version)
	}
}

// TestMakeInstall runs make install into a temporary GOBIN: the binary lands
// there, stamped with the git-described version. Its build goes to a
// temporary BIN too, not the checkout's bin/: make test runs the README
// walkthrough's `make run` (bin/songsmith) beside this pass.
func TestMakeInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: make install")
	}
	mk := testutil.RequireTool(t, "make")
	gobin := t.TempDir()
	cmd := exec.Command(mk, "-s", "-C", "../..", "install", "VERSION=v9.9.9-test", "BIN="+t.TempDir())
	// In the repository, as a user runs it: the workspace (go.work) is on.
	cmd.Env = goEnv(t, gobin, "GOWORK=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make install: %v\n%s", err, out)
	}
	got, err := exec.Command(filepath.Join(gobin, "songsmith"), "--version").CombinedOutput()
	if err != nil {
		t.Fatalf("songsmith --version: %v\n%s", err, got)
	}
	if !strings.Contains(string(got), "v9.9.9-test") {
		t.Errorf("songsmith --version = %q, want v9.9.9-test", got)
	}
}

// The install lines of the READMEs name real releases: go install the
// release of cmd/songsmith/VERSION (TestGoInstall installs exactly that),
// go get the SDK version go.mod requires (TestClientReleased checks its
// content), and --version of a checkout build names the release.
func TestInstallLinesNameReleases(t *testing.T) {
	_, release := readmeInstall(t)
	clientVersion, _, _ := requiredClient(t, "../..")
	for _, file := range []string{"../../README.md", "../../client/README.md"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		gets := regexp.MustCompile(`go get `+regexp.QuoteMeta(clientPath)+`@(\S+?)[`+"`"+`\s]`).FindAllSubmatch(b, -1)
		if len(gets) == 0 {
			t.Errorf("%s has no go get %s@VERSION line", file, clientPath)
		}
		for _, m := range gets {
			if string(m[1]) != clientVersion {
				t.Errorf("%s: go get %s@%s, but go.mod requires %s", file, clientPath, m[1], clientVersion)
			}
		}
		if bytes.Contains(b, []byte("@<tag>")) || bytes.Contains(b, []byte("@latest")) {
			t.Errorf("%s has a placeholder version (@<tag> or @latest)", file)
		}
	}
	got, err := exec.Command(binPath, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "songsmith " + release + "-dev"; !strings.HasPrefix(string(got), want) {
		t.Errorf("--version of go build = %q, want %q (+commit when Go stamps it)", got, want)
	}
}
