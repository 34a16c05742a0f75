package mp3_test

import (
	"crypto/sha256"
	"encoding/hex"
	"runtime"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestOutputPinned pins the encoder's output bytes for a few inputs and
// settings, so that speed work (which must not change quality) shows when it
// changes the output. A deliberate change of the coding updates the hashes,
// after the quality tests (quality_test.go, decoders_test.go) pass. The
// hashes hold on amd64: other architectures may fuse multiply-adds.
func TestOutputPinned(t *testing.T) {
	testutil.SkipRaceShort(t)
	if runtime.GOARCH != "amd64" {
		t.Skip("hashes pinned on amd64 (no fused multiply-add)")
	}
	cases := []struct {
		name string
		opts mp3.Options
		want string
	}{
		{"music-192-joint", mp3.Options{Bitrate: 192}, "8afb291e88a50acd"},
		{"music-128-stereo", mp3.Options{Bitrate: 128, Mode: mp3.Stereo}, "455eda3c481181b5"},
		{"music-64-mono", mp3.Options{Bitrate: 64, Mode: mp3.Mono}, "247345a8217b1b53"},
		{"music-320-long", mp3.Options{Bitrate: 320, LongBlocksOnly: true}, "29d3c44c51eb916f"},
	}
	src := music(44100, 3)
	for _, c := range cases {
		sum := sha256.Sum256(encode(t, src, c.opts))
		if got := hex.EncodeToString(sum[:8]); got != c.want {
			t.Errorf("%s: output sha256 %s..., want %s...", c.name, got, c.want)
		}
	}
}
