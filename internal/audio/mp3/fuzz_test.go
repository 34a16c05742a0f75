package mp3_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/mp3"
)

// FuzzEncode feeds arbitrary bytes as PCM (16-bit little endian, with the
// first byte choosing channels, rate and bitrate) and checks the output is a
// sequence of valid frames that go-mp3 decodes.
func FuzzEncode(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1, 0xff, 0x7f, 0x00, 0x80})
	f.Add(bytes.Repeat([]byte{0x13, 0xff, 0x7f, 0x01, 0x80}, 900))
	f.Add(bytes.Repeat([]byte{0x2e, 0x00, 0x10, 0x00, 0xf0, 0x12, 0x34}, 700))
	seed := make([]byte, 6001)
	for i := range seed {
		seed[i] = byte(i * 7919 >> 3)
	}
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		cfg := data[0]
		ch := 1 + int(cfg&1)
		rate := []audio.SampleRate{44100, 48000, 32000}[int(cfg>>1&3)%3]
		kbps := []int{32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320}[int(cfg>>3)%14]
		pcm := data[1:]
		n := len(pcm) / 2 / ch * ch
		b := &audio.Buffer{Rate: rate, Channels: ch, Samples: make([]float32, n)}
		for i := range b.Samples {
			v := float32(int16(binary.LittleEndian.Uint16(pcm[2*i:]))) / 32768
			if cfg&0x80 != 0 {
				v *= 3 // clipping input
			}
			b.Samples[i] = v
		}
		var out bytes.Buffer
		if err := mp3.Encode(context.Background(), &out, b, mp3.Options{Bitrate: kbps}); err != nil {
			t.Fatal(err)
		}
		s := mustParse(t, out.Bytes(), b.Frames())
		if s.kbps != kbps || s.hz != int(rate) {
			t.Fatalf("stream %d kbps %d Hz, want %d/%d", s.kbps, s.hz, kbps, rate)
		}
		dec := goMP3Decode(t, out.Bytes())
		for _, v := range dec {
			if math.IsNaN(float64(v)) {
				t.Fatal("NaN")
			}
		}
	})
}
