// Package webhook delivers job-finished callbacks: when a job submitted
// with a webhook_url ends, its job body is POSTed there, signed like
// Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature:
// v1,base64(HMAC-SHA256(secret, id.timestamp.body))) with the submitting
// key's signing secret, from a queue of its own, retried with backoff for
// more than 24 hours. It is an adapter: it takes the job store, the key
// store and the body encoder as values.
package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Header names of a delivery (Standard Webhooks).
const (
	HeaderID        = "webhook-id"
	HeaderTimestamp = "webhook-timestamp"
	HeaderSignature = "webhook-signature"
)

// SecretPrefix starts every signing secret: "whsec_" + base64 key bytes.
const SecretPrefix = "whsec_"

// DeliveryID is the id of a job's webhook: the same on every retry, so a
// receiver can drop duplicates by it.
func DeliveryID(jobID string) string { return "msg_" + jobID }

// secretBytes returns the HMAC key of a "whsec_..." secret (the base64
// part decoded; the whole string when it is not base64).
func secretBytes(secret string) []byte {
	s := strings.TrimPrefix(secret, SecretPrefix)
	if b, err := base64.StdEncoding.DecodeString(s); err == nil && len(b) > 0 {
		return b
	}
	return []byte(s)
}

// Sign returns the webhook-signature value of a delivery.
func Sign(secret, id string, ts time.Time, body []byte) string {
	mac := hmac.New(sha256.New, secretBytes(secret))
	mac.Write([]byte(id + "." + strconv.FormatInt(ts.Unix(), 10) + "."))
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// ErrSignature is returned by Verify for a delivery that is not signed with
// the secret, or is older than the tolerance.
var ErrSignature = errors.New("webhook: invalid signature")

// Verify checks a received delivery's headers against secret, as a
// receiver should: one of the space-separated v1 signatures must match,
// and the timestamp must be within tolerance of now (replay protection).
func Verify(secret, id, timestamp, signatures string, body []byte, now time.Time, tolerance time.Duration) error {
	sec, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return ErrSignature
	}
	ts := time.Unix(sec, 0)
	if d := now.Sub(ts); d > tolerance || d < -tolerance {
		return ErrSignature
	}
	want := Sign(secret, id, ts, body)
	for _, s := range strings.Fields(signatures) {
		if hmac.Equal([]byte(s), []byte(want)) {
			return nil
		}
	}
	return ErrSignature
}
