package app

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

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
	// Sweeper removes expired jobs, their media and old rate windows on
	// the janitor's timer (a no-op on DynamoDB, whose TTL does it); nil
	// runs no janitor. Prober is the store's check of GET /healthz.
	Sweeper jobs.Sweeper
	Prober  jobs.Prober
	// Backup writes a consistent copy of the database to w while it is in
	// use and returns its size (GET /admin/backup); nil when the backend
	// has no local database to copy (aws).
	Backup func(w io.Writer) (int64, error)
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
// probes the store (jobs.Prober: the embedded database is written) and
// writes then deletes a small media
// object under a key of its own (concurrent calls wait for that check and
// share its result), so a full disk or a read-only bucket makes the service
// unhealthy within HealthWriteEvery, and probes cost no writes in between.
func (b *Backend) Check(ctx context.Context) error {
	if err := readProbe(ctx, b.Jobs); err != nil {
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
	if b.Prober != nil {
		if err := b.Prober.Probe(ctx); err != nil {
			return err
		}
	}
	key := fmt.Sprintf("%s%d-%x", ProbeMediaPrefix, time.Now().UnixNano(), rand.Uint32())
	if err := b.Media.PutMedia(ctx, key, "text/plain", strings.NewReader("ok"), 2); err != nil {
		return err
	}
	return b.Media.DeleteMedia(ctx, key)
}

// healthProbeJob names a job that never exists.
const healthProbeJob = jobs.JobID("00000000-0000-4000-8000-000000000000")

// readProbe is the read of every GET /healthz of a server: one store read
// (a job that does not exist answers ENotFound). It writes nothing.
func readProbe(ctx context.Context, store jobs.JobStore) error {
	if _, err := store.Job(ctx, healthProbeJob); err != nil && !jobs.IsCode(err, jobs.ENotFound) {
		return err
	}
	return nil
}
