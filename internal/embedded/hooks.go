package embedded

import (
	"context"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// bucketHooks is the webhook delivery queue: the same durable queue as
// the jobs queue (at-least-once, visibility, crash recovery), apart, so
// webhook retries never hold up generations.
var bucketHooks = []byte("webhooks")

// HookQueue is the embedded webhook queue (see Store.Webhooks).
type HookQueue struct{ s *Store }

var (
	_ jobs.Queue    = HookQueue{}
	_ jobs.Consumer = HookQueue{}
)

// Webhooks returns the store's webhook delivery queue.
func (s *Store) Webhooks() HookQueue { return HookQueue{s} }

// Enqueue implements jobs.Queue.
func (q HookQueue) Enqueue(ctx context.Context, id jobs.JobID) error {
	return q.s.enqueue(bucketHooks, id)
}

// Receive implements jobs.Consumer.
func (q HookQueue) Receive(ctx context.Context, max int, wait time.Duration) ([]jobs.Delivery, error) {
	return q.s.receive(ctx, bucketHooks, max, wait)
}

// Ack implements jobs.Consumer.
func (q HookQueue) Ack(ctx context.Context, d jobs.Delivery) error { return q.s.ack(bucketHooks, d) }

// Release implements jobs.Consumer.
func (q HookQueue) Release(ctx context.Context, d jobs.Delivery, delay time.Duration) error {
	return q.s.release(bucketHooks, d, delay)
}

// Interrupt implements jobs.Interrupter.
func (q HookQueue) Interrupt(ctx context.Context, d jobs.Delivery) error {
	return q.s.interrupt(bucketHooks, d)
}
