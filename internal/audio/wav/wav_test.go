package wav_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
)

func TestRoundTrip(t *testing.T) {
	b := audio.NewBuffer(audio.CD, 2, 4410)
	for i := 0; i < b.Frames(); i++ {
		v := float32(0.5 * math.Sin(2*math.Pi*440*float64(i)/44100))
		b.Samples[2*i], b.Samples[2*i+1] = v, -v
	}
	b.Samples[0] = 3 // out of range: must clamp, not wrap
	var out bytes.Buffer
	if err := wav.Encode(&out, b); err != nil {
		t.Fatal(err)
	}
	if int64(out.Len()) != wav.Size(b) {
		t.Fatalf("size %d, Size() says %d", out.Len(), wav.Size(b))
	}
	got, err := wav.Decode(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got.Rate != audio.CD || got.Channels != 2 || got.Frames() != b.Frames() {
		t.Fatalf("format %d Hz %d ch %d frames", got.Rate, got.Channels, got.Frames())
	}
	if got.Samples[0] < 0.99 {
		t.Fatalf("clamped sample = %v, want ~1", got.Samples[0])
	}
	for i := 2; i < len(b.Samples); i++ {
		if d := math.Abs(float64(got.Samples[i] - b.Samples[i])); d > 3.0/32768 {
			t.Fatalf("sample %d: got %v want %v", i, got.Samples[i], b.Samples[i])
		}
	}
	var again bytes.Buffer
	_ = wav.Encode(&again, b)
	if !bytes.Equal(again.Bytes(), out.Bytes()) {
		t.Fatal("encoding is not deterministic")
	}
}

func TestDecodeRejectsGarbage(t *testing.T) {
	if _, err := wav.Decode(bytes.NewReader([]byte("RIFX0000WAVE"))); err == nil {
		t.Fatal("want error")
	}
}

func TestEncodeFloatRoundTrip(t *testing.T) {
	b := audio.NewBuffer(audio.CD, 2, 1000)
	for i := range b.Samples {
		b.Samples[i] = float32(i%97)/40 - 1.1 // beyond full scale on purpose
	}
	var w bytes.Buffer
	if err := wav.EncodeFloat(&w, b); err != nil {
		t.Fatal(err)
	}
	if int64(w.Len()) != wav.FloatSize(b) {
		t.Fatalf("%d bytes, FloatSize says %d", w.Len(), wav.FloatSize(b))
	}
	got, err := wav.Decode(bytes.NewReader(w.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got.Channels != 2 || got.Rate != audio.CD || len(got.Samples) != len(b.Samples) {
		t.Fatalf("decoded %d ch %d Hz %d samples", got.Channels, got.Rate, len(got.Samples))
	}
	for i := range b.Samples {
		if got.Samples[i] != b.Samples[i] {
			t.Fatalf("sample %d: %v, want %v", i, got.Samples[i], b.Samples[i])
		}
	}
}
