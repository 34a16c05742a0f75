package audio_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
)

// A recycled buffer's samples come back silent, at the length asked for,
// whether the pooled slice is larger, smaller or absent.
func TestTakeBufferRecycled(t *testing.T) {
	const frames = 1 << 19 // over the pooling threshold in stereo
	for _, size := range []int{frames / 2, frames, 2 * frames} {
		for range 4 { // sync.Pool may drop a put: try a few times
			old := audio.TakeBuffer(audio.CD, 2, size)
			for i := range old.Samples {
				old.Samples[i] = 0.5
			}
			audio.Recycle(old)
			if old.Samples != nil {
				t.Fatal("Recycle left the samples")
			}
			b := audio.TakeBuffer(audio.CD, 2, frames)
			if b.Rate != audio.CD || b.Channels != 2 || len(b.Samples) != 2*frames {
				t.Fatalf("got %d Hz, %d channels, %d samples", b.Rate, b.Channels, len(b.Samples))
			}
			for i, v := range b.Samples {
				if v != 0 {
					t.Fatalf("after a %d-frame buffer: sample %d is %v, want silence", size, i, v)
				}
			}
			audio.Recycle(b)
		}
	}
	audio.Recycle(nil)
	small := audio.TakeBuffer(audio.CD, 1, 10)
	if len(small.Samples) != 10 {
		t.Fatalf("small buffer: %d samples", len(small.Samples))
	}
}
