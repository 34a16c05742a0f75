package jobs

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"
)

// KeyID is the public identifier of an API key (shown in listings, safe to
// log). The secret part of a key is never stored.
type KeyID string

// keyPrefix starts every API key: "ss_<id>_<secret>".
const keyPrefix = "ss_"

// APIKey is a stored API key: its id and the SHA-256 of its secret.
type APIKey struct {
	ID        KeyID
	Name      string
	Hash      []byte    // SHA-256 of the secret
	CreatedAt time.Time // UTC
	ExpiresAt time.Time // zero: never expires
	RevokedAt time.Time // zero: not revoked; may be in the future (rotation grace)
	// WebhookDerived: the key's webhook signing secret is derived from
	// the server's master secret and the key id (webhook.SecretFrom), so
	// nothing secret is stored. Every key made now has it.
	WebhookDerived bool
	// WebhookSecret is the stored signing secret of a key made before
	// derived secrets ("whsec_...", kept in clear so its receivers keep
	// working); "" for every newer key, and for keys made before webhooks
	// existed, which cannot use them.
	WebhookSecret string
}

// HasWebhookSecret reports whether the key's jobs may ask for webhooks.
func (k *APIKey) HasWebhookSecret() bool { return k.WebhookDerived || k.WebhookSecret != "" }

// Active reports whether the key may be used at now.
func (k *APIKey) Active(now time.Time) bool {
	if !k.RevokedAt.IsZero() && !now.Before(k.RevokedAt) {
		return false
	}
	return k.ExpiresAt.IsZero() || now.Before(k.ExpiresAt)
}

// Matches compares secret with the stored hash in constant time.
func (k *APIKey) Matches(secret string) bool {
	h := sha256.Sum256([]byte(secret))
	return subtle.ConstantTimeCompare(h[:], k.Hash) == 1
}

// KeyStore keeps API keys.
type KeyStore interface {
	// CreateKey stores a key. EConflict if another key has the id;
	// storing the same key again (see SameKey) is a no-op.
	CreateKey(ctx context.Context, k *APIKey) error
	// Key returns a key by id. ENotFound if absent.
	Key(ctx context.Context, id KeyID) (*APIKey, error)
	// Keys lists all keys, oldest first.
	Keys(ctx context.Context) ([]*APIKey, error)
	// RevokeKey sets when a key stops working (now, or later for a rotation
	// grace period). ENotFound if absent.
	RevokeKey(ctx context.Context, id KeyID, at time.Time) error
}

// NewAPIKey makes a random key. It returns the stored form and the full
// secret key string, which is shown once and never stored.
func NewAPIKey(name string, now time.Time, ttl time.Duration) (*APIKey, string, error) {
	var idb [6]byte
	var sec [24]byte
	if _, err := rand.Read(idb[:]); err != nil {
		return nil, "", err
	}
	if _, err := rand.Read(sec[:]); err != nil {
		return nil, "", err
	}
	id := hex.EncodeToString(idb[:])
	secret := base64.RawURLEncoding.EncodeToString(sec[:])
	k := KeyFromSecret(keyPrefix+id+"_"+secret, name, now)
	if ttl > 0 {
		k.ExpiresAt = now.Add(ttl)
	}
	return k, keyPrefix + id + "_" + secret, nil
}

// KeyFromSecret returns the stored form of a full key string that is known
// to be well formed (see SplitKey), e.g. one listed in SONGSMITH_API_KEYS.
func KeyFromSecret(full, name string, now time.Time) *APIKey {
	id, secret, _ := SplitKey(full)
	h := sha256.Sum256([]byte(secret))
	return &APIKey{ID: id, Name: name, Hash: h[:], CreatedAt: now.UTC(), WebhookDerived: true}
}

// SplitKey splits "ss_<id>_<secret>" into its id and secret. ok is false for
// anything else.
func SplitKey(full string) (id KeyID, secret string, ok bool) {
	rest, found := strings.CutPrefix(full, keyPrefix)
	if !found {
		return "", "", false
	}
	i, s, found := strings.Cut(rest, "_")
	if !found || len(i) < 4 || len(i) > 32 || len(s) < 16 || len(s) > 128 || !isKeyText(i) || !isKeyText(s) {
		return "", "", false
	}
	return KeyID(i), s, true
}

func isKeyText(s string) bool {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
