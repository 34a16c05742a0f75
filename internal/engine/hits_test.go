package engine_test

import (
	"context"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/studio"
)

// block is the synthesizer's block, the landing tolerance the API states.
const block = 512.0 / 44100

// TestHitsLandOnDownbeats composes briefs with hit lists (a drop, an
// accent, a stop, an end; a rubato style among them), each hit at least
// edit.MinHitBars bars after the one before, and checks from the timeline
// that each lands on a downbeat within one audio block of the time asked,
// with every tempo within edit.MaxTempoShift; and that hits closer together
// land on a downbeat as near as the range allows, the move reported.
func TestHitsLandOnDownbeats(t *testing.T) {
	for _, c := range []struct {
		prompt string
		hits   []edit.HitPoint
	}{
		{"upbeat pop with drums", []edit.HitPoint{{At: 12.3, Kind: "drop"}, {At: 25.4, Kind: "accent"}, {At: 38.9, Kind: "stop"}, {At: 52.2, Kind: "end"}}},
		{"sad piano ballad", []edit.HitPoint{{At: 25.1, Kind: "accent"}, {At: 47.9, Kind: "end"}}},
		{"house track", []edit.HitPoint{{At: 42.3, Kind: "drop"}}},
	} {
		t.Run(c.prompt, func(t *testing.T) {
			comp, err := engine.Compose(engine.Resolve(c.prompt, 3, engine.Options{Seconds: 60, Edits: []engine.Edit{{Hits: c.hits}}}))
			if err != nil {
				t.Fatal(err)
			}
			tl := studio.NewTimeline(comp.Score, comp.Score.Seconds())
			if len(tl.Hits) != len(c.hits) {
				t.Fatalf("%d hits in the timeline, want %d", len(tl.Hits), len(c.hits))
			}
			for i, h := range tl.Hits {
				if h.Kind != c.hits[i].Kind || math.Abs(h.At-c.hits[i].At) > block || math.Abs(h.Moved) > block {
					t.Errorf("hit %d: %+v, want %s at %g within %.4f s", i, h, c.hits[i].Kind, c.hits[i].At, block)
				}
				near := false
				for _, d := range tl.Downbeats {
					near = near || math.Abs(d-h.At) < 1e-6
				}
				if !near && h.Kind != "end" {
					t.Errorf("hit %d at %g is no downbeat of the timeline", i, h.At)
				}
			}
			if len(tl.Tempo.Changes) == 0 {
				t.Error("no tempo change in the timeline")
			}
			for _, ch := range tl.Tempo.Changes {
				if math.Abs(ch.BPM/tl.Tempo.BPM-1) > edit.MaxTempoShift+1e-9 {
					t.Errorf("tempo %g outside ±%g%% of %g", ch.BPM, 100*edit.MaxTempoShift, tl.Tempo.BPM)
				}
			}
		})
	}
}

// TestHitsTooClose: a hit 1.35 bars (5.4 beats) after the one before
// lands on its downbeat with an odd bar (a 5/4 bar at 120 bpm, 8 % slow);
// one 1.2 beats after the one before cannot land within the range at all:
// it lands on the nearest downbeat the range allows and the timeline says
// how far it moved.
func TestHitsTooClose(t *testing.T) {
	hits := []edit.HitPoint{{At: 12.3, Kind: "accent"}, {At: 15, Kind: "accent"}, {At: 15.6, Kind: "accent"}}
	comp, err := engine.Compose(engine.Resolve("upbeat pop with drums", 3, engine.Options{Seconds: 40, BPM: 120, Edits: []engine.Edit{{Hits: hits}}}))
	if err != nil {
		t.Fatal(err)
	}
	tl := studio.NewTimeline(comp.Score, comp.Score.Seconds())
	if h := tl.Hits[1]; math.Abs(h.At-hits[1].At) > block || len(tl.Meter.Changes) == 0 {
		t.Errorf("close hit %+v, meter changes %+v: want it landed with an odd bar", h, tl.Meter.Changes)
	}
	h := tl.Hits[2]
	if math.Abs(h.At-hits[2].At) < block || math.Abs(h.Moved-(h.At-h.Asked)) > 1e-5 || h.Asked != hits[2].At || !onDownbeat(tl, h.At) {
		t.Errorf("too close hit %+v: want it moved to a downbeat, and the move reported", h)
	}
	for _, ch := range tl.Tempo.Changes {
		if math.Abs(ch.BPM/tl.Tempo.BPM-1) > edit.MaxTempoShift+1e-9 {
			t.Errorf("tempo %g outside ±%g%% of %g", ch.BPM, 100*edit.MaxTempoShift, tl.Tempo.BPM)
		}
	}
}

// TestHitAccentOnTheAudio renders a short song with an accent and finds
// the onset of its crash within one block of the time asked.
func TestHitAccentOnTheAudio(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a 20 s song")
	}
	at := 9.37
	r := engine.Resolve("ambient piano", 5, engine.Options{Seconds: 20, Edits: []engine.Edit{{Hits: []edit.HitPoint{{At: at, Kind: "accent"}}}}})
	song, err := engine.Render(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	on := onsetTimes(song.Audio)
	best := math.Inf(1)
	for _, x := range on {
		best = math.Min(best, math.Abs(x-at))
	}
	// The onset frames are 256 samples apart and 1024 long: the detector
	// itself reads a frame late or early, so one block plus one frame.
	if best > block+1024.0/44100 {
		t.Errorf("nearest onset %.4f s from the accent at %g s (onsets %v)", best, at, on)
	}
}

// TestHitCloseAccentsOnTheAudio renders a short song whose accents are
// closer than MinHitBars (each lands only with an odd bar) and finds an
// onset within one block (plus the detector's frame) of each.
func TestHitCloseAccentsOnTheAudio(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a 14 s song")
	}
	hits := []edit.HitPoint{{At: 4.7, Kind: "accent"}, {At: 7.4, Kind: "accent"}, {At: 10.65, Kind: "accent"}}
	r := engine.Resolve("ambient piano", 5, engine.Options{Seconds: 14, BPM: 120, Edits: []engine.Edit{{Hits: hits}}})
	song, err := engine.Render(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if len(song.Written.OddBars) == 0 {
		t.Fatal("no odd bar: the accents are not close")
	}
	on := onsetTimes(song.Audio)
	for _, h := range hits {
		best := math.Inf(1)
		for _, x := range on {
			best = math.Min(best, math.Abs(x-h.At))
		}
		if best > block+1024.0/44100 {
			t.Errorf("nearest onset %.4f s from the accent at %g s (onsets %v)", best, h.At, on)
		}
	}
}
