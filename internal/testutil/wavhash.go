package testutil

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/wav"
)

// WAVSamplesHash is the SHA-256 of a WAV file's decoded samples: two
// renders of one song compare equal whatever their tags say (a recipe's
// provenance names the recipe).
func WAVSamplesHash(tb testing.TB, data []byte) string {
	tb.Helper()
	b, err := wav.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	h := sha256.New()
	for _, v := range b.Samples {
		_ = binary.Write(h, binary.LittleEndian, math.Float32bits(v))
	}
	return hex.EncodeToString(h.Sum(nil))
}
