package client

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"
)

// Error codes of the job controls ([APIError].Code of a 409).
const (
	// CodeJobFinished: [Client.Cancel] of a job that already completed or
	// failed for another reason.
	CodeJobFinished = "job_finished"
	// CodeJobRunning: [Client.Delete] of a job that is still running.
	CodeJobRunning = "job_running"
)

// JobCanceled is the [Job].Error of a job cancelled with [Client.Cancel].
const JobCanceled = "canceled"

// Cancel stops a running job with POST /jobs/{id}/cancel (a Songsmith
// extension): the job ends at once as failed with the error [JobCanceled]
// (see [Job.Canceled]), the service stops rendering it within about a
// second and keeps none of its files. Cancelling a cancelled job returns
// it again (the call is safe to repeat). It fails with an *[APIError] for
// 404 (unknown, expired or another key's job), 409 with Code
// [CodeJobFinished] (the job completed or failed otherwise) and, once
// retries are used up, 429 and 5xx.
func (c *Client) Cancel(ctx context.Context, jobID string) (*Job, error) {
	if jobID == "" {
		return nil, errors.New("songsmith: job id is required")
	}
	var job Job
	h, err := c.do(ctx, &call{start: time.Now(), jobID: jobID, state: StateRunning}, http.MethodPost,
		"/jobs/"+url.PathEscape(jobID)+"/cancel", nil, nil, true, &job)
	if err != nil {
		return nil, err
	}
	job.JobID, job.RateLimit = jobID, parseRateLimit(h)
	return &job, nil
}

// Delete removes a finished job's files and record with DELETE
// /jobs/{id} (a Songsmith extension) before the service's retention ends;
// afterwards [Client.Job] answers 404. It fails with an *[APIError] for
// 404 (unknown, expired, already deleted or another key's job), 409 with
// Code [CodeJobRunning] (cancel the job first, or wait for it) and, once
// retries are used up, 429 and 5xx. A retry after a lost answer may
// report the 404 of the job it deleted.
func (c *Client) Delete(ctx context.Context, jobID string) error {
	if jobID == "" {
		return errors.New("songsmith: job id is required")
	}
	_, err := c.do(ctx, &call{start: time.Now(), jobID: jobID, state: StateRunning}, http.MethodDelete,
		"/jobs/"+url.PathEscape(jobID), nil, nil, true, nil)
	return err
}

// Canceled reports whether the job failed because it was cancelled
// ([Client.Cancel]).
func (j *Job) Canceled() bool {
	return j.Status == StatusFailed && j.Error != nil && *j.Error == JobCanceled
}
