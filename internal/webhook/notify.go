package webhook

import (
	"context"
	"log/slog"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// NotifyingStore is a jobs.JobStore whose terminal transitions have effects:
// once CompleteJob or FailJob has moved a job that asked for a webhook,
// the job's id goes on the Webhooks queue (a webhook sender consumes it).
// Every way a job ends (the worker, a dead letter, a timeout found when
// reading, a submission that could not be queued) passes through here.
type NotifyingStore struct {
	jobs.JobStore
	Webhooks jobs.Queue
	Logger   *slog.Logger // slog.Default() when nil
}

// CompleteJob implements jobs.JobStore and notifies.
func (n *NotifyingStore) CompleteJob(ctx context.Context, id jobs.JobID, r jobs.Result, at time.Time) error {
	err := n.JobStore.CompleteJob(ctx, id, r, at)
	if err == nil {
		n.notify(ctx, id)
	}
	return err
}

// FailJob implements jobs.JobStore and notifies.
func (n *NotifyingStore) FailJob(ctx context.Context, id jobs.JobID, msg string, at time.Time) error {
	err := n.JobStore.FailJob(ctx, id, msg, at)
	if err == nil {
		n.notify(ctx, id)
	}
	return err
}

// notify queues the webhook of a job that wants one. The transition has
// happened: a failure here is logged, not returned (the webhook is lost,
// the job is not).
func (n *NotifyingStore) notify(ctx context.Context, id jobs.JobID) {
	ctx = context.WithoutCancel(ctx)
	j, err := n.JobStore.Job(ctx, id)
	if err == nil && (j.Options == nil || j.Options.WebhookURL == "") {
		return
	}
	if err == nil {
		err = n.Webhooks.Enqueue(ctx, id)
	}
	if err != nil {
		log := n.Logger
		if log == nil {
			log = slog.Default()
		}
		log.ErrorContext(ctx, "could not queue the job's webhook", "job_id", id, "err", err)
	}
}
