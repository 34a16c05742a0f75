package jobs

import (
	"context"

	"github.com/songsmith/songsmith/internal/jobs/delivery"
)

// WebhookOf returns the state to report for j's webhook: nil for a job
// without a webhook_url, pending before the first attempt.
func WebhookOf(j *Job) *delivery.State {
	if j.Options == nil || j.Options.WebhookURL == "" {
		return nil
	}
	if j.Webhook != nil {
		return j.Webhook
	}
	return &delivery.State{Status: delivery.Pending}
}

// WebhookRecorder keeps the webhook state of jobs (on the job's record,
// so GET /jobs/{id} reads it with the job).
type WebhookRecorder interface {
	// SetWebhookState replaces the webhook state of job id. ENotFound if
	// the job is absent.
	SetWebhookState(ctx context.Context, id JobID, st delivery.State) error
}
