package studio_test

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/studio"
)

// TestManifestOddBars: in a 4/4 song of 62 beats whose bar 8 is a 2/4
// bar, the manifest counts 16 bars, puts a sync point on each of the 16
// downbeats as played, names the odd bar, and loops from the second
// section's downbeat to the last's.
func TestManifestOddBars(t *testing.T) {
	s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 62, OddBars: []score.OddBar{{Beat: 28, Beats: 2}},
		Sections: []score.Section{{Name: "intro", StartBeat: 0, Bars: 2}, {Name: "verse", StartBeat: 8, Bars: 6},
			{Name: "outro", StartBeat: 30, Bars: 8}}}
	m := studio.NewManifest(s, "t", audio.CD, 62*22050)
	want := []int{}
	for b := 0.0; b < 62; b += 4 {
		want = append(want, int(b*22050))
		if b == 28 {
			b -= 2
		}
	}
	if m.Bars != 16 || len(m.SyncPoints) != 16 {
		t.Fatalf("%d bars, %d sync points, want 16", m.Bars, len(m.SyncPoints))
	}
	for i := range want {
		if m.SyncPoints[i] != want[i] {
			t.Errorf("sync point %d at frame %d, want %d", i, m.SyncPoints[i], want[i])
		}
	}
	if len(m.OddBars) != 1 || m.OddBars[0] != (studio.ManifestOddBar{Bar: 8, Beats: 2, Frame: 28 * 22050}) {
		t.Errorf("odd bars %+v, want bar 8 of 2 beats at frame %d", m.OddBars, 28*22050)
	}
	if m.Loop != (studio.FrameSpan{Start: 8 * 22050, End: 30 * 22050}) {
		t.Errorf("loop %+v, want the verse: frames %d to %d", m.Loop, 8*22050, 30*22050)
	}
	if m.BarFrames != 88200 {
		t.Errorf("bar_frames %g, want a 4/4 bar at 120 bpm (88200)", m.BarFrames)
	}
}

// TestLayersWithHits renders a song whose hit points land with an odd bar,
// with its layers: the manifest's bars and sync points are the song's
// downbeats as the timeline gives them, the odd bar among them, and the
// loop starts and ends on sync points. Skipped in -short.
func TestLayersWithHits(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a song rendered with its layers")
	}
	dir := t.TempDir()
	song, err := (&studio.Studio{TempDir: dir}).Generate(context.Background(), "upbeat pop with piano, bass and drums", 5,
		jobs.Options{Seconds: 12, Format: "wav", Outputs: []string{request.OutputLayers, request.OutputTimeline},
			Hits: json.RawMessage(`[{"at":3.4,"kind":"accent"},{"at":6.9,"kind":"drop"}]`)})
	if err != nil {
		t.Fatal(err)
	}
	_, m := openPackage(t, song.Layers)
	r, _, err := song.Timeline.Open()
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		t.Fatal(err)
	}
	var tl struct {
		Downbeats []float64 `json:"downbeats"`
	}
	if err := json.Unmarshal(data, &tl); err != nil {
		t.Fatal(err)
	}
	if len(m.OddBars) == 0 {
		t.Fatalf("the hits made no odd bar: manifest %+v", m)
	}
	if m.Bars != len(tl.Downbeats) || len(m.SyncPoints) != m.Bars {
		t.Fatalf("manifest: %d bars, %d sync points; the timeline has %d downbeats", m.Bars, len(m.SyncPoints), len(tl.Downbeats))
	}
	for i, at := range tl.Downbeats {
		if math.Abs(float64(m.SyncPoints[i])-at*float64(m.SampleRate)) > 1 {
			t.Errorf("sync point %d at frame %d, the timeline's downbeat at %.4f s (frame %.0f)", i, m.SyncPoints[i], at, at*float64(m.SampleRate))
		}
	}
	for _, o := range m.OddBars {
		if o.Bar < 1 || o.Bar > m.Bars || m.SyncPoints[o.Bar-1] != o.Frame {
			t.Errorf("odd bar %+v is not on its sync point", o)
		}
	}
	if !onDownbeat(m, m.Loop.Start) || !onDownbeat(m, m.Loop.End) {
		t.Errorf("loop %+v is not on sync points %v", m.Loop, m.SyncPoints)
	}
}
