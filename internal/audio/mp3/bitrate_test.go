package mp3_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/audio/mp3"
)

func TestValidBitrate(t *testing.T) {
	valid := map[int]bool{32: true, 40: true, 48: true, 56: true, 64: true, 80: true, 96: true, 112: true,
		128: true, 160: true, 192: true, 224: true, 256: true, 320: true}
	for kbps := -1; kbps <= 400; kbps++ {
		if got := mp3.ValidBitrate(kbps); got != valid[kbps] {
			t.Errorf("ValidBitrate(%d) = %v", kbps, got)
		}
	}
}
