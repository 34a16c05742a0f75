package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/httpapi"
)

// measuredJSON is the --json form of a result's measured block (nil
// without one).
func measuredJSON(m *client.Measured) *httpapi.MeasuredBody {
	if m == nil {
		return nil
	}
	v := func(x client.MeasuredValue) httpapi.MeasuredValueBody {
		return httpapi.MeasuredValueBody{Value: x.Value, Asked: x.Asked, Matches: x.Matches}
	}
	return &httpapi.MeasuredBody{
		BPM: httpapi.MeasuredTempoBody{Value: m.BPM.Value, Asked: m.BPM.Asked, Matches: m.BPM.Matches,
			FeltBPM: m.BPM.FeltBPM, Reason: m.BPM.Reason},
		Key:          httpapi.MeasuredKeyBody{Value: m.Key.Value, Asked: m.Key.Asked, Matches: m.Key.Matches, Relation: m.Key.Relation},
		LoudnessLUFS: v(m.LoudnessLUFS), TruePeakDBTP: v(m.TruePeakDBTP), Duration: v(m.Duration), AudibleEnd: v(m.AudibleEnd),
	}
}

// printMeasured prints a result's measured block on two lines: each value
// with what was asked and "ok" or "differs", then how the tempo is felt
// when it is heard at another.
func printMeasured(w io.Writer, r *client.Result) {
	if r == nil || r.Measured == nil {
		return
	}
	m := r.Measured
	ok := func(b bool) string {
		if b {
			return "ok"
		}
		return "differs"
	}
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	fmt.Fprintf(w, "measured: %s bpm (asked %s, %s) · %s (asked %s, %s) · %s LUFS (target %s, %s) · %s dBTP (ceiling %s, %s) · %s s (asked %s, %s) · sound until %s s (%s)\n",
		num(m.BPM.Value), num(m.BPM.Asked), ok(m.BPM.Matches),
		m.Key.Value, m.Key.Asked, ok(m.Key.Matches),
		num(m.LoudnessLUFS.Value), num(m.LoudnessLUFS.Asked), ok(m.LoudnessLUFS.Matches),
		num(m.TruePeakDBTP.Value), num(m.TruePeakDBTP.Asked), ok(m.TruePeakDBTP.Matches),
		num(m.Duration.Value), num(m.Duration.Asked), ok(m.Duration.Matches),
		num(m.AudibleEnd.Value), ok(m.AudibleEnd.Matches))
	if f := m.BPM.FeltBPM; f != nil {
		fmt.Fprintf(w, "felt:     %s bpm: %s\n", num(*f), m.BPM.Reason)
	}
}
