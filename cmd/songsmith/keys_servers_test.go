package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// keyIDs returns the ids keys list --json prints.
func keyIDs(t *testing.T, r result) []string {
	t.Helper()
	var list []struct{ ID string }
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil {
		t.Fatalf("keys list --json: %q: %v", r.stdout, err)
	}
	var ids []string
	for _, k := range list {
		ids = append(ids, k.ID)
	}
	return ids
}

// keyID is the id part of a full key ss_<id>_<secret>.
func keyID(full string) string {
	id, _, _ := strings.Cut(strings.TrimPrefix(full, "ss_"), "_")
	return id
}

// Two servers on two data directories and one dead serve record: every keys
// command acts on exactly one database, says which (path and server), and
// never follows a record whose process is gone or whose directory is now
// another server's.
func TestKeysNeverCrossServers(t *testing.T) {
	state := t.TempDir()
	dirA, dirB := t.TempDir(), t.TempDir()
	a := startServe(t, dirA, freeAddr(t), "XDG_STATE_HOME="+state)
	b := startServe(t, dirB, freeAddr(t), "XDG_STATE_HOME="+state) // the record now names B
	env := func(kv ...string) []string { return append([]string{"XDG_STATE_HOME=" + state}, kv...) }
	only := func(r result, want string, how string) {
		t.Helper()
		ids := keyIDs(t, r)
		if len(ids) != 1 || ids[0] != keyID(want) {
			t.Errorf("%s: keys %v, want only %s", how, ids, keyID(want))
		}
	}
	says := func(r result, dir, url, how string) {
		t.Helper()
		if !strings.Contains(r.stderr, "Keys of "+filepath.Join(dir, "songsmith.db")) || !strings.Contains(r.stderr, url) {
			t.Errorf("%s: stderr %q does not name %s and %s", how, r.stderr, dir, url)
		}
	}

	// --data-dir and SONGSMITH_DATA_DIR win over the record (which names B).
	r := runCLI(t, "", env(), "keys", "list", "--json", "--data-dir", dirA)
	r.want(t, 0)
	only(r, a.Key, "--data-dir A")
	says(r, dirA, a.URL, "--data-dir A")
	r = runCLI(t, "", env("SONGSMITH_DATA_DIR="+dirA), "keys", "list", "--json")
	r.want(t, 0)
	only(r, a.Key, "SONGSMITH_DATA_DIR=A")
	r = runCLI(t, "", env("SONGSMITH_DATA_DIR="+dirB), "keys", "list", "--json", "--data-dir", dirA)
	r.want(t, 0)
	only(r, a.Key, "--data-dir A over SONGSMITH_DATA_DIR=B")
	// A key created on A exists on A only.
	r = runCLI(t, "", env(), "keys", "create", "only-a", "--json", "--data-dir", dirA)
	r.want(t, 0)
	says(r, dirA, a.URL, "keys create --data-dir A")
	r = runCLI(t, "", env(), "keys", "list", "--json", "--data-dir", dirB)
	r.want(t, 0)
	only(r, b.Key, "B after a key was created on A")

	// Nothing named, no ./data: the live record (B), and it says so.
	r = runCLI(t, "", env(), "keys", "list", "--json")
	r.want(t, 0)
	only(r, b.Key, "the record")
	says(r, dirB, b.URL, "the record")
	if !strings.Contains(r.stderr, "serve.json") {
		t.Errorf("keys list by the record does not say it followed it: %q", r.stderr)
	}
	// ./data with a database wins over the record.
	work := t.TempDir()
	r = runCLI(t, "", env(), "keys", "create", "local", "--data-dir", filepath.Join(work, "data"))
	r.want(t, 0)
	r = runCLI(t, work, env(), "keys", "list", "--json")
	r.want(t, 0)
	if ids := keyIDs(t, r); len(ids) != 1 || ids[0] == keyID(b.Key) {
		t.Errorf("keys list in a directory with ./data: %v, want its one key", ids)
	}
	if !strings.Contains(r.stderr, "no songsmith serve runs on it") {
		t.Errorf("keys list on ./data: %q", r.stderr)
	}

	// A dead record: its process is gone, its data directory has a database.
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	dirC := t.TempDir()
	r = runCLI(t, "", env(), "keys", "create", "c", "--data-dir", dirC)
	r.want(t, 0)
	writeRecord := func(dir string, pid int) {
		t.Helper()
		rec, _ := json.Marshal(map[string]any{"data_dir": dir, "url": "http://127.0.0.1:1", "pid": pid})
		if err := os.WriteFile(filepath.Join(state, "songsmith", "serve.json"), rec, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	writeRecord(dirC, dead.Process.Pid)
	r = runCLI(t, t.TempDir(), env(), "keys", "list")
	r.want(t, 1, "keys list by a dead record")
	if !strings.Contains(r.stderr, "no Songsmith database in") {
		t.Errorf("keys list by a dead record: %q", r.stderr)
	}
	// A live process that is not the server of the recorded directory (A's
	// admin.json names A's process, not this one).
	writeRecord(dirA, os.Getpid())
	r = runCLI(t, t.TempDir(), env(), "keys", "list")
	r.want(t, 1, "keys list by a record whose pid is not the directory's server")
	// The record of B again: followed.
	writeRecord(dirB, b.cmd.Process.Pid)
	r = runCLI(t, t.TempDir(), env(), "keys", "list", "--json")
	r.want(t, 0)
	only(r, b.Key, "B's record again")
}
