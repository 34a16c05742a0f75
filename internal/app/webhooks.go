package app

import (
	"context"
	"log/slog"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/webhook"
)

// withWebhooks turns webhooks on for a backend: q carries deliveries, c
// is its pull side, and every terminal transition of a job that asked for
// a webhook queues one (jobs.NotifyingStore).
func withWebhooks(b *Backend, q jobs.Queue, c jobs.Consumer) {
	b.Webhooks, b.WebhookConsumer = q, c
	b.Jobs = &jobs.NotifyingStore{JobStore: b.Jobs, Webhooks: q}
}

// WebhookPolicy is where webhooks may go: on the aws backend https to
// public addresses only; on the embedded one https anywhere and http to
// loopback.
func WebhookPolicy(cfg Config) webhook.Policy { return webhook.Policy{Public: cfg.Backend == "aws"} }

// NewWebhookSender builds the webhook sender of a backend with webhooks;
// svc signs the media URLs of the bodies it sends.
func NewWebhookSender(cfg Config, b *Backend, svc *jobs.Service, log *slog.Logger) *webhook.Sender {
	return &webhook.Sender{Jobs: b.Jobs, Keys: b.Keys, Policy: WebhookPolicy(cfg), Logger: log,
		Body: func(ctx context.Context, j *jobs.Job) ([]byte, error) {
			if err := svc.FreshURLs(ctx, j); err != nil {
				return nil, err
			}
			return httpapi.WebhookBody(j)
		}}
}
