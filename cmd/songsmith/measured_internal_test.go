package main

import (
	"strings"
	"testing"

	"github.com/songsmith/songsmith/client"
)

// The summary's measured lines: every field with what was asked and ok or
// differs, and the felt tempo with its reason; nothing without a block.
func TestPrintMeasured(t *testing.T) {
	felt := 151.6
	r := &client.Result{Measured: &client.Measured{
		BPM:          client.MeasuredTempo{Value: 75.8, Asked: 76, Matches: true, FeltBPM: &felt, Reason: "heard in double time"},
		Key:          client.MeasuredKey{Value: "C major", Asked: "D dorian", Matches: true, Relation: "same notes"},
		LoudnessLUFS: client.MeasuredValue{Value: -14.02, Asked: -14, Matches: true},
		TruePeakDBTP: client.MeasuredValue{Value: -2.5, Asked: -3},
		Duration:     client.MeasuredValue{Value: 29.92, Asked: 30, Matches: true},
		AudibleEnd:   client.MeasuredValue{Value: 29.5, Asked: 29.92, Matches: true},
	}}
	var b strings.Builder
	printMeasured(&b, r)
	for _, want := range []string{"measured: 75.8 bpm (asked 76, ok)", "C major (asked D dorian, ok)", "-14.02 LUFS (target -14, ok)",
		"-2.5 dBTP (ceiling -3, differs)", "29.92 s (asked 30, ok)", "sound until 29.5 s (ok)", "felt:     151.6 bpm: heard in double time"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("printed %q, want %q in it", b.String(), want)
		}
	}
	b.Reset()
	printMeasured(&b, &client.Result{})
	if b.Len() != 0 {
		t.Errorf("a result without a block printed %q", b.String())
	}
}
