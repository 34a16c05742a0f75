package main_test

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/zip"

	"github.com/songsmith/songsmith/internal/testutil"
)

// clientPath is the SDK's module: the client/ directory with its own go.mod.
const clientPath = modulePath + "/client"

// releaseClient is the one step of a client release that edits files
// (docs/releasing.md): go test ./cmd/songsmith/ -run '^TestClientReleased$'
// -args -release-client vX.Y.Z makes go.mod require client/ as vX.Y.Z,
// writes go.sum's hashes of that content and points go.work's replace of
// that version at client/.
var releaseClient = flag.String("release-client", "", "make go.mod and go.sum require the client/ directory as this client version (docs/releasing.md)")

// requiredClient returns the client version the main module's go.mod
// requires, and the go.sum lines of that version (content and go.mod).
func requiredClient(t *testing.T, root string) (version, sum, modSum string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.ParseLax("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range f.Require {
		if r.Mod.Path == clientPath {
			version = r.Mod.Version
		}
	}
	if version == "" {
		t.Fatalf("go.mod does not require %s: the CLI uses the SDK through its released version", clientPath)
	}
	sums, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(sums), "\n") {
		switch f := strings.Fields(line); {
		case len(f) == 3 && f[0] == clientPath && f[1] == version:
			sum = f[2]
		case len(f) == 3 && f[0] == clientPath && f[1] == version+"/go.mod":
			modSum = f[2]
		}
	}
	if sum == "" || modSum == "" {
		t.Fatalf("go.sum lacks the hashes of %s %s", clientPath, version)
	}
	return version, sum, modSum
}

// publishClient writes the client module in dir (a client/ directory) into
// the file-based module proxy at proxy as version, and returns the hashes go
// computes for it: the h1 of the module zip and of its go.mod.
func publishClient(t *testing.T, proxy, dir, version string) (sum, modSum string) {
	t.Helper()
	vdir := filepath.Join(proxy, clientPath, "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		t.Fatal(err)
	}
	zipName := filepath.Join(vdir, version+".zip")
	zf, err := os.Create(zipName)
	if err != nil {
		t.Fatal(err)
	}
	if err := zip.CreateFromDir(zf, module.Version{Path: clientPath, Version: version}, dir); err != nil {
		t.Fatalf("module zip of %s: %v", dir, err)
	}
	if err := zf.Close(); err != nil {
		t.Fatal(err)
	}
	if sum, err = dirhash.HashZip(zipName, dirhash.Hash1); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	modSum, err = dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(gomod)), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	info := fmt.Sprintf(`{"Version":%q,"Time":%q}`, version, time.Unix(0, 0).UTC().Format(time.RFC3339))
	for name, body := range map[string][]byte{"list": []byte(version + "\n"), version + ".mod": gomod, version + ".info": []byte(info)} {
		if err := os.WriteFile(filepath.Join(vdir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return sum, modSum
}

// clientChanged is the failure when client/ is not the content go.sum
// records for the version go.mod requires.
func clientChanged(version string) string {
	return fmt.Sprintf("client changed since client/%s: release a new client version (docs/releasing.md)", version)
}

// TestClientReleased checks that client/ is exactly the SDK version the main
// module requires: its module zip hashes to go.sum's h1 for that version.
// Inside the repository the workspace (go.work) builds the CLI with client/;
// `go install ...@tag` builds it with the required version from the module
// proxy. Equal content makes both the same, so the CLI never depends on SDK
// code that is not released. With -release-client vX.Y.Z it rewrites the
// requirement and go.sum for client/ as vX.Y.Z instead.
func TestClientReleased(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds against the released SDK")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if *releaseClient != "" {
		writeClientRelease(t, root, *releaseClient)
	}
	version, sum, modSum := requiredClient(t, root)
	gotSum, gotModSum := publishClient(t, t.TempDir(), filepath.Join(root, "client"), version)
	if gotSum != sum || gotModSum != modSum {
		t.Fatalf("%s\n(client/ hashes to %s, go.mod %s; go.sum has %s, %s)", clientChanged(version), gotSum, gotModSum, sum, modSum)
	}
	// A workspace module does not stand in for the versions other go.mod
	// files require (golang/go#66516): without this replace, every build in
	// the repository would fetch client@version's go.mod from the proxy.
	data, err := os.ReadFile(filepath.Join(root, "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	work, err := modfile.ParseWork("go.work", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	uses := map[string]bool{}
	for _, u := range work.Use {
		uses[u.Path] = true
	}
	if !uses["."] || !uses["./client"] || len(work.Use) != 2 {
		t.Errorf("go.work uses %v, want . and ./client", work.Use)
	}
	want := module.Version{Path: clientPath, Version: version}
	if len(work.Replace) != 1 || work.Replace[0].Old != want || work.Replace[0].New != (module.Version{Path: "./client"}) {
		t.Errorf("go.work must replace exactly %s %s with ./client (the version go.mod requires), has %v", clientPath, version, work.Replace)
	}
}

// writeClientRelease makes go.mod require client/ as version and replaces
// go.sum's client lines with that content's hashes.
func writeClientRelease(t *testing.T, root, version string) {
	t.Helper()
	if !semverRelease(version) {
		t.Fatalf("-release-client %q: want a release version vX.Y.Z", version)
	}
	sum, modSum := publishClient(t, t.TempDir(), filepath.Join(root, "client"), version)
	goTool := testutil.RequireTool(t, "go")
	old, _, _ := requiredClient(t, root)
	for _, args := range [][]string{
		{"mod", "edit", "-require=" + clientPath + "@" + version},
		{"work", "edit", "-dropreplace=" + clientPath + "@" + old, "-replace=" + clientPath + "@" + version + "=./client"},
	} {
		edit := exec.Command(goTool, args...)
		edit.Dir = root
		if out, err := edit.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	name := filepath.Join(root, "go.sum")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	ours := []string{clientPath + " " + version + " " + sum, clientPath + " " + version + "/go.mod " + modSum}
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(line, clientPath+" ") {
			lines = append(lines, line)
		}
	}
	at := len(lines)
	for i, line := range lines {
		if line > ours[0] {
			at = i
			break
		}
	}
	lines = append(lines[:at], append(ours, lines[at:]...)...)
	if err := os.WriteFile(name, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("go.mod requires %s %s; go.sum: %s", clientPath, version, sum)
}

// semverRelease reports whether v is a plain release version vX.Y.Z.
func semverRelease(v string) bool {
	var a, b, c int
	n, err := fmt.Sscanf(v, "v%d.%d.%d", &a, &b, &c)
	return err == nil && n == 3 && fmt.Sprintf("v%d.%d.%d", a, b, c) == v
}

// TestClientModuleKeepsUsersGoVersion is a user's module outside the
// repository that requires only the SDK: go mod tidy, with the SDK served by
// a file-based module proxy, keeps the user's go 1.23 (the SDK's own go
// directive, the lowest it can honestly be: iter.Seq2 needs 1.23) and
// brings in no other module.
func TestClientModuleKeepsUsersGoVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a user module")
	}
	goTool := testutil.RequireTool(t, "go")
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	version, _, _ := requiredClient(t, root)
	proxy := t.TempDir()
	publishClient(t, proxy, filepath.Join(root, "client"), version)

	user := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/user\n\ngo 1.23\n",
		"main.go": `package main

import (
	"context"
	"fmt"

	"github.com/songsmith/songsmith/client"
)

func main() {
	c := client.New("http://127.0.0.1:1", "sk_test", client.WithMaxRetries(0))
	for job, err := range c.Jobs(context.Background()) {
		fmt.Println(job, err)
		break
	}
}
`,
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(user, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Only the file proxy, and a private module cache: the SDK must need no
	// other module, and its version never reaches the shared cache.
	env := goEnv(t, t.TempDir(), "GOPROXY=file://"+filepath.ToSlash(proxy), "GONOSUMDB="+modulePath,
		"GOMODCACHE="+t.TempDir(), "GOFLAGS=-modcacherw")
	for _, args := range [][]string{{"mod", "tidy"}, {"vet", "./..."}, {"build", "./..."}} {
		cmd := exec.Command(goTool, args...)
		cmd.Dir = user
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s in a module that requires only the SDK: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	data, err := os.ReadFile(filepath.Join(user, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Go == nil || f.Go.Version != "1.23" || f.Toolchain != nil {
		t.Errorf("go mod tidy changed the user's go directive:\n%s", data)
	}
	if len(f.Require) != 1 || f.Require[0].Mod != (module.Version{Path: clientPath, Version: version}) {
		t.Errorf("the user's module requires %v, want only %s %s:\n%s", f.Require, clientPath, version, data)
	}
}
