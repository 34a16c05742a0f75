package studio

import (
	"archive/zip"
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/music/describe"
	"github.com/songsmith/songsmith/internal/score"
)

// ManifestVersion is the version of the game-audio manifest's format
// (docs/game-audio.md).
const ManifestVersion = 1

// ManifestName is the manifest's file name in the layers and segments zips.
const ManifestName = "manifest.json"

// Manifest describes an adaptive package (outputs ["layers"] and
// ["segments"]) for a game engine: every position is in sample frames
// at SampleRate from the start of the song (and of every layer file).
type Manifest struct {
	Version     int     `json:"version"`
	Title       string  `json:"title"`
	SampleRate  int     `json:"sample_rate"`
	Frames      int     `json:"frames"` // the song's length: every layer's
	BPM         float64 `json:"bpm"`
	Meter       string  `json:"meter"` // "4/4", "3/4", "6/8"
	BeatsPerBar int     `json:"beats_per_bar"`
	Bars        int     `json:"bars"`
	Key         string  `json:"key"`
	// BarFrames is one bar's length in frames (not rounded) at BPM; a
	// performed tempo map (rubato) moves the bar lines: SyncPoints has
	// them where they are played.
	BarFrames float64 `json:"bar_frames"`
	// OddBars are the bars of another length than BeatsPerBar (a hit
	// point's 2/4 or 5/4 bar in 4/4; the timeline's meter.changes), in
	// order; empty when every bar is BeatsPerBar beats long.
	OddBars []ManifestOddBar `json:"odd_bars,omitempty"`
	// Loop is the loop body: [start, end) in frames, on downbeats.
	Loop FrameSpan `json:"loop"`
	// SyncPoints are the downbeats in frames: where a layer may come in or
	// a stinger or a transition may start.
	SyncPoints []int `json:"sync_points"`
	// Layers, lowest first: any prefix of them, summed, is a mix of the
	// piece; all of them sum to the song.
	Layers []ManifestLayer `json:"layers,omitempty"`
	// Segments: intro, body (loop it) and outro, to play back to back.
	Segments []ManifestSegment `json:"segments,omitempty"`
	// Stingers: two-bar cues in the song's key and tempo, to start on a
	// sync point over the music.
	Stingers []ManifestStinger `json:"stingers,omitempty"`
}

// ManifestOddBar is a bar of another length: its number (from 1, as
// SyncPoints count them), its beats and its first frame.
type ManifestOddBar struct {
	Bar   int `json:"bar"`
	Beats int `json:"beats"`
	Frame int `json:"frame"`
}

// ManifestStinger is one stinger file: its kind (success, danger,
// transition), its bars and its length with the ring-out, in frames.
type ManifestStinger struct {
	File   string `json:"file"`
	Name   string `json:"name"`
	Bars   int    `json:"bars"`
	Frames int    `json:"frames"`
}

// FrameSpan is a range of frames [Start, End).
type FrameSpan struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// ManifestLayer is one intensity layer file.
type ManifestLayer struct {
	File  string   `json:"file"`
	Name  string   `json:"name"`
	Parts []string `json:"parts"`
}

// ManifestSegment is one segment file: its name (intro, body, outro) and
// where it was cut from the song.
type ManifestSegment struct {
	File   string    `json:"file"`
	Name   string    `json:"name"`
	Span   FrameSpan `json:"span"`
	Frames int       `json:"frames"`
}

// NewManifest is the manifest of the song s rendered to frames at rate,
// without layers or segments; its loop is the body of SegmentSpans.
func NewManifest(s *score.Score, title string, rate audio.SampleRate, frames int) *Manifest {
	bpb := max(s.BeatsPerBar, 1)
	m := &Manifest{Version: ManifestVersion, Title: title, SampleRate: int(rate), Frames: frames, BPM: s.BPM,
		Meter: fmt.Sprintf("%d/4", bpb), BeatsPerBar: bpb, Bars: bars(s), Key: describe.KeyName(s),
		BarFrames: s.BeatToSeconds(float64(bpb)) * float64(rate), SyncPoints: []int{}}
	if s.Subdivision == 3 {
		m.Meter = fmt.Sprintf("%d/8", 3*bpb)
	}
	for b := 0; b < m.Bars; b++ {
		m.SyncPoints = append(m.SyncPoints, barFrame(s, rate, b))
	}
	db := s.Downbeats()
	for _, o := range s.OddBars {
		b := score.BarOf(db, o.Beat)
		m.OddBars = append(m.OddBars, ManifestOddBar{Bar: b + 1, Beats: o.Beats, Frame: barFrame(s, rate, b)})
	}
	spans := SegmentSpans(s, rate, frames)
	m.Loop = spans[1]
	return m
}

// bars is the number of bars of s: its downbeats when it has odd bars
// (a 2/4 bar leaves a 4/4 song's beats short of a whole number of bars).
func bars(s *score.Score) int {
	if len(s.OddBars) > 0 {
		return len(s.Downbeats())
	}
	return int(math.Round(s.TotalBeats)) / max(s.BeatsPerBar, 1)
}

// barFrame is the frame at which bar b of s starts, at rate, under its
// tempo map (score.Score.WrittenToSeconds), as the timeline's downbeats.
func barFrame(s *score.Score, rate audio.SampleRate, b int) int {
	at := float64(b * max(s.BeatsPerBar, 1))
	if len(s.OddBars) > 0 { // a hit point's odd bar: count the bars
		at = barStart(s, s.Downbeats(), b)
	}
	return int(math.Round(s.WrittenToSeconds(at) * float64(rate)))
}

// SegmentSpans cuts a song of frames frames into intro, body and outro on
// downbeats: the first section, the sections between, the last section
// with the tail; a song of fewer than three sections is cut by bars (one
// bar of intro, one of outro). A loop (s.Loop) is all body, with an empty
// intro and outro.
func SegmentSpans(s *score.Score, rate audio.SampleRate, frames int) [3]FrameSpan {
	if s.Loop {
		return [3]FrameSpan{{0, 0}, {0, frames}, {frames, frames}}
	}
	bpb := max(s.BeatsPerBar, 1)
	bars := bars(s)
	first, last := 1, bars-1
	if n := len(s.Sections); n >= 3 {
		first = int(math.Round(s.Sections[1].StartBeat)) / bpb
		last = int(math.Round(s.Sections[n-1].StartBeat)) / bpb
		if len(s.OddBars) > 0 {
			db := s.Downbeats()
			first, last = score.BarOf(db, s.Sections[1].StartBeat), score.BarOf(db, s.Sections[n-1].StartBeat)
		}
	}
	if bars < 3 || first >= last {
		return [3]FrameSpan{{0, 0}, {0, frames}, {frames, frames}}
	}
	a, b := barFrame(s, rate, first), barFrame(s, rate, last)
	return [3]FrameSpan{{0, a}, {a, b}, {b, frames}}
}

// zipWriter writes one zip of float WAVs and a manifest to a temporary file.
type zipWriter struct {
	f    *os.File
	bw   *bufio.Writer
	zw   *zip.Writer
	made time.Time
}

// newZip starts a zip in dir (os.TempDir() when ""), named after what.
func newZip(dir, what string) (*zipWriter, error) {
	f, err := os.CreateTemp(dir, "songsmith-"+what+"-*.zip")
	if err != nil {
		return nil, fmt.Errorf("studio: %s: %w", what, err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	return &zipWriter{f: f, bw: bw, zw: zip.NewWriter(bw), made: time.Now().UTC().Truncate(2 * time.Second)}, nil
}

// wav adds b as a 32-bit float WAV named name (stored: float audio
// barely compresses).
func (z *zipWriter) wav(name string, b *audio.Buffer) error {
	w, err := z.zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: z.made})
	if err != nil {
		return err
	}
	return wav.EncodeFloat(w, b)
}

// finish writes the manifest m and closes the zip; on err (or a failure)
// it removes the file and returns the error.
func (z *zipWriter) finish(m *Manifest, err error) (*jobs.File, error) {
	if err == nil {
		var w interface{ Write([]byte) (int, error) }
		if w, err = z.zw.CreateHeader(&zip.FileHeader{Name: ManifestName, Method: zip.Deflate, Modified: z.made}); err == nil {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			err = enc.Encode(m)
		}
	}
	if err == nil {
		err = z.zw.Close()
	}
	if err == nil {
		err = z.bw.Flush()
	}
	if cerr := z.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(z.f.Name())
		return nil, err
	}
	return &jobs.File{Path: z.f.Name(), ContentType: ZipContentType, Ext: "zip"}, nil
}
