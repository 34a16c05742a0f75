package main_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// songsmith backup copies the database of a live server while clients
// write to it; songsmith restore refuses while that server runs, puts the
// copy into a fresh data directory, and a server started there has every
// job and key accepted before the backup began.
func TestBackupRestoreLive(t *testing.T) {
	dir := t.TempDir()
	p := startServe(t, dir, freeAddr(t), "SONGSMITH_MAX_ACTIVE_JOBS_PER_KEY=0") // writes beyond one key's cap
	env := []string{"SONGSMITH_DATA_DIR=" + dir}
	runCLI(t, "", env, "keys", "create", "ops").want(t, 0, "keys create")

	submit := func() string {
		m := p.call(t, "POST", "/generate", `{"prompt": "lo-fi piano, 5 seconds"}`)
		id, _ := m["job_id"].(string)
		if id == "" {
			t.Errorf("submit: %v", m)
		}
		return id
	}
	var before []string
	for i := 0; i < 5; i++ {
		before = append(before, submit())
	}
	// Writes go on while the backup is made.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	var during atomic.Int32
	go func() {
		defer wg.Done()
		for during.Load() < 40 {
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
			}
			submit()
			during.Add(1)
		}
	}()
	for during.Load() < 3 {
		time.Sleep(10 * time.Millisecond)
	}
	backupFile := filepath.Join(t.TempDir(), "songsmith-backup.db")
	r := runCLI(t, "", nil, "backup", "--data-dir", dir, backupFile)
	close(stop)
	wg.Wait()
	r.want(t, 0, "backup")
	if !strings.Contains(r.stdout, "made by the running songsmith serve") {
		t.Errorf("backup of a live server: %q", r.stdout)
	}
	t.Logf("backup: %s(%d submissions from 3 before it to its end)", r.stdout, during.Load())

	live, _ := os.ReadFile(filepath.Join(dir, "songsmith.db"))
	r = runCLI(t, "", nil, "restore", "--data-dir", dir, backupFile)
	r.want(t, 1, "restore while serving")
	if !strings.Contains(r.stderr, "is running on "+dir+": stop it first") {
		t.Errorf("restore while serving: %q", r.stderr)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "songsmith.db")); len(now) < len(live) {
		t.Error("a refused restore changed the live database")
	}

	fresh := filepath.Join(t.TempDir(), "restored")
	r = runCLI(t, "", nil, "restore", "--data-dir", fresh, backupFile)
	r.want(t, 0, "restore")
	if !strings.Contains(r.stdout, "Restored ") || !strings.Contains(r.stdout, "songsmith serve --data-dir "+fresh) {
		t.Errorf("restore said %q", r.stdout)
	}
	p2 := startServe(t, fresh, freeAddr(t))
	p2.Key = p.Key // the key lives in the restored database
	for _, id := range before {
		if m := p2.call(t, "GET", "/jobs/"+id, ""); m["status"] == nil || m["prompt"] != "lo-fi piano, 5 seconds" {
			t.Errorf("job %s after restore: %v", id, m)
		}
	}
	r = runCLI(t, "", nil, "keys", "list", "--json", "--data-dir", fresh)
	r.want(t, 0, "keys list")
	var keys []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &keys); err != nil || len(keys) != 2 || !strings.Contains(r.stdout, `"ops"`) {
		t.Errorf("keys after restore: %s (%v)", r.stdout, err)
	}

	// With the server stopped, backup reads the file itself, and restore
	// keeps the database it replaces.
	_ = p2.cmd.Process.Signal(syscall.SIGTERM)
	_ = p2.cmd.Wait()
	second := filepath.Join(t.TempDir(), "second.db")
	r = runCLI(t, "", nil, "backup", "--data-dir", fresh, second)
	r.want(t, 0, "backup of a stopped server")
	if !strings.Contains(r.stdout, "read from the stopped database") {
		t.Errorf("backup of a stopped server: %q", r.stdout)
	}
	runCLI(t, "", nil, "restore", "--data-dir", fresh, second).want(t, 0, "restore over a database")
	if _, err := os.Stat(filepath.Join(fresh, "songsmith.db.bak")); err != nil {
		t.Errorf("the replaced database was not kept: %v", err)
	}
}

// restore checks the backup first: an empty, cut-short or foreign file
// changes nothing.
func TestRestoreRefusesDamagedBackup(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "songsmith.db")
	if err := os.WriteFile(dbPath, []byte("the live database"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string][]byte{
		"empty.db": nil,
		"text.db":  []byte("not a database\n"),
		"zeros.db": bytes.Repeat([]byte{0}, 16384),
	} {
		path := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(path, body, 0o600); err != nil {
			t.Fatal(err)
		}
		r := runCLI(t, "", nil, "restore", "--data-dir", dir, path)
		r.want(t, 1, "restore", name)
		if !strings.Contains(r.stderr, "is not a usable backup") || !strings.Contains(r.stderr, "nothing was changed") {
			t.Errorf("%s: %q", name, r.stderr)
		}
		if got, _ := os.ReadFile(dbPath); string(got) != "the live database" {
			t.Fatalf("%s: a refused restore changed the database", name)
		}
	}
	r := runCLI(t, "", nil, "restore", "--data-dir", dir, filepath.Join(dir, "none.db"))
	r.want(t, 1, "restore of a missing file")
	if !strings.Contains(r.stderr, "no backup file") {
		t.Errorf("missing backup: %q", r.stderr)
	}
}

// serve refuses a damaged database with a message that says what to do,
// instead of starting empty or crashing.
func TestServeRefusesDamagedDatabase(t *testing.T) {
	for name, body := range map[string][]byte{"ZeroLength": nil, "Garbage": bytes.Repeat([]byte("garbage!"), 4096)} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "songsmith.db"), body, 0o600); err != nil {
				t.Fatal(err)
			}
			r := runCLI(t, "", []string{"SONGSMITH_DATA_DIR=" + dir, "SONGSMITH_ADDR=" + freeAddr(t)}, "serve")
			r.want(t, 1, "serve")
			for _, want := range []string{"is damaged", "songsmith restore --data-dir " + dir, "mv " + filepath.Join(dir, "songsmith.db")} {
				if !strings.Contains(r.stderr, want) {
					t.Errorf("stderr %q does not say %q", r.stderr, want)
				}
			}
			if strings.Contains(r.stderr, "panic") || strings.Contains(r.stderr, "goroutine") {
				t.Errorf("serve crashed: %s", r.stderr)
			}
		})
	}
}
