package main_test

import (
	"strings"
	"testing"
)

// SONGSMITH_MP3_BITRATE=130 (no MP3 bitrate) stops serve at startup with
// a message naming the variable and the bitrates it may be, before any
// job could fail at encoding.
func TestServeRejectsUnsupportedBitrate(t *testing.T) {
	dir := t.TempDir()
	r := runCLI(t, dir, []string{"SONGSMITH_MP3_BITRATE=130", "SONGSMITH_DATA_DIR=" + dir, "SONGSMITH_ADDR=127.0.0.1:0"}, "serve")
	if r.code == 0 || !strings.Contains(r.stderr, "SONGSMITH_MP3_BITRATE") || !strings.Contains(r.stderr, "128, 160, 192, 224, 256, 320") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
}
