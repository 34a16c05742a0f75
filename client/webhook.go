package client

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// ErrWebhookSignature is returned by [VerifyWebhook] for a delivery that is
// not signed with the secret, or whose timestamp is off by more than the
// tolerance.
var ErrWebhookSignature = errors.New("songsmith: webhook signature does not verify")

// VerifyWebhook checks a webhook delivery (Standard Webhooks: the
// webhook-id, webhook-timestamp and webhook-signature headers) against the
// API key's signing secret ("whsec_..."), allowing tolerance between the
// timestamp and now, and returns the job it carries. Deliveries are
// retried with the same webhook-id: drop ids already handled.
func VerifyWebhook(secret string, h http.Header, body []byte, now time.Time, tolerance time.Duration) (*Job, error) {
	id, ts, sigs := h.Get("webhook-id"), h.Get("webhook-timestamp"), h.Get("webhook-signature")
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || id == "" {
		return nil, ErrWebhookSignature
	}
	if d := now.Sub(time.Unix(sec, 0)); d > tolerance || d < -tolerance {
		return nil, ErrWebhookSignature
	}
	key := []byte(strings.TrimPrefix(secret, "whsec_"))
	if b, err := base64.StdEncoding.DecodeString(string(key)); err == nil && len(b) > 0 {
		key = b
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + ts + "."))
	mac.Write(body)
	want := "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
	ok := false
	for _, s := range strings.Fields(sigs) {
		ok = ok || hmac.Equal([]byte(s), []byte(want))
	}
	if !ok {
		return nil, ErrWebhookSignature
	}
	var j Job
	if err := json.Unmarshal(body, &j); err != nil {
		return nil, err
	}
	return &j, nil
}
