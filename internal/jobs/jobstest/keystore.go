package jobstest

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
)

// RunKeyStore runs the KeyStore contract against stores made by open. Each
// subtest gets an empty store.
func RunKeyStore(t *testing.T, open func(t *testing.T) jobs.KeyStore) {
	ctx := context.Background()
	t.Run("CreateGetList", func(t *testing.T) {
		s := open(t)
		k1, secret1, err := jobs.NewAPIKey("ci", T0, 0)
		if err != nil {
			t.Fatal(err)
		}
		k2, _, _ := jobs.NewAPIKey("laptop", T0.Add(time.Second), 48*time.Hour)
		for _, k := range []*jobs.APIKey{k1, k2} {
			if err := s.CreateKey(ctx, k); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.Key(ctx, k1.ID)
		if err != nil {
			t.Fatal(err)
		}
		_, sec, _ := jobs.SplitKey(secret1)
		if got.Name != "ci" || !got.Matches(sec) || !got.CreatedAt.Equal(k1.CreatedAt) || !got.ExpiresAt.IsZero() || !got.RevokedAt.IsZero() {
			t.Fatalf("got %+v", got)
		}
		if !got.WebhookDerived || got.WebhookSecret != "" || !got.HasWebhookSecret() {
			t.Fatalf("a new key: derived %v, stored secret %q; want derived and nothing stored", got.WebhookDerived, got.WebhookSecret)
		}
		got2, _ := s.Key(ctx, k2.ID)
		if !got2.ExpiresAt.Equal(k2.ExpiresAt) {
			t.Fatalf("expires: got %v want %v", got2.ExpiresAt, k2.ExpiresAt)
		}
		list, err := s.Keys(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].ID != k1.ID || list[1].ID != k2.ID {
			t.Fatalf("list = %v, want [%s %s] oldest first", ids(list), k1.ID, k2.ID)
		}
	})
	t.Run("LegacyWebhookSecret", func(t *testing.T) {
		// A key made before derived secrets keeps its stored secret.
		s := open(t)
		legacy, legacyFull, _ := jobs.NewAPIKey("legacy", T0, 0)
		legacy.WebhookDerived, legacy.WebhookSecret = false, webhookSecretFor(legacyFull)
		if err := s.CreateKey(ctx, legacy); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Key(ctx, legacy.ID); err != nil || got.WebhookDerived || got.WebhookSecret != legacy.WebhookSecret || !got.HasWebhookSecret() {
			t.Fatalf("legacy key %+v, %v: its stored secret not kept", got, err)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		s := open(t)
		_, err := s.Key(ctx, "nosuchkey")
		SameError(t, "key", err, backend.KeyNotFound("nosuchkey"))
		SameError(t, "revoke", s.RevokeKey(ctx, "nosuchkey", T0), backend.KeyNotFound("nosuchkey"))
	})
	t.Run("ErrConflictOnDuplicate", func(t *testing.T) {
		s := open(t)
		k, _, _ := jobs.NewAPIKey("a", T0, 0)
		if err := s.CreateKey(ctx, k); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateKey(ctx, k); err != nil {
			t.Fatalf("repeating the same key: %v, want a no-op", err)
		}
		other, _, _ := jobs.NewAPIKey("a", T0, 0)
		other.ID = k.ID
		if err := s.CreateKey(ctx, other); !jobs.IsCode(err, jobs.EConflict) {
			t.Fatalf("err = %v, want conflict", err)
		}
		if got, err := s.Key(ctx, k.ID); err != nil || !backend.SameKey(got, k) {
			t.Fatalf("after conflict: got %+v, %v", got, err)
		}
	})
	t.Run("Revoke", func(t *testing.T) {
		s := open(t)
		k, _, _ := jobs.NewAPIKey("a", T0, 0)
		if err := s.CreateKey(ctx, k); err != nil {
			t.Fatal(err)
		}
		at := T0.Add(time.Hour)
		if err := s.RevokeKey(ctx, k.ID, at); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Key(ctx, k.ID)
		if !got.RevokedAt.Equal(at) || !got.Active(at.Add(-time.Second)) || got.Active(at) {
			t.Fatalf("revoked at %v, active before %v, after %v", got.RevokedAt, got.Active(at.Add(-time.Second)), got.Active(at))
		}
	})
}

func ids(ks []*jobs.APIKey) []jobs.KeyID {
	var out []jobs.KeyID
	for _, k := range ks {
		out = append(out, k.ID)
	}
	return out
}

// webhookSecretFor is how the signing secret of keys made before derived
// secrets was made from the full key string (their stored WebhookSecret):
// "whsec_" + base64(HMAC-SHA256(key, label)).
func webhookSecretFor(full string) string {
	mac := hmac.New(sha256.New, []byte(full))
	mac.Write([]byte("songsmith webhook signing secret v1"))
	return "whsec_" + base64.StdEncoding.EncodeToString(mac.Sum(nil)[:24])
}
