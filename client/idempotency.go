package client

import (
	"crypto/rand"
	"fmt"
)

// IdempotencyHeader is the request header that makes a submission safe to
// retry: the service answers a repeat of the same key and prompt with the
// job the first request created.
const IdempotencyHeader = "Idempotency-Key"

// GenerateOption configures one [Client.Generate] call.
type GenerateOption func(*generateOptions)

type generateOptions struct {
	idempotencyKey string
	ext            extensions // extensions.go
}

// WithIdempotencyKey sends key (1 to 255 printable ASCII characters) as the
// Idempotency-Key of the submission instead of a random one. Reuse the same
// key when repeating a submission whose outcome is unknown, for example
// across process restarts; the service then returns the first job instead
// of creating another. An empty key is ignored.
func WithIdempotencyKey(key string) GenerateOption {
	return func(o *generateOptions) {
		if key != "" {
			o.idempotencyKey = key
		}
	}
}

// newIdempotencyKey returns a random UUID (version 4).
func newIdempotencyKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
