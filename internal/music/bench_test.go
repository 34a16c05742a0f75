package music_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
)

// BenchmarkCompose measures parsing and composing a three-minute song, the
// music engine's share of a render.
func BenchmarkCompose(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		music.Compose(reader.Parse("happy pop song with piano and strings, 3 minutes"), 1)
	}
}
