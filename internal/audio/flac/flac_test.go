package flac_test

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	mflac "github.com/mewkiz/flac"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/flac"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/testutil"
)

// tone is 1.3 s of a stereo chord with different content per channel.
func tone() *audio.Buffer {
	b := audio.NewBuffer(audio.CD, 2, audio.CD.NSeconds(1.3))
	for i := range b.Frames() {
		t := float64(i) / float64(audio.CD)
		b.Samples[2*i] = float32(0.4 * math.Sin(2*math.Pi*220*t))
		b.Samples[2*i+1] = float32(0.3*math.Sin(2*math.Pi*330*t) + 0.1*math.Sin(2*math.Pi*1000*t))
	}
	return b
}

// wavPCM returns the 16-bit samples the WAV encoder writes for b.
func wavPCM(t *testing.T, b *audio.Buffer) []int16 {
	var w bytes.Buffer
	if err := wav.Encode(&w, b); err != nil {
		t.Fatal(err)
	}
	raw := w.Bytes()[44:]
	out := make([]int16, len(raw)/2)
	for i := range out {
		out[i] = int16(uint16(raw[2*i]) | uint16(raw[2*i+1])<<8)
	}
	return out
}

func TestEncodeIsLosslessAgainstWAV(t *testing.T) {
	b := tone()
	var f bytes.Buffer
	if err := flac.Encode(&f, b); err != nil {
		t.Fatal(err)
	}
	want := wavPCM(t, b)
	if f.Len() >= 2*len(want) {
		t.Errorf("FLAC %d bytes, not smaller than the PCM (%d)", f.Len(), 2*len(want))
	}
	s, err := mflac.New(bytes.NewReader(f.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if s.Info.NSamples != uint64(b.Frames()) || s.Info.NChannels != 2 || s.Info.SampleRate != 44100 || s.Info.BitsPerSample != 16 {
		t.Fatalf("stream info %+v", s.Info)
	}
	var got []int16
	for {
		fr, err := s.ParseNext()
		if err != nil {
			break
		}
		for i := range fr.Subframes[0].NSamples {
			for c := range fr.Subframes {
				got = append(got, int16(fr.Subframes[c].Samples[i]))
			}
		}
	}
	if len(got) != len(want) {
		t.Fatalf("decoded %d samples, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("sample %d: %d, want %d", i, got[i], want[i])
		}
	}
	t.Logf("FLAC %d bytes for %d bytes of PCM (%.0f %%)", f.Len(), 2*len(want), 100*float64(f.Len())/float64(2*len(want)))
}

// FFmpeg decodes the file and verifies its MD5 signature.
func TestFFmpegDecodes(t *testing.T) {
	ff := testutil.RequireTool(t, "ffmpeg")
	b := tone()
	var f bytes.Buffer
	if err := flac.Encode(&f, b); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "a.flac")
	if err := os.WriteFile(in, f.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(ff, "-v", "error", "-xerror", "-i", in, "-f", "s16le", "-acodec", "pcm_s16le", "-").Output()
	if err != nil {
		t.Fatalf("ffmpeg: %v", err)
	}
	want := wavPCM(t, b)
	if len(out) != 2*len(want) {
		t.Fatalf("ffmpeg decoded %d bytes, want %d", len(out), 2*len(want))
	}
	for i := range want {
		if got := int16(uint16(out[2*i]) | uint16(out[2*i+1])<<8); got != want[i] {
			t.Fatalf("sample %d: %d, want %d", i, got, want[i])
		}
	}
}
