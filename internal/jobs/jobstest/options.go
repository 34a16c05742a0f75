package jobstest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/measured"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/request"
)

// runOptions checks that a job's Options and its extension result survive
// the store, and that a spec-only job stays without them.
func runOptions(t *testing.T, open func(t *testing.T) jobs.JobStore) {
	ctx := context.Background()
	t.Run("OptionsRoundTrip", func(t *testing.T) {
		s := open(t)
		seed, rate := uint64(request.MaxSeed), uint64(48000)
		j := NewJob("owner1")
		j.Options = &jobs.Options{Seed: &seed, Format: "flac", Seconds: 42.5, BPM: 97, Key: "F# minor",
			Outputs: []string{"stems", "midi", "timeline", "musicxml", "layers", "segments"}, WebhookURL: "https://example.com/hook?a=1",
			ExactDuration: true, SampleRate: &rate, LoudnessLUFS: -23.5, Loop: true,
			Recipe: json.RawMessage(`{"engine_version":"v","plan":{"BPM":97},"options":{"loop":true}}`),
			Energy: json.RawMessage(`[{"bar":1,"value":0.2}]`), Hits: json.RawMessage(`[{"at":42.3,"kind":"drop"}]`),
			Melody: json.RawMessage(`{"abc":"K:G\nG A B c |","transpose":-2}`)}
		mustCreate(t, s, j)
		if err := s.CreateJob(ctx, j); err != nil {
			t.Fatalf("repeated create with options: %v", err)
		}
		other := *j
		other.Options = &jobs.Options{Format: "wav"}
		if err := s.CreateJob(ctx, &other); !jobs.IsCode(err, jobs.EConflict) {
			t.Fatalf("same id, other options: %v, want conflict", err)
		}
		r := jobs.Result{Title: "T", BPM: 97, Duration: 42.5, Tags: []string{"x"}, SongKey: mediakey.Song(j.ID, "flac"),
			ImageKey: mediakey.Image(j.ID, "jpg"), Seed: seed, Format: "flac", StemsKey: mediakey.Stems(j.ID), MIDIKey: mediakey.MIDI(j.ID),
			TimelineKey: mediakey.Timeline(j.ID), MusicXMLKey: mediakey.MusicXML(j.ID), LayersKey: mediakey.Layers(j.ID), SegmentsKey: mediakey.Segments(j.ID), LoopEnd: 12.345678,
			EngineVersion: "2026.1", Recipe: json.RawMessage(`{"engine_version":"2026.1","seed":7}`),
			License: &jobs.License{ID: "CC0-1.0", URL: "https://example.com/terms", Attribution: "a", Warranty: "w"},
			Measured: &measured.Block{BPM: measured.Tempo{Value: 75.8, Asked: 76, Matches: true, FeltBPM: 151.6, Reason: "double time"},
				Key:          measured.Key{Value: "C major", Asked: "D dorian", Matches: true, Relation: "same notes"},
				LoudnessLUFS: measured.Value{Value: -14.02, Asked: -14, Matches: true}, TruePeakDBTP: measured.Value{Value: -3.1, Asked: -3, Matches: true},
				Duration: measured.Value{Value: 42.5, Asked: 40}, AudibleEnd: measured.Value{Value: 41.9, Asked: 42.5, Matches: true}}}
		if err := s.CompleteJob(ctx, j.ID, r, T0); err != nil {
			t.Fatal(err)
		}
		got, err := s.Job(ctx, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Options.Equal(j.Options) {
			t.Fatalf("options %+v, want %+v", got.Options, j.Options)
		}
		g := got.Result
		if g.Seed != seed || g.Format != "flac" || g.StemsKey != r.StemsKey || g.MIDIKey != r.MIDIKey || g.TimelineKey != r.TimelineKey ||
			g.MusicXMLKey != r.MusicXMLKey || g.LayersKey != r.LayersKey || g.SegmentsKey != r.SegmentsKey || g.LoopEnd != r.LoopEnd {
			t.Fatalf("result %+v", g)
		}
		if g.EngineVersion != r.EngineVersion || string(g.Recipe) != string(r.Recipe) || g.License == nil || *g.License != *r.License {
			t.Fatalf("provenance %q %s %+v, want %q %s %+v", g.EngineVersion, g.Recipe, g.License, r.EngineVersion, r.Recipe, r.License)
		}
		if g.Measured == nil || *g.Measured != *r.Measured {
			t.Fatalf("measured %+v, want %+v", g.Measured, r.Measured)
		}
		if string(got.Options.Recipe) != string(j.Options.Recipe) {
			t.Fatalf("options recipe %s, want %s", got.Options.Recipe, j.Options.Recipe)
		}
	})
	t.Run("SpecOnlyJobHasNoOptions", func(t *testing.T) {
		s := open(t)
		j := NewJob("owner1")
		mustCreate(t, s, j)
		if err := s.CompleteJob(ctx, j.ID, jobs.Result{Title: "T", SongKey: "a", ImageKey: "b"}, T0); err != nil {
			t.Fatal(err)
		}
		got, err := s.Job(ctx, j.ID)
		if err != nil || got.Options != nil || got.Result.Format != "" || got.Result.StemsKey != "" {
			t.Fatalf("got %+v %+v, %v", got, got.Result, err)
		}
	})
}
