package mp3_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/mp3"
)

func tone(seconds float64) *audio.Buffer {
	b := audio.NewBuffer(audio.CD, 2, audio.CD.NSeconds(seconds))
	for i := 0; i < b.Frames(); i++ {
		v := float32(0.3 * math.Sin(2*math.Pi*440*float64(i)/float64(audio.CD)))
		b.Samples[2*i], b.Samples[2*i+1] = v, v
	}
	return b
}

// Encode writes the same bytes under a live cancellable context, and stops
// early once its context is done, so a cancelled generation does not
// finish encoding.
func TestEncodeCancel(t *testing.T) {
	b := tone(3)
	var want, got bytes.Buffer
	if err := mp3.Encode(context.Background(), &want, b, mp3.Options{}); err != nil {
		t.Fatal(err)
	}
	live, stop := context.WithCancel(context.Background())
	defer stop()
	if err := mp3.Encode(live, &got, b, mp3.Options{}); err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("Encode under a live context: %v, %d bytes, want %d", err, got.Len(), want.Len())
	}
	long := tone(120)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	var cut bytes.Buffer
	start := time.Now()
	err := mp3.Encode(ctx, &cut, long, mp3.Options{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v after %v, want the context's", err, time.Since(start))
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Fatalf("stopped after %v", el)
	}
}
