package wav_test

import (
	"bytes"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
)

// TestEncodeInfo: the LIST/INFO chunk (odd-length texts padded) leaves the
// samples and a loop's smpl chunk readable, and holds the texts.
func TestEncodeInfo(t *testing.T) {
	b := audio.NewBuffer(audio.CD, 2, 1000)
	for i := range b.Samples {
		b.Samples[i] = float32(i%100) / 200
	}
	info := wav.Info{Title: "odds", Copyright: "License: CC0-1.0", Software: "Songsmith engine x", Comment: "A=1\nB=2"}
	for _, loop := range []bool{false, true} {
		var w bytes.Buffer
		if err := wav.EncodeInfo(&w, b, info, loop); err != nil {
			t.Fatal(err)
		}
		data := w.Bytes()
		for _, s := range []string{"LIST", "INFO", "INAM\x05\x00\x00\x00odds\x00\x00ICOP", "ICOP", "License: CC0-1.0\x00", "ISFT", "ICMT"} {
			if !bytes.Contains(data, []byte(s)) {
				t.Errorf("loop %v: no %q", loop, s)
			}
		}
		got, err := wav.Decode(bytes.NewReader(data))
		if err != nil || got.Frames() != b.Frames() {
			t.Fatalf("loop %v: decode %v, %v", loop, got, err)
		}
		var plain bytes.Buffer
		_ = wav.Encode(&plain, b)
		want, _ := wav.Decode(bytes.NewReader(plain.Bytes()))
		for i := range want.Samples {
			if want.Samples[i] != got.Samples[i] {
				t.Fatalf("sample %d differs from a plain WAV's", i)
			}
		}
		start, end, ok := wav.Loop(data)
		if ok != loop || loop && (start != 0 || end != b.Frames()-1) {
			t.Errorf("loop %v: smpl %d..%d %v", loop, start, end, ok)
		}
	}
}
