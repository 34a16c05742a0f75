package wav_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
)

// TestEncodeQuantizes: Encode's samples are Quantizer.Sample's, byte for
// byte, over a buffer longer than its blocks and with every edge a float
// can bring (clipping both ways, infinities, NaN, signed zeros, halves).
func TestEncodeQuantizes(t *testing.T) {
	edges := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 1.5, -1.5, 0.5 / 32767, -0.5 / 32767,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), math.MaxFloat32, -math.MaxFloat32, 1e-30}
	b := audio.NewBuffer(audio.CD, 2, 5000)
	for i := range b.Samples {
		b.Samples[i] = float32(math.Sin(float64(i)*0.01)) * 1.2
	}
	copy(b.Samples[2047:], edges)
	var w bytes.Buffer
	if err := wav.Encode(&w, b); err != nil {
		t.Fatal(err)
	}
	data := w.Bytes()[44:]
	q := wav.NewQuantizer()
	for i, v := range b.Samples {
		want := q.Sample(v)
		if got := int16(binary.LittleEndian.Uint16(data[2*i:])); got != want {
			t.Fatalf("sample %d (%v): %d, Quantizer.Sample %d", i, v, got, want)
		}
	}
}

// BenchmarkEncode measures writing three minutes of stereo as WAV.
func BenchmarkEncode(b *testing.B) {
	buf := audio.NewBuffer(audio.CD, 2, 180*44100)
	for i := range buf.Samples {
		buf.Samples[i] = float32(math.Sin(float64(i) * 0.001))
	}
	var w bytes.Buffer
	w.Grow(int(wav.Size(buf)))
	b.SetBytes(wav.Size(buf))
	for b.Loop() {
		w.Reset()
		if err := wav.Encode(&w, buf); err != nil {
			b.Fatal(err)
		}
	}
}
