package backend

import (
	"fmt"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// KeyNotFound is the jobs.ENotFound of an API key id that is not stored.
func KeyNotFound(id jobs.KeyID) *jobs.Error {
	return jobs.Errorf(jobs.ENotFound, "No API key with id %s exists.", id)
}

// IdempotencyNotFound is the jobs.ENotFound of an idempotency key that names no
// live job.
func IdempotencyNotFound() *jobs.Error {
	return jobs.Errorf(jobs.ENotFound, "No job for this idempotency key.")
}

// Exists is the jobs.EConflict of creating what (e.g. "Job 123") again.
func Exists(what string) *jobs.Error { return jobs.Errorf(jobs.EConflict, "%s already exists.", what) }

// AlreadyFinished is the jobs.EConflict of moving a job that is already terminal.
func AlreadyFinished(id jobs.JobID, s jobs.Status) *jobs.Error {
	return jobs.Errorf(jobs.EConflict, "Job %s is already %s.", id, s)
}

// Conflict wraps a lost conditional write as jobs.EConflict.
func Conflict(err error) *jobs.Error {
	return &jobs.Error{Code: jobs.EConflict, Message: "The item was changed by another request.", Err: err}
}

// TooManyJobs is the jobs.ETooManyJobs of a submission over a key's cap: heavy
// names the stems cap.
func TooManyJobs(lim jobs.Limits, heavy bool) *jobs.Error {
	if heavy {
		return &jobs.Error{Code: jobs.ETooManyJobs, RetryAfter: 30 * time.Second, Message: fmt.Sprintf(
			"This API key already has the most jobs with stems or layers queued or running that it may have (%d). Wait until one finishes, or submit without 'stems' and 'layers'.", lim.MaxActiveStems)}
	}
	return &jobs.Error{Code: jobs.ETooManyJobs, RetryAfter: 30 * time.Second, Message: fmt.Sprintf(
		"This API key already has the most jobs queued or running that it may have (%d). Wait until one finishes (or cancel one), then submit again.", lim.MaxActive)}
}
