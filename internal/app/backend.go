package app

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/webhook"
)

// Backend is one set of adapters behind the ports.
type Backend struct {
	Jobs    jobs.JobStore
	Keys    jobs.KeyStore
	Limiter jobs.Limiter
	Queue   jobs.Queue
	// Admit stores new jobs with their queue message (embedded) or outbox
	// record (aws) under the per-key caps; Leases records attempts on the
	// job. Both are the store behind Jobs.
	Admit    jobs.Admitter
	Leases   jobs.AttemptRecorder
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
	// WebhookLeases hold a key's webhook deliveries in flight to its limit
	// across processes (the aws backend's worker instances); nil when one
	// process delivers every webhook (embedded).
	WebhookLeases webhook.Leases
	// WebhookMaster returns the master secret that the webhook signing
	// secrets of keys derive from (WebhookSecret); nil when the backend
	// has none.
	WebhookMaster func(ctx context.Context) ([]byte, error)
	// Close releases the backend's resources.
	Close func() error

	health *health // made on first use (healthOf)
}

// probeJobID names a job that never exists; reading it checks the store.
const probeJobID = jobs.JobID("00000000-0000-4000-8000-000000000000")

// ProbeMediaPrefix starts the media objects /healthz writes and deletes,
// one key per write check (so concurrent checks, or several servers on one
// bucket, never delete each other's object).
const ProbeMediaPrefix = "healthz/probe-"

// health remembers the last write check of a backend.
type health struct {
	mu      sync.Mutex
	checked time.Time
	err     error
}

// Check reports whether the backend works (GET /healthz). Every call reads
// a job that does not exist; at most every HealthWriteEvery, one call also
// writes to the embedded database and writes then deletes a small media
// object under a key of its own (concurrent calls wait for that check and
// share its result), so a full disk or a read-only bucket makes the service
// unhealthy within HealthWriteEvery, and probes cost no writes in between.
func (b *Backend) Check(ctx context.Context) error {
	if _, err := b.Jobs.Job(ctx, probeJobID); err != nil && !jobs.IsCode(err, jobs.ENotFound) {
		return err
	}
	h := b.healthOf()
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.checked.IsZero() && time.Since(h.checked) < HealthWriteEvery {
		return h.err
	}
	h.err = b.writeCheck(ctx)
	h.checked = time.Now()
	return h.err
}

// healthMu guards the creation of Backend.health.
var healthMu sync.Mutex

func (b *Backend) healthOf() *health {
	healthMu.Lock()
	defer healthMu.Unlock()
	if b.health == nil {
		b.health = &health{}
	}
	return b.health
}

func (b *Backend) writeCheck(ctx context.Context) error {
	if b.Embedded != nil {
		if err := b.Embedded.Probe(); err != nil {
			return err
		}
	}
	key := fmt.Sprintf("%s%d-%x", ProbeMediaPrefix, time.Now().UnixNano(), rand.Uint32())
	if err := b.Media.PutMedia(ctx, key, "text/plain", strings.NewReader("ok"), 2); err != nil {
		return err
	}
	return b.Media.DeleteMedia(ctx, key)
}
