package vorbis_test

import (
	"context"
	"io"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/vorbis"
)

// BenchmarkEncode encodes 10 s of stereo at 44.1 kHz.
func BenchmarkEncode(b *testing.B) {
	src := chord(44100, 10)
	b.SetBytes(int64(4 * len(src.Samples)))
	for b.Loop() {
		if err := vorbis.Encode(context.Background(), io.Discard, src, vorbis.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
