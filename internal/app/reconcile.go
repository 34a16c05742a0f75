package app

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/aws/aws-lambda-go/events"

	"github.com/songsmith/songsmith/internal/sqsqueue"
)

// The reconciler (issue 27 item 2) on AWS: a job accepted by the generate
// function is stored with an outbox record before its SQS message is sent,
// and the record goes once the message is sent. A function that dies in
// between leaves the record; the reconciler sends the message of every job
// whose record is older than RedeliverAfter. It runs in the worker
// function, invoked every minute by a schedule rule (template.yaml), and
// in `songsmith serve --backend aws` every JanitorEvery. A job sent twice
// is harmless: the worker skips a finished job and drops a delivery of a
// job whose attempt lease another delivery holds.

// Redeliver runs one pass of the reconciler on a backend; it logs and
// returns how many jobs it queued.
func Redeliver(ctx context.Context, cfg Config, b *Backend, log *slog.Logger) (int, error) {
	n, err := NewService(cfg, b, log).Redeliver(ctx, RedeliverAfter, RedeliverBatch)
	if err != nil {
		log.ErrorContext(ctx, "reconciler", "err", err, "queued", n)
	} else if n > 0 {
		log.WarnContext(ctx, "reconciler queued jobs that were never sent", "queued", n)
	}
	return n, err
}

// reconcile runs the reconciler every JanitorEvery until ctx ends.
func (s *Server) reconcile(ctx context.Context) {
	for {
		_, _ = Redeliver(ctx, s.Config, s.Backend, s.Logger)
		if !sleep(ctx, s.JanitorEvery) {
			return
		}
	}
}

// ScheduledEvent is the part of an EventBridge schedule event the worker
// function reads: a "Scheduled Event" runs the reconciler.
type ScheduledEvent struct {
	DetailType string `json:"detail-type"`
	Source     string `json:"source"`
}

// WorkerLambda is the worker function's handler: SQS batches go to h (the
// jobs queue, its dead-letter queue, the webhook queue); the schedule
// rule's events run the reconciler. The answer to an SQS batch is its
// partial batch response.
func WorkerLambda(cfg Config, b *Backend, h *sqsqueue.Handler, log *slog.Logger) func(context.Context, json.RawMessage) (any, error) {
	return func(ctx context.Context, raw json.RawMessage) (any, error) {
		var sched ScheduledEvent
		if json.Unmarshal(raw, &sched) == nil && sched.DetailType == "Scheduled Event" {
			n, err := Redeliver(ctx, cfg, b, log)
			return map[string]int{"queued": n}, err
		}
		var ev events.SQSEvent
		if err := json.Unmarshal(raw, &ev); err != nil {
			log.ErrorContext(ctx, "worker: unreadable event", "err", err, "bytes", len(raw))
			return events.SQSEventResponse{}, nil
		}
		return h.Handle(ctx, ev)
	}
}
