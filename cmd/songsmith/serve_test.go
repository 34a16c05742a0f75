package main_test

import (
	"strings"
	"testing"
)

// A second serve on a busy address or on the data directory of a running
// serve says which and how to fix it.
func TestSecondServeSaysWhy(t *testing.T) {
	dir, addr := t.TempDir(), freeAddr(t)
	startServe(t, dir, addr)
	r := runCLI(t, "", []string{"SONGSMITH_DATA_DIR=" + t.TempDir()}, "serve", "--addr", addr)
	r.want(t, 1)
	if !strings.Contains(r.stderr, addr+" is in use (another songsmith serve?)") || !strings.Contains(r.stderr, "--addr") {
		t.Errorf("busy address: stderr %q", r.stderr)
	}
	r = runCLI(t, "", []string{"SONGSMITH_DATA_DIR=" + dir, "SONGSMITH_ADDR=" + freeAddr(t)}, "serve")
	r.want(t, 1)
	if !strings.Contains(r.stderr, "the database in "+dir+" is in use") || !strings.Contains(r.stderr, "--data-dir") {
		t.Errorf("busy data directory: stderr %q", r.stderr)
	}
}
