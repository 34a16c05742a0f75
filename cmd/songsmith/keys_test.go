package main_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
)

// keys works while serve holds the database: through the server's
// loopback admin endpoint, so a key created or revoked is live at once.
func TestKeysWhileServing(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir, freeAddr(t))
	env := []string{"SONGSMITH_DATA_DIR=" + dir}
	status := func(key string) int {
		req, _ := http.NewRequest("GET", p.URL+"/jobs/00000000-0000-4000-8000-000000000000", nil)
		req.Header.Set("Authorization", "Bearer "+key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}

	r := runCLI(t, "", env, "keys", "create", "ci", "--ttl", "24h", "--json")
	r.want(t, 0)
	if r.took > 3*time.Second {
		t.Errorf("keys create took %v while serve runs", r.took)
	}
	var k struct{ ID, Name, Key, Status, ExpiresAt string }
	if err := json.Unmarshal([]byte(r.stdout), &k); err != nil || k.Name != "ci" || !strings.HasPrefix(k.Key, "ss_"+k.ID+"_") || k.Status != "active" {
		t.Fatalf("keys create --json: %q (%v)", r.stdout, err)
	}
	if s := status(k.Key); s != 404 {
		t.Fatalf("the new key gets %d from the running server, want 404 (authenticated)", s)
	}
	r = runCLI(t, "", env, "keys", "list", "--json")
	r.want(t, 0)
	var list []struct{ ID, Name, Status string }
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list) != 2 {
		t.Fatalf("keys list --json: %q (%v)", r.stdout, err)
	}
	r = runCLI(t, "", env, "keys", "rotate", k.ID, "--grace", "1h")
	r.want(t, 0)
	if !strings.Contains(r.stdout, "replaces "+k.ID) {
		t.Errorf("rotate: %q", r.stdout)
	}
	r = runCLI(t, "", env, "keys", "revoke", k.ID)
	r.want(t, 0)
	if s := status(k.Key); s != 401 {
		t.Errorf("revoked key gets %d, want 401", s)
	}
	r = runCLI(t, "", env, "keys", "revoke", "ffffffffffff")
	r.want(t, 4)
	if !strings.Contains(r.stderr, `no key with id "ffffffffffff": songsmith keys list shows the key ids`) {
		t.Errorf("not-found message %q", r.stderr)
	}

	// The endpoint: loopback only, token required, file private.
	info := readAdminInfo(t, dir)
	if fi, err := os.Stat(filepath.Join(dir, "admin.json")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("admin.json mode %v, want 0600", fi.Mode())
	}
	if !strings.HasPrefix(info.URL, "http://127.0.0.1:") || len(info.Token) != 64 {
		t.Errorf("admin endpoint %+v", info)
	}
	for name, set := range map[string]func(*http.Request){
		"NoToken":    func(r *http.Request) {},
		"WrongToken": func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+strings.Repeat("0", 64)) },
		"ForeignHost": func(r *http.Request) {
			r.Header.Set("Authorization", "Bearer "+info.Token)
			r.Host = "evil.example:80"
		},
	} {
		req, _ := http.NewRequest("GET", info.URL+"/admin/keys", nil)
		set(req)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 401 {
			t.Errorf("%s: %d, want 401", name, res.StatusCode)
		}
	}

	// After a graceful stop the file is gone and keys opens the database.
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	_ = p.cmd.Wait()
	if strings.Contains(p.logs.String(), info.Token) { // read only after Wait: the copy is done
		t.Error("the admin token appears in the server log")
	}
	if _, err := os.Stat(filepath.Join(dir, "admin.json")); !os.IsNotExist(err) {
		t.Errorf("admin.json left after stop: %v", err)
	}
	runCLI(t, "", env, "keys", "list").want(t, 0)
}

// After kill -9 the stale admin.json points at a closed port: keys
// ignores it and opens the database.
func TestKeysAfterKill(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir, freeAddr(t))
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	_ = p.cmd.Wait()
	readAdminInfo(t, dir)
	r := runCLI(t, "", []string{"SONGSMITH_DATA_DIR=" + dir}, "keys", "list")
	r.want(t, 0)
	if !strings.Contains(r.stdout, "dev (created by songsmith serve)") {
		t.Errorf("keys list: %q", r.stdout)
	}
}

type adminInfo struct{ URL, Token string }

func readAdminInfo(t *testing.T, dir string) adminInfo {
	t.Helper()
	var info adminInfo
	b, err := os.ReadFile(filepath.Join(dir, "admin.json"))
	if err != nil || json.Unmarshal(b, &info) != nil {
		t.Fatalf("admin.json: %v", err)
	}
	return info
}

// A database held by a process without an admin endpoint: keys fails
// after its short lock wait, saying why.
func TestKeysLockedDatabase(t *testing.T) {
	dir := t.TempDir()
	st, err := embedded.Open(filepath.Join(dir, "songsmith.db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r := runCLI(t, "", []string{"SONGSMITH_DATA_DIR=" + dir}, "keys", "list")
	r.want(t, 1)
	if !strings.Contains(r.stderr, "is in use by another process") || r.took > 4*time.Second {
		t.Errorf("after %v: %q", r.took, r.stderr)
	}
}
