package testutil

import (
	"fmt"
	"math"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Tempi is the tempo two outside trackers hear in one WAV file.
type Tempi struct {
	// Aubio is `aubio tempo`'s answer (the mean of its beat-to-beat tempi).
	Aubio float64
	// BPMTools is bpm-tools' answer over its default range (84-146 bpm).
	BPMTools float64
	// BPMWide is bpm-tools' answer over the engine's whole range (40-240 bpm).
	BPMWide float64
}

// AgreeTempo reports whether two tempi agree within 3 %, or one is the
// other's double or half within 3 % (the rule of issue 30 item 4).
func AgreeTempo(a, b float64) bool {
	for _, m := range []float64{1, 2, 0.5} {
		if a > 0 && b > 0 && math.Abs(a/(b*m)-1) <= 0.03 {
			return true
		}
	}
	return false
}

// Heard reports which trackers hear bpm (within 3 %, or its double or
// half): "A" for aubio, "B" for bpm-tools in either range, "-" for none
// of them ("AB" for both).
func (t Tempi) Heard(bpm float64) string {
	s := ""
	if AgreeTempo(bpm, t.Aubio) {
		s += "A"
	}
	if AgreeTempo(bpm, t.BPMTools) || AgreeTempo(bpm, t.BPMWide) {
		s += "B"
	}
	if s == "" {
		return "-"
	}
	return s
}

// HearTempo runs aubio and bpm-tools (its default range and 40-240 bpm)
// on a WAV file. The commands must be on PATH (RequireTool "aubio", "bpm"
// and "sox" first).
func HearTempo(tb testing.TB, path string) Tempi {
	tb.Helper()
	var t Tempi
	out, err := exec.Command("aubio", "tempo", path).Output()
	if err != nil {
		tb.Fatalf("aubio tempo: %v", err)
	}
	// aubio prints "<bpm> bpm" last.
	if f := strings.Fields(strings.TrimSpace(string(out))); len(f) >= 2 {
		t.Aubio, _ = strconv.ParseFloat(f[len(f)-2], 64)
	}
	t.BPMTools = RunBPM(tb, path)
	t.BPMWide = RunBPM(tb, path, "-m", "40", "-x", "240")
	return t
}

// HearsTempo reports whether aubio or bpm-tools (its default range, then
// 40-240 bpm) hears bpm in a WAV file (within 3 %, or its double or half),
// running each tool only while none has heard it yet; Tempi holds what
// the tools that ran heard (zero for those that did not run).
func HearsTempo(tb testing.TB, path string, bpm float64) (Tempi, bool) {
	tb.Helper()
	var t Tempi
	if t.BPMTools = RunBPM(tb, path); AgreeTempo(bpm, t.BPMTools) {
		return t, true
	}
	out, err := exec.Command("aubio", "tempo", path).Output()
	if err != nil {
		tb.Fatalf("aubio tempo: %v", err)
	}
	if f := strings.Fields(strings.TrimSpace(string(out))); len(f) >= 2 {
		t.Aubio, _ = strconv.ParseFloat(f[len(f)-2], 64)
	}
	if AgreeTempo(bpm, t.Aubio) {
		return t, true
	}
	t.BPMWide = RunBPM(tb, path, "-m", "40", "-x", "240")
	return t, AgreeTempo(bpm, t.BPMWide)
}

var bpmNum = regexp.MustCompile(`([0-9.]+)`)

// RunBPM runs bpm-tools with args on a WAV file (mono float samples from
// sox, as its manual pipes them) and returns its tempo.
func RunBPM(tb testing.TB, path string, args ...string) float64 {
	tb.Helper()
	out, err := BPMOutput(path, args...)
	if err != nil {
		tb.Fatalf("bpm-tools: %v", err)
	}
	return ParseBPM(out)
}

// BPMOutput runs bpm-tools with args on a WAV file (mono float samples
// from sox) and returns what it printed.
func BPMOutput(path string, args ...string) (string, error) {
	sox := exec.Command("sox", path, "-t", "raw", "-r", "44100", "-e", "float", "-c", "1", "-")
	bpm := exec.Command("bpm", args...)
	var err error
	if bpm.Stdin, err = sox.StdoutPipe(); err != nil {
		return "", err
	}
	if err := sox.Start(); err != nil {
		return "", fmt.Errorf("sox: %w", err)
	}
	out, err := bpm.Output()
	_ = sox.Wait()
	return string(out), err
}

// ParseBPM reads the tempo bpm-tools printed (0 when it printed none).
func ParseBPM(out string) float64 {
	v := 0.0
	if m := bpmNum.FindStringSubmatch(out); m != nil {
		v, _ = strconv.ParseFloat(m[1], 64)
	}
	return v
}
