package studio_test

import (
	"context"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/studio"
)

// BenchmarkJob3Min runs the whole job of a three-minute song as the worker
// does (compose, synthesize with the FluidR3 bank, master, encode the MP3
// at the default bitrate with its tags, paint and encode the cover) and
// reports how many times faster than real time that is. Goal: >= 60
// x_realtime with -cpu 1 (`make bench`).
func BenchmarkJob3Min(b *testing.B) {
	b.ReportAllocs()
	ctx := context.Background()
	s := &studio.Studio{}
	seconds := 0.0
	for b.Loop() {
		song, err := s.Generate(ctx, "happy pop song with piano and strings, 3 minutes", 1, jobs.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if len(song.Audio.Data) == 0 || len(song.Cover.Data) == 0 {
			b.Fatalf("song without audio (%d bytes) or cover (%d bytes)", len(song.Audio.Data), len(song.Cover.Data))
		}
		seconds += song.Duration
	}
	b.ReportMetric(seconds/b.Elapsed().Seconds(), "x_realtime")
}
