package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"

	"github.com/songsmith/songsmith/internal/jobs"
)

// SecretFrom derives the webhook signing secret of key id from the
// server's master secret: "whsec_" + base64(HMAC-SHA256(master, label +
// id) truncated to 24 bytes). Only the process that holds the master (the
// sender, and the key commands that print a new key's secret) can compute it.
func SecretFrom(master []byte, id jobs.KeyID) string {
	mac := hmac.New(sha256.New, master)
	mac.Write([]byte("songsmith webhook signing secret v2:" + string(id)))
	return "whsec_" + base64.StdEncoding.EncodeToString(mac.Sum(nil)[:24])
}
