package app

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"

	"github.com/songsmith/songsmith/internal/jobs"
)

// WebhookMasterName names the webhook master secret where a store keeps
// it (the embedded database; the DynamoDB table when no Secrets Manager
// secret is configured).
const WebhookMasterName = "webhook-master-secret"

// WebhookSecret returns the signing secret of k's webhooks: derived from
// the backend's master secret (every key made now), or the secret stored
// with a key made before derived secrets; "" for a key without webhooks.
func (b *Backend) WebhookSecret(ctx context.Context, k *jobs.APIKey) (string, error) {
	switch {
	case k.WebhookSecret != "":
		return k.WebhookSecret, nil
	case !k.WebhookDerived:
		return "", nil
	case b.WebhookMaster == nil:
		return "", errors.New("app: this backend has no webhook master secret")
	}
	m, err := b.WebhookMaster(ctx)
	if err != nil {
		return "", err
	}
	return jobs.WebhookSecretFrom(m, k.ID), nil
}

// onceSecret caches the first successful answer of get.
func onceSecret(get func(ctx context.Context) ([]byte, error)) func(ctx context.Context) ([]byte, error) {
	var mu sync.Mutex
	var got []byte
	return func(ctx context.Context) ([]byte, error) {
		mu.Lock()
		defer mu.Unlock()
		if got != nil {
			return got, nil
		}
		b, err := get(ctx)
		if err == nil {
			got = b
		}
		return b, err
	}
}

// secretsManagerCall makes one Secrets Manager API call (JSON protocol,
// signed with SigV4) and decodes its answer into out. It goes to
// AWS_ENDPOINT_URL when set (moto).
func secretsManagerCall(ctx context.Context, ac aws.Config, op string, in, out any) error {
	endpoint := "https://secretsmanager." + ac.Region + ".amazonaws.com/"
	if ac.BaseEndpoint != nil && *ac.BaseEndpoint != "" {
		endpoint = strings.TrimRight(*ac.BaseEndpoint, "/") + "/"
	}
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.1")
	req.Header.Set("X-Amz-Target", "secretsmanager."+op)
	if ac.Credentials == nil {
		return errors.New("secretsmanager: no AWS credentials")
	}
	creds, err := ac.Credentials.Retrieve(ctx)
	if err != nil {
		return fmt.Errorf("secretsmanager: credentials: %w", err)
	}
	sum := sha256.Sum256(body)
	if err := v4.NewSigner().SignHTTP(ctx, creds, req, hex.EncodeToString(sum[:]), "secretsmanager", ac.Region, time.Now()); err != nil {
		return err
	}
	client := &http.Client{Timeout: 10 * time.Second}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("secretsmanager %s: %w", op, err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if res.StatusCode != http.StatusOK {
		var e struct {
			Type    string `json:"__type"`
			Message string `json:"message"`
		}
		_ = json.Unmarshal(data, &e)
		return fmt.Errorf("secretsmanager %s: %d %s %s", op, res.StatusCode, e.Type, e.Message)
	}
	return json.Unmarshal(data, out)
}

// ReadSecretString returns the SecretString of a Secrets Manager secret
// (the webhook master secret: SONGSMITH_WEBHOOK_SECRET_ARN).
func ReadSecretString(ctx context.Context, ac aws.Config, id string) (string, error) {
	var out struct{ SecretString string }
	if err := secretsManagerCall(ctx, ac, "GetSecretValue", map[string]string{"SecretId": id}, &out); err != nil {
		return "", err
	}
	if len(out.SecretString) < 32 {
		return "", fmt.Errorf("secretsmanager: secret %s holds %d characters, want at least 32", id, len(out.SecretString))
	}
	return out.SecretString, nil
}

// CreateSecretString makes a Secrets Manager secret holding a random
// 64-character string and returns its ARN (tests and `songsmith aws
// init` setups; the template makes its own).
func CreateSecretString(ctx context.Context, ac aws.Config, name string) (string, error) {
	var pw struct{ RandomPassword string }
	if err := secretsManagerCall(ctx, ac, "GetRandomPassword", map[string]any{"PasswordLength": 64, "ExcludePunctuation": true}, &pw); err != nil {
		return "", err
	}
	var out struct{ ARN string }
	err := secretsManagerCall(ctx, ac, "CreateSecret", map[string]string{"Name": name, "SecretString": pw.RandomPassword}, &out)
	return out.ARN, err
}
