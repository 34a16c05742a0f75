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

// keysDataDir picks the data directory the keys commands work on: the one
// named (--data-dir, SONGSMITH_DATA_DIR), else the last songsmith serve's
// (the per-user serve.json), else ./data. A directory without a database is
// an error that says where to look, except for keys create (create true) in
// a directory named explicitly, which makes the database there; created
// then reports that.
func keysDataDir(flag string, create bool) (dir string, created bool, err error) {
	dir, named := flag, flag != ""
	if !named {
		dir, named = os.LookupEnv("SONGSMITH_DATA_DIR")
	}
	if !named {
		dir = "data"
		if st, err := readServeState(); err == nil && hasDB(st.DataDir) {
			dir = st.DataDir
		}
	}
	if !hasDB(dir) && create && named {
		return dir, true, nil
	}
	if !hasDB(dir) {
		abs, _ := filepath.Abs(dir)
		how := "give the server's data directory with --data-dir or SONGSMITH_DATA_DIR"
		if !named {
			how = "start `songsmith serve` (or `make run`) first, or " + how
		}
		return "", false, fmt.Errorf("no Songsmith database in %s: %s", abs, how)
	}
	return dir, false, nil
}

func hasDB(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "songsmith.db"))
	return !errors.Is(err, fs.ErrNotExist)
}
