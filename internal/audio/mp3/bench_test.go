package mp3_test

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/audio/mp3"
)

// BenchmarkEncode encodes 10 s of the synthetic stereo mix at 192 kbit/s and
// reports the real-time factor on one core.
func BenchmarkEncode(b *testing.B) {
	src := music(44100, 10)
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if err := mp3.Encode(context.Background(), io.Discard, src, mp3.Options{Bitrate: 192}); err != nil {
			b.Fatal(err)
		}
	}
	el := time.Since(start).Seconds()
	b.ReportMetric(src.Seconds()*float64(b.N)/el, "x_realtime")
}
