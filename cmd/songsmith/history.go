package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/songsmith/songsmith/client"
)

// historyEntry is one job generate submitted, as `jobs list` shows it.
type historyEntry struct {
	JobID       string `json:"job_id"`
	URL         string `json:"url"`
	Prompt      string `json:"prompt"`
	SubmittedAt string `json:"submitted_at"` // UTC, in the API's time layout
}

// Bounds of the history: it is trimmed to maxHistory entries once its file
// passes trimHistoryBytes.
const (
	maxHistory       = 200
	trimHistoryBytes = 256 << 10
)

// historyPath is the file of the local job history:
// $XDG_STATE_HOME/songsmith/jobs.jsonl, else ~/.local/state/songsmith/jobs.jsonl.
func historyPath() (string, error) { return statePath("jobs.jsonl") }

// statePath is name in the per-user state directory:
// $XDG_STATE_HOME/songsmith, else ~/.local/state/songsmith.
func statePath(name string) (string, error) {
	dir := os.Getenv("XDG_STATE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "songsmith", name), nil
}

// recordJob appends a submitted job to the history. A history that cannot
// be written is not an error of the command: the job exists either way.
func recordJob(base string, sub *client.Submission, prompt string) {
	path, err := historyPath()
	if err != nil {
		return
	}
	line, err := json.Marshal(historyEntry{JobID: sub.JobID, URL: base, Prompt: prompt,
		SubmittedAt: time.Now().UTC().Format(client.TimeLayout)})
	if err != nil {
		return
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return
	}
	_, _ = f.Write(append(line, '\n')) // one write: concurrent runs do not interleave lines
	fi, err := f.Stat()
	f.Close()
	if err == nil && fi.Size() > trimHistoryBytes {
		_ = trimHistory(path)
	}
}

// trimHistory keeps the newest maxHistory entries of the history at path.
func trimHistory(path string) error {
	entries, err := readHistory(path)
	if err != nil || len(entries) <= maxHistory {
		return err
	}
	var buf bytes.Buffer
	for _, e := range entries[len(entries)-maxHistory:] {
		line, _ := json.Marshal(e)
		buf.Write(append(line, '\n'))
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// readHistory returns the entries of the history at path, oldest first,
// skipping lines it cannot read; a missing file is an empty history.
func readHistory(path string) ([]historyEntry, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the job history: %w", err)
	}
	defer f.Close()
	var entries []historyEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var e historyEntry
		if json.Unmarshal(sc.Bytes(), &e) == nil && e.JobID != "" {
			entries = append(entries, e)
		}
	}
	return entries, sc.Err()
}

// recentJobs returns up to n entries of the history, newest first (all
// with n <= 0).
func recentJobs(n int) ([]historyEntry, error) {
	path, err := historyPath()
	if err != nil {
		return nil, err
	}
	entries, err := readHistory(path)
	if err != nil {
		return nil, err
	}
	slices.Reverse(entries)
	if n > 0 && len(entries) > n {
		entries = entries[:n]
	}
	return entries, nil
}
