package jobs

import (
	"crypto/rand"
	"encoding/hex"
)

// NewJobID returns a random RFC 4122 version 4 UUID.
func NewJobID() JobID {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("jobs: crypto/rand failed: " + err.Error())
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return JobID(h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32])
}
