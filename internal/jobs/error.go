package jobs

import (
	"errors"
	"fmt"
	"time"

	"github.com/songsmith/songsmith/internal/request"
)

// Code is a closed set of error kinds. The HTTP layer maps each code to one
// status in a single table; adapters translate backend errors into codes.
type Code string

// The error codes.
const (
	EInvalid      Code = "invalid_request"     // malformed or missing input (400)
	EUnauthorized Code = "unauthorized"        // missing, unknown, revoked or expired key (401)
	EForbidden    Code = "forbidden"           // a media URL whose signature is wrong or expired (403)
	ENotFound     Code = "not_found"           // no such job (or not yours, or expired) (404)
	EMethod       Code = "method_not_allowed"  // wrong HTTP method for a path (405)
	EConflict     Code = "conflict"            // a conditional write lost (state already moved) (409)
	EJobFinished  Code = "job_finished"        // cancel of a job that completed or failed otherwise (409)
	EJobRunning   Code = "job_running"         // delete of a job that is still running (409)
	EJobFailed    Code = "job_failed"          // edit of a job that failed (409)
	ETooLarge     Code = "payload_too_large"   // request body over the limit (413)
	ERateLimited  Code = "rate_limited"        // over the per-key request rate (429)
	ETooManyJobs  Code = "too_many_jobs"       // over the per-key cap of queued plus running jobs (429)
	EInternal     Code = "internal_error"      // anything unexpected (500)
	EUnavailable  Code = "service_unavailable" // shutting down or a dependency is down (503)
	// EQueueTimeout is not an HTTP answer but the kind of a job's failure:
	// it waited in the queue longer than Config.MaxQueueAge and never
	// started (its error text is MsgQueueTimeout; logs name the code).
	EQueueTimeout Code = "queue_timeout"
)

// Error is the domain error: a code and a message safe to show a client.
// Internal detail belongs in Err, which is logged and never sent.
type Error struct {
	Code       Code
	Message    string
	RetryAfter time.Duration // for ERateLimited: when the window resets; for a 5xx, when to retry (backend.StorageFull)
	Err        error         // internal cause, never shown to clients
}

// Error implements error.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Unwrap returns the internal cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with a formatted client-safe message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Client-facing texts shared by every adapter: adapters pick a helper
// (Internal, Unavailable, Busy) and never write their own wording.
const (
	// msgRetry is the advice appended to answers a client should retry.
	msgRetry = "Please retry in 10 to 30 seconds."
	// msgTimedOut is the error of a job still running after JobTimeout.
	msgTimedOut = "Generation timed out. Submit the prompt again."
	// MsgQueueTimeout is the error of a job that waited in the queue
	// longer than the maximum queue age and never started (code
	// EQueueTimeout in logs; the job's error text is this message).
	MsgQueueTimeout = "The service was busy: the job waited in the queue too long and never started. Submit the prompt again."
	// MsgCanceled is the error of a job its owner cancelled (POST
	// /jobs/{job_id}/cancel): exactly "canceled", so clients can test it.
	MsgCanceled = "canceled"
)

// Unavailable wraps a failure of a dependency (what names the dependency
// for the client, e.g. "The job queue") as EUnavailable with the retry advice.
func Unavailable(what string, err error) *Error {
	return &Error{Code: EUnavailable, Message: what + " is unavailable. " + msgRetry, Err: err}
}

// Busy wraps throttling by a dependency as EUnavailable with the retry advice.
func Busy(err error) *Error {
	return &Error{Code: EUnavailable, Message: "The service is busy. " + msgRetry, Err: err}
}

// JobNotFound is the ENotFound of a job id that names no job of the caller.
func JobNotFound(id JobID) *Error {
	return Errorf(ENotFound, "No job with id %s exists, or it has expired.", id)
}

// Internal wraps an unexpected error as EInternal with a generic message.
func Internal(err error) *Error {
	return &Error{Code: EInternal, Message: "An unexpected error occurred. " + msgRetry, Err: err}
}

// ErrorCode returns the code of err: its own for *Error, EInvalid for an
// invalid request (*request.Error), EInternal for any other non-nil error
// and "" for nil.
func ErrorCode(err error) Code {
	var e *Error
	var inv *request.Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Code
	case errors.As(err, &inv):
		return EInvalid
	default:
		return EInternal
	}
}

// ErrorMessage returns the client-safe message of err.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Message != "" {
		return e.Message
	}
	if inv, ok := errors.AsType[*request.Error](err); ok {
		return inv.Message
	}
	return Internal(nil).Message
}

// IsCode reports whether err carries code c.
func IsCode(err error, c Code) bool { return ErrorCode(err) == c }
