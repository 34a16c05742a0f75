package mixmeter

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
)

// Rhythm is what a beat tracker hears in a file: Essentia's
// RhythmExtractor2013 (multifeature) on a mono excerpt of at most
// RhythmExcerpt seconds, from RhythmSkip seconds in when the file lasts at
// least RhythmSkip+RhythmExcerpt seconds, else from its start (the second
// study's method, /work/shared/music-reference.md).
type Rhythm struct {
	// BPM is the tempo the tracker reports.
	BPM float64 `json:"bpm"`
	// Confidence is its beat confidence (0 .. about 5.3; over 3.5 a
	// clear, steady beat).
	Confidence float64 `json:"confidence"`
	// Drift is how far the tempo moves over the excerpt, in percent:
	// TempoDrift of the tracker's beats.
	Drift float64 `json:"drift"`
}

// The excerpt Rhythm reads, in seconds.
const (
	RhythmSkip    = 15.0
	RhythmExcerpt = 60.0
)

// The drift windows of TempoDrift, in seconds.
const (
	DriftWindow = 10.0
	DriftHop    = 5.0
)

// RhythmNames name the measures of Features.Rhythm for Value:
// essentia_bpm, beat_confidence and tempo_drift.
var RhythmNames = []string{"essentia_bpm", "beat_confidence", "tempo_drift"}

// GrowthNames name the growth measures of Features for Value.
var GrowthNames = []string{"level_range", "quiet_depth", "repeats"}

// TempoDrift is the range of the local tempo over an excerpt of seconds,
// in percent of its median: the tempo of each DriftWindow window (every
// DriftHop seconds) is 60 over the median interval between the beats
// (ticks, seconds) in it, windows with fewer than 4 beats left out; the
// drift is (fastest - slowest) / median window tempo * 100 (the upper
// median for an even count), 0 without two windows.
func TempoDrift(ticks []float64, seconds float64) float64 {
	var tempi []float64
	for t0 := 0.0; t0+DriftWindow <= seconds; t0 += DriftHop {
		var in []float64
		for _, t := range ticks {
			if t >= t0 && t < t0+DriftWindow {
				in = append(in, t)
			}
		}
		if len(in) < 4 {
			continue
		}
		iv := make([]float64, 0, len(in)-1)
		for i := 1; i < len(in); i++ {
			iv = append(iv, in[i]-in[i-1])
		}
		slices.Sort(iv)
		tempi = append(tempi, 60/iv[len(iv)/2])
	}
	if len(tempi) == 0 {
		return 0
	}
	slices.Sort(tempi)
	return (tempi[len(tempi)-1] - tempi[0]) / tempi[len(tempi)/2] * 100
}

//go:embed essentia-rhythm.js
var rhythmJS []byte

// EssentiaRhythm runs Essentia (npm essentia.js 0.1.3, AGPL-3.0: an
// outside program, never linked) on one audio file with node and ffmpeg:
// modules is the node_modules folder holding essentia.js (npm install
// --prefix DIR essentia.js@0.1.3 puts it in DIR/node_modules).
func EssentiaRhythm(ctx context.Context, modules, file string) (Rhythm, error) {
	var r Rhythm
	dir, err := os.MkdirTemp("", "mixmeter-rhythm")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(dir)
	js := filepath.Join(dir, "rhythm.js")
	if err := os.WriteFile(js, rhythmJS, 0o644); err != nil {
		return r, err
	}
	// The script loads essentia.js from modules (its second argument).
	cmd := exec.CommandContext(ctx, "node", js, file, modules)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return r, fmt.Errorf("mixmeter: essentia %s: %v: %s", file, err, stderr.String())
	}
	var got struct {
		BPM        float64   `json:"bpm"`
		Confidence float64   `json:"confidence"`
		Ticks      []float64 `json:"ticks"`
		Seconds    float64   `json:"seconds"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		return r, fmt.Errorf("mixmeter: essentia %s: %w", file, err)
	}
	return Rhythm{BPM: got.BPM, Confidence: got.Confidence, Drift: TempoDrift(got.Ticks, got.Seconds)}, nil
}
