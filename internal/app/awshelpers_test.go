package app_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/httpapi/openapitest"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/sqsqueue"
	"github.com/songsmith/songsmith/internal/testutil"
)

// newAWSKey stores a new API key named name in the backend's key table and
// returns the full key a client sends.
func newAWSKey(t *testing.T, b *app.Backend, name string) string {
	t.Helper()
	k, key, err := jobs.NewAPIKey(name, time.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Keys.CreateKey(context.Background(), k); err != nil {
		t.Fatal(err)
	}
	return key
}

// withBrokenStore calls try once with a client whose job store fails for
// good (the answer must be 500) and once with one whose store is down (503),
// the keys and limits staying on moto.
func withBrokenStore(t *testing.T, v *openapitest.Validator, cfg app.Config, b *app.Backend, log *slog.Logger, try func(c *lambdaClient, status int)) {
	t.Helper()
	for _, f := range []struct {
		status int
		err    error
	}{{500, errors.New("throttled for good")}, {503, &jobs.Error{Code: jobs.EUnavailable, Message: "The table is unavailable."}}} {
		broken := *b
		broken.Jobs = brokenJobs{err: f.err}
		broken.Admit = brokenJobs{err: f.err}
		try(&lambdaClient{t: t, v: v, h: app.NewAPIHandler(cfg, &broken, log)}, f.status)
	}
}

// newWebhookStack is newAWSStack (three attempts) with a webhook queue, and
// a configuration that names it.
func newWebhookStack(t *testing.T) (*awsStack, app.Config) {
	t.Helper()
	st := newAWSStack(t, 3)
	hookURL, err := sqsqueue.CreateQueue(context.Background(), st.SQS, testutil.UniqueName("songsmith-webhooks"), time.Second, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	cfg := st.Config
	cfg.WebhookQueueURL = hookURL
	return st, cfg
}
