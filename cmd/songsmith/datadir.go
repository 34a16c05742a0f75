package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// serveStateFile is the per-user record of the running local server (its
// data directory and URL), so that the keys commands find its database
// from any directory.
const serveStateFile = "serve.json"

// serveState is what serve records in the per-user state directory.
type serveState struct {
	DataDir string `json:"data_dir"` // absolute
	URL     string `json:"url"`
	PID     int    `json:"pid"`
}

// recordServe writes the per-user serve.json for a server on dataDir and
// returns a function that removes it again (if it still names this
// process). Failing to write it is not an error of serve: the keys
// commands then need --data-dir.
func recordServe(dataDir, url string) (remove func()) {
	path, err := statePath(serveStateFile)
	abs, aerr := filepath.Abs(dataDir)
	if err != nil || aerr != nil {
		return func() {}
	}
	b, _ := json.Marshal(serveState{DataDir: abs, URL: url, PID: os.Getpid()})
	if os.MkdirAll(filepath.Dir(path), 0o700) != nil || os.WriteFile(path, append(b, '\n'), 0o600) != nil {
		return func() {}
	}
	return func() {
		if st, err := readServeState(); err == nil && st.PID == os.Getpid() {
			os.Remove(path)
		}
	}
}

func readServeState() (*serveState, error) {
	path, err := statePath(serveStateFile)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var st serveState
	if err := json.Unmarshal(b, &st); err != nil || st.DataDir == "" {
		return nil, fmt.Errorf("%s: not a serve record", path)
	}
	return &st, nil
}

// keysDB is the one database a keys command acts on, and why.
type keysDB struct {
	dir     string // as named or found
	from    string // what chose it: "--data-dir", "SONGSMITH_DATA_DIR", "./data", the serve record
	created bool   // keys create makes the database there
}

// keysDataDir picks the data directory the keys commands work on: the one
// named (--data-dir, then SONGSMITH_DATA_DIR), else ./data when it holds a
// database, else the running songsmith serve's (the per-user serve.json,
// used only while the process it names is alive and is the server of that
// data directory, by its admin.json). A directory without a database is an
// error that says where to look, except for keys create (create true) in a
// directory named explicitly, which makes the database there.
func keysDataDir(flag string, create bool) (keysDB, error) {
	db := keysDB{dir: flag, from: "--data-dir"}
	named := flag != ""
	if !named {
		db.dir, named = os.LookupEnv("SONGSMITH_DATA_DIR")
		db.from = "SONGSMITH_DATA_DIR"
	}
	if !named {
		db = keysDB{dir: "data", from: "./data"}
		if st, err := readServeState(); !hasDB(db.dir) && err == nil && liveServe(st) {
			path, _ := statePath(serveStateFile)
			db = keysDB{dir: st.DataDir, from: "the running songsmith serve (" + path + ")"}
		}
	}
	if !hasDB(db.dir) && create && named {
		db.created = true
		return db, nil
	}
	if !hasDB(db.dir) {
		abs, _ := filepath.Abs(db.dir)
		how := "give the server's data directory with --data-dir or SONGSMITH_DATA_DIR"
		if !named {
			how = "start `songsmith serve` (or `make run`) first, or " + how
		}
		return keysDB{}, fmt.Errorf("no Songsmith database in %s: %s", abs, how)
	}
	return db, nil
}

// liveServe tells whether the serve record st is of a server that still
// runs on its data directory: its process is alive and the directory's
// admin.json was written by that same process. A record left behind by a
// killed server, or one whose directory another server has taken since, is
// never used.
func liveServe(st *serveState) bool {
	if st.PID <= 0 || !processAlive(st.PID) || !hasDB(st.DataDir) {
		return false
	}
	info, err := readAdminFile(st.DataDir)
	return err == nil && info.PID == st.PID
}

func hasDB(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "songsmith.db"))
	return !errors.Is(err, fs.ErrNotExist)
}
