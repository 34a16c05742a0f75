package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/client"
)

// TestPrintHitLandings: the summary of a timeline with hits names where
// each landed and the odd bars; without hits it prints nothing.
func TestPrintHitLandings(t *testing.T) {
	var tl client.Timeline
	raw := `{"meter": {"signature": "4/4", "beats_per_bar": 4, "changes": [{"at": 10.5, "signature": "5/4", "beats_per_bar": 5}, {"at": 13.1, "signature": "4/4", "beats_per_bar": 4}]},
		"hits": [{"kind": "drop", "asked": 13.1, "at": 13.1, "bar": 7, "moved": 0}, {"kind": "stop", "asked": 14, "at": 14.2, "bar": 8, "moved": 0.2}]}`
	if err := json.Unmarshal([]byte(raw), &tl); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	printHitLandings(&out, &tl)
	for _, want := range []string{"hits:     drop asked 13.100 s, landed 13.100 s (bar 7, moved +0.000 s) · stop asked 14.000 s, landed 14.200 s (bar 8, moved +0.200 s)",
		"meter:    5/4 at 10.500 s · 4/4 at 13.100 s"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("printed %q, want %q", out.String(), want)
		}
	}
	out.Reset()
	printHitLandings(&out, &client.Timeline{})
	if out.Len() != 0 {
		t.Errorf("without hits: %q", out.String())
	}
}
