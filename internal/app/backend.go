package app

import (
	"context"
	"net/http"
	"strings"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs"
)

// Backend is one set of adapters behind the ports.
type Backend struct {
	Jobs     jobs.JobStore
	Keys     jobs.KeyStore
	Limiter  jobs.Limiter
	Queue    jobs.Queue
	Consumer jobs.Consumer // pull side for local workers
	// DeadLetters, when set, is consumed by local workers: every message in
	// it marks its job failed (the SQS dead-letter queue on the aws backend).
	DeadLetters jobs.Consumer
	Media       jobs.Media
	// MediaHandler serves media URLs under /media/ (embedded backend only;
	// on AWS the URLs point at S3).
	MediaHandler http.Handler
	// Embedded is the local database when the backend is embedded (used
	// by the janitor that removes expired jobs and their media).
	Embedded *embedded.Store
	// Webhooks is the webhook delivery queue and WebhookConsumer its pull
	// side; nil when webhooks are off (aws backend without
	// SONGSMITH_WEBHOOK_QUEUE_URL). See withWebhooks.
	Webhooks        jobs.Queue
	WebhookConsumer jobs.Consumer
	// WebhookStates records each webhook's delivery state on its job (the
	// store behind Jobs).
	WebhookStates jobs.WebhookRecorder
	// Close releases the backend's resources.
	Close func() error
}

// probeJobID names a job that never exists; reading it checks the store.
const probeJobID = jobs.JobID("00000000-0000-4000-8000-000000000000")

// ProbeMediaKey is the media object /healthz writes and deletes.
const ProbeMediaKey = "healthz/probe"

// Check reports whether the backend works for reads and writes (GET
// /healthz): it reads a job that does not exist, writes to the embedded
// database, and writes then deletes a small media object, so a full disk
// or a read-only bucket makes the service unhealthy.
func (b *Backend) Check(ctx context.Context) error {
	if _, err := b.Jobs.Job(ctx, probeJobID); err != nil && !jobs.IsCode(err, jobs.ENotFound) {
		return err
	}
	if b.Embedded != nil {
		if err := b.Embedded.Probe(); err != nil {
			return err
		}
	}
	if err := b.Media.PutMedia(ctx, ProbeMediaKey, "text/plain", strings.NewReader("ok"), 2); err != nil {
		return err
	}
	return b.Media.DeleteMedia(ctx, ProbeMediaKey)
}
