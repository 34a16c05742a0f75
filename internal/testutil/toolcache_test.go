package testutil_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// TestToolCacheKey checks the agreement run's cache key: the same bytes
// and tool find the same result, a changed byte or another tool identity
// (another option, another build) misses, and the key is the bytes' SHA-256.
func TestToolCacheKey(t *testing.T) {
	c, err := testutil.OpenToolCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	wav := []byte("RIFF....WAVEfmt song one")
	k := c.Key(wav, "aubio tempo | aubio=0123")
	if len(k) != 64+1+32 || k[64] != '/' {
		t.Errorf("key %q: want 64 hex digits, a slash and 32", k)
	}
	if got := c.Key(append([]byte(nil), wav...), "aubio tempo | aubio=0123"); got != k {
		t.Errorf("the same bytes and tool give %q then %q", k, got)
	}
	other := append([]byte(nil), wav...)
	other[len(other)-1] ^= 1
	for _, miss := range []string{c.Key(other, "aubio tempo | aubio=0123"), c.Key(wav, "aubio tempo | aubio=4567"), c.Key(wav, "bpm -m 40 -x 240 | bpm=0123")} {
		if miss == k {
			t.Errorf("a changed byte or tool gives the same key %q", k)
		}
	}
	if sum := sha256.Sum256(wav); strings.Split(k, "/")[0] != hex.EncodeToString(sum[:]) {
		t.Errorf("the key's first part is not the bytes' SHA-256: %q", k)
	}
}

// TestToolCacheDo checks that Do runs the tool once per bytes and tool,
// keeps nothing when the tool fails, and that the nil cache runs it every
// time.
func TestToolCacheDo(t *testing.T) {
	dir := t.TempDir()
	c, err := testutil.OpenToolCache(dir)
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	run := func() (string, error) { runs++; return "120.5 bpm", nil }
	wav := []byte("song")
	for i, wantHit := range []bool{false, true} {
		r, hit, err := c.Do(wav, "bpm", run)
		if err != nil || r != "120.5 bpm" || hit != wantHit {
			t.Errorf("call %d: %q, hit %v, %v; want 120.5 bpm, hit %v", i, r, hit, err, wantHit)
		}
	}
	if runs != 1 {
		t.Errorf("the tool ran %d times for one file, want 1", runs)
	}
	if _, _, err := c.Do([]byte("song 2"), "bpm", func() (string, error) { return "", errors.New("bpm failed") }); err == nil {
		t.Error("a failing tool gave no error")
	}
	if _, ok := c.Get(c.Key([]byte("song 2"), "bpm")); ok {
		t.Error("a failed run was kept")
	}
	// a second cache on the same directory (the next run) finds the result
	c2, _ := testutil.OpenToolCache(dir)
	if r, ok := c2.Get(c2.Key(wav, "bpm")); !ok || r != "120.5 bpm" {
		t.Errorf("the next run finds %q, %v", r, ok)
	}
	var none *testutil.ToolCache
	n := 0
	for range 2 {
		if _, hit, _ := none.Do(wav, "bpm", func() (string, error) { n++; return "x", nil }); hit {
			t.Error("the nil cache hit")
		}
	}
	if n != 2 {
		t.Errorf("the nil cache ran the tool %d times, want 2", n)
	}
	if c, err := testutil.OpenToolCache(""); c != nil || err != nil {
		t.Errorf(`OpenToolCache("") = %v, %v; want nil, nil`, c, err)
	}
}

// TestDefaultToolCacheDir checks MEASURE_AGREEMENT_CACHE: a directory, "off",
// or unset (the user's cache directory).
func TestDefaultToolCacheDir(t *testing.T) {
	t.Setenv("MEASURE_AGREEMENT_CACHE", "/tmp/x-agreement")
	if d := testutil.DefaultToolCacheDir(); d != "/tmp/x-agreement" {
		t.Errorf("MEASURE_AGREEMENT_CACHE=/tmp/x-agreement gives %q", d)
	}
	t.Setenv("MEASURE_AGREEMENT_CACHE", "off")
	if d := testutil.DefaultToolCacheDir(); d != "" {
		t.Errorf("MEASURE_AGREEMENT_CACHE=off gives %q, want none", d)
	}
	t.Setenv("MEASURE_AGREEMENT_CACHE", "")
	t.Setenv("XDG_CACHE_HOME", "/tmp/xdg")
	if d := testutil.DefaultToolCacheDir(); d != filepath.Join("/tmp/xdg", "songsmith-agreement") {
		t.Errorf("XDG_CACHE_HOME=/tmp/xdg gives %q", d)
	}
}

// TestToolID checks that a tool's identity names its build: another
// executable under the same name is another identity.
func TestToolID(t *testing.T) {
	bin := t.TempDir()
	t.Setenv("PATH", bin)
	write := func(body string) {
		if err := os.WriteFile(filepath.Join(bin, "faketool"), []byte("#!/bin/sh\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("echo 1\n")
	a := testutil.ToolID([]string{"faketool", "-x"}, "faketool")
	write("echo 2\n")
	b := testutil.ToolID([]string{"faketool", "-x"}, "faketool")
	if a == b {
		t.Errorf("two builds of a tool have one identity %q", a)
	}
	if c := testutil.ToolID([]string{"faketool", "-y"}, "faketool"); c == b {
		t.Errorf("two command lines have one identity %q", c)
	}
	if m := testutil.ToolID(nil, "songsmith-no-such-tool"); !strings.Contains(m, "missing") {
		t.Errorf("a missing program's identity %q does not say so", m)
	}
}
