package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The lines serve prints work as printed in a fresh shell: the export
// line and the generate line, run by bash in an empty directory with none
// of the test's SONGSMITH_ variables, save a song there.
func TestWelcomeLinesWorkInAFreshShell(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is needed to run the printed lines")
	}
	p := startServe(t, t.TempDir(), freeAddr(t))
	var script []string
	for _, l := range p.printed() {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "export SONGSMITH_URL=") || strings.Contains(l, " generate \"") {
			script = append(script, l)
		}
	}
	if len(script) != 2 {
		t.Fatalf("serve printed %q, want an export line and a generate line", p.printed())
	}
	dir := t.TempDir()
	cmd := exec.Command(bash, "-euc", strings.Join(script, "\n"))
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SONGSMITH_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the printed lines failed: %v\n%s\n%s", err, strings.Join(script, "\n"), out)
	}
	songs, _ := filepath.Glob(filepath.Join(dir, "*.mp3"))
	if len(songs) != 1 {
		t.Errorf("the printed generate line saved %v", songs)
	}
}

// The keys commands find the running server's database from any
// directory (serve records its data directory per user), and never create
// a database where there is none.
func TestKeysFindTheServersData(t *testing.T) {
	state := t.TempDir()
	dataDir := t.TempDir()
	startServe(t, dataDir, freeAddr(t), "XDG_STATE_HOME="+state)
	env := []string{"XDG_STATE_HOME=" + state}
	r := runCLI(t, "", env, "keys", "list")
	r.want(t, 0, "keys list from another directory")
	if !strings.Contains(r.stdout, "dev (created by songsmith serve)") {
		t.Errorf("keys list from another directory: %q", r.stdout)
	}

	empty := t.TempDir()
	r = runCLI(t, empty, []string{"XDG_STATE_HOME=" + t.TempDir()}, "keys", "list")
	r.want(t, 1, "keys list with no server and no database")
	if !strings.Contains(r.stderr, "no Songsmith database in") || !strings.Contains(r.stderr, "--data-dir") {
		t.Errorf("keys list with no database: %q", r.stderr)
	}
	if ents, _ := os.ReadDir(empty); len(ents) != 0 {
		t.Errorf("keys list created %v", ents)
	}
	none := filepath.Join(empty, "none")
	r = runCLI(t, empty, []string{"XDG_STATE_HOME=" + t.TempDir()}, "keys", "list", "--data-dir", none)
	r.want(t, 1, "keys list on a named directory without a database")
	if _, err := os.Stat(none); !os.IsNotExist(err) {
		t.Errorf("keys list made %s", none)
	}
	// keys create on a directory named explicitly makes the database, and says so.
	r = runCLI(t, empty, []string{"XDG_STATE_HOME=" + t.TempDir()}, "keys", "create", "x", "--data-dir", none)
	r.want(t, 0, "keys create on a named directory")
	if !strings.Contains(r.stderr, "creating one") {
		t.Errorf("keys create did not say it made a database: %q", r.stderr)
	}
	if _, err := os.Stat(filepath.Join(none, "songsmith.db")); err != nil {
		t.Errorf("keys create: %v", err)
	}
}
