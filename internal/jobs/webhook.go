package jobs

import (
	"context"
	"time"
)

// WebhookStatus is where a job's webhook stands.
type WebhookStatus string

// The webhook states GET /jobs/{id} reports for a job with a webhook_url.
const (
	WebhookPending   WebhookStatus = "pending"   // not attempted yet (the job runs, or the delivery waits its turn)
	WebhookDelivered WebhookStatus = "delivered" // the receiver answered 2xx
	WebhookRetrying  WebhookStatus = "retrying"  // an attempt failed; another follows on the schedule
	WebhookParked    WebhookStatus = "parked"    // the receiver keeps failing: deliveries to it wait for its circuit to close
	WebhookFailed    WebhookStatus = "failed"    // given up after the last attempt
)

// WebhookState is the delivery record of a job's webhook. LastError is
// safe to show the key's owner: it never names an address a host
// resolved to.
type WebhookState struct {
	Status    WebhookStatus `json:"status" dynamodbav:"status"`
	Attempts  int           `json:"attempts" dynamodbav:"attempts"`
	LastError string        `json:"last_error,omitempty" dynamodbav:"last_error,omitempty"`
	UpdatedAt time.Time     `json:"updated_at" dynamodbav:"updated_at"`
}

// WebhookOf returns the state to report for j's webhook: nil for a job
// without a webhook_url, pending before the first attempt.
func WebhookOf(j *Job) *WebhookState {
	if j.Options == nil || j.Options.WebhookURL == "" {
		return nil
	}
	if j.Webhook != nil {
		return j.Webhook
	}
	return &WebhookState{Status: WebhookPending}
}

// WebhookRecorder keeps the webhook state of jobs (on the job's record,
// so GET /jobs/{id} reads it with the job).
type WebhookRecorder interface {
	// SetWebhookState replaces the webhook state of job id. ENotFound if
	// the job is absent.
	SetWebhookState(ctx context.Context, id JobID, st WebhookState) error
}
