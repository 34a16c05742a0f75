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
	"github.com/songsmith/songsmith/internal/webhook"
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
	return webhook.SecretFrom(m, k.ID), nil
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
		e := &secretsError{Op: op, Status: res.StatusCode}
		var body struct {
			Type    string `json:"__type"`
			Message string `json:"message"`
		}
		_ = json.Unmarshal(data, &body)
		e.Type, e.Message = body.Type, body.Message
		if _, after, ok := strings.Cut(e.Type, "#"); ok {
			e.Type = after // "com.amazonaws...#ResourceNotFoundException"
		}
		return e
	}
	return json.Unmarshal(data, out)
}

// secretsError is a Secrets Manager API error answer.
type secretsError struct {
	Op, Type, Message string
	Status            int
}

func (e *secretsError) Error() string {
	return fmt.Sprintf("secretsmanager %s: %d %s %s", e.Op, e.Status, e.Type, e.Message)
}

// secretsErrorIs reports whether err is a Secrets Manager answer of type
// typ (such as ResourceNotFoundException).
func secretsErrorIs(err error, typ string) bool {
	var e *secretsError
	return errors.As(err, &e) && e.Type == typ
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

// EnsureSecretString returns the ARN of the Secrets Manager secret id (a
// name or an ARN), creating it with a random 64-character string when no
// secret has that name (`songsmith aws init`). An existing secret is kept
// as it is, so running it again changes no key's webhook signing secret.
// A missing secret named by ARN is an error: an ARN cannot be created.
func EnsureSecretString(ctx context.Context, ac aws.Config, id string) (string, error) {
	var out struct{ ARN string }
	err := secretsManagerCall(ctx, ac, "DescribeSecret", map[string]string{"SecretId": id}, &out)
	switch {
	case err == nil:
		return out.ARN, nil
	case !secretsErrorIs(err, "ResourceNotFoundException"):
		return "", err
	case strings.HasPrefix(id, "arn:"):
		return "", fmt.Errorf("secretsmanager: no secret %s (SONGSMITH_WEBHOOK_SECRET_ARN): name one that exists, or a name to create", id)
	}
	arn, err := CreateSecretString(ctx, ac, id)
	if secretsErrorIs(err, "ResourceExistsException") { // made meanwhile by another run
		return EnsureSecretString(ctx, ac, id)
	}
	return arn, err
}
