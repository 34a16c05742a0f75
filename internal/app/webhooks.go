package app

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/netip"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/webhook"
)

// withWebhooks turns webhooks on for a backend: q carries deliveries, c
// is its pull side, and every terminal transition of a job that asked for
// a webhook queues one (webhook.NotifyingStore).
func withWebhooks(b *Backend, q jobs.Queue, c jobs.Consumer) {
	b.Webhooks, b.WebhookConsumer = q, c
	b.Jobs = &webhook.NotifyingStore{JobStore: b.Jobs, Webhooks: q}
}

// WebhookPolicy is where webhooks may go, the same on every backend:
// https to public unicast addresses only, and loopback too when
// SONGSMITH_WEBHOOK_ALLOW_LOOPBACK is true.
func WebhookPolicy(cfg Config) webhook.Policy {
	return webhook.Policy{AllowLoopback: cfg.WebhookAllowLoopback}
}

// CheckListen refuses SONGSMITH_WEBHOOK_ALLOW_LOOPBACK on a server that
// listens at addr beyond loopback: there, anyone who can reach the API
// could make it POST to the machine's own ports.
func CheckListen(cfg Config, addr net.Addr) error {
	if !cfg.WebhookAllowLoopback {
		return nil
	}
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil || !ap.Addr().Unmap().IsLoopback() {
		return fmt.Errorf("config: SONGSMITH_WEBHOOK_ALLOW_LOOPBACK=true is for a server on loopback only, and this one listens on %s: listen on 127.0.0.1 (SONGSMITH_ADDR) or leave the setting off", addr)
	}
	return nil
}

// NewWebhookSender builds the webhook sender of a backend with webhooks;
// svc signs the media URLs of the bodies it sends.
func NewWebhookSender(cfg Config, b *Backend, svc *jobs.Service, log *slog.Logger) *webhook.Sender {
	return &webhook.Sender{Jobs: b.Jobs, Keys: b.Keys, Recorder: b.WebhookStates, Secret: b.WebhookSecret, Policy: WebhookPolicy(cfg), Logger: log,
		Leases: b.WebhookLeases,
		Limits: webhook.LimitsFor(cfg.Service.SubmitRate, webhook.DefaultTimeout),
		Body: func(ctx context.Context, j *jobs.Job) ([]byte, error) {
			if err := svc.FreshURLs(ctx, j); err != nil {
				return nil, err
			}
			return httpapi.WebhookBody(j)
		}}
}
