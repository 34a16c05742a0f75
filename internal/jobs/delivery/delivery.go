// Package delivery is the delivery record of a job's webhook (State):
// where its callback stands, how many attempts it took, the last error.
// The job's record carries it (jobs.Job.Webhook), the webhook sender
// writes it through jobs.WebhookRecorder, and GET /jobs/{job_id} reports
// it. It imports nothing of the module.
package delivery

import "time"

// Status is where a job's webhook stands.
type Status string

// The webhook states GET /jobs/{id} reports for a job with a webhook_url.
const (
	Pending   Status = "pending"   // not attempted yet (the job runs, or the delivery waits its turn)
	Delivered Status = "delivered" // the receiver answered 2xx
	Retrying  Status = "retrying"  // an attempt failed; another follows on the schedule
	Parked    Status = "parked"    // the receiver keeps failing: deliveries to it wait for its circuit to close
	Failed    Status = "failed"    // given up after the last attempt
)

// State is the delivery record of a job's webhook. LastError is
// safe to show the key's owner: it never names an address a host
// resolved to.
type State struct {
	Status    Status    `json:"status" dynamodbav:"status"`
	Attempts  int       `json:"attempts" dynamodbav:"attempts"`
	LastError string    `json:"last_error,omitempty" dynamodbav:"last_error,omitempty"`
	UpdatedAt time.Time `json:"updated_at" dynamodbav:"updated_at"`
}

// Of returns the state to report for a job's webhook, given whether the job
// has a webhook_url and its recorded state st: nil without a webhook_url,
// pending before the first attempt.
func Of(hooked bool, st *State) *State {
	if !hooked {
		return nil
	}
	if st != nil {
		return st
	}
	return &State{Status: Pending}
}
