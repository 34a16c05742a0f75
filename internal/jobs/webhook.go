package jobs

import (
	"context"

	"github.com/songsmith/songsmith/internal/jobs/delivery"
)

// WebhookRecorder keeps the webhook state of jobs (on the job's record,
// so GET /jobs/{id} reads it with the job).
type WebhookRecorder interface {
	// SetWebhookState replaces the webhook state of job id. ENotFound if
	// the job is absent.
	SetWebhookState(ctx context.Context, id JobID, st delivery.State) error
}
