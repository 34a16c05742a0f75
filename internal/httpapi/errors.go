package httpapi

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/songsmith/songsmith/internal/jobs"
)

// statusOf is the one table from error code to HTTP status.
var statusOf = map[jobs.Code]int{
	jobs.EInvalid:      http.StatusBadRequest,
	jobs.EUnauthorized: http.StatusUnauthorized,
	jobs.EForbidden:    http.StatusForbidden,
	jobs.ENotFound:     http.StatusNotFound,
	jobs.EMethod:       http.StatusMethodNotAllowed,
	jobs.EConflict:     http.StatusConflict,
	jobs.EJobFinished:  http.StatusConflict,
	jobs.EJobRunning:   http.StatusConflict,
	jobs.EJobFailed:    http.StatusConflict,
	jobs.ETooLarge:     http.StatusRequestEntityTooLarge,
	jobs.ERateLimited:  http.StatusTooManyRequests,
	jobs.ETooManyJobs:  http.StatusTooManyRequests,
	jobs.EInternal:     http.StatusInternalServerError,
	jobs.EUnavailable:  http.StatusServiceUnavailable,
	jobs.EQueueTimeout: http.StatusServiceUnavailable, // a job's failure, never an answer
}

// StatusOf returns the HTTP status for an error code (500 for unknown codes).
func StatusOf(c jobs.Code) int {
	if s, ok := statusOf[c]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// serverRetrySeconds is the Retry-After of 5xx answers: the low end of the
// spec's "retry after 10 to 30 seconds".
const serverRetrySeconds = 10

// ErrorBody is the body of every error response: {"error","message"}.
type ErrorBody struct {
	Error   string `json:"error"`
	Message string `json:"message"`
}

// WriteError sends err as the spec's error body, with the status of its
// code; adapters that serve HTTP themselves (local media) use it so that
// every answer shares one vocabulary.
func WriteError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	if log == nil {
		log = slog.Default()
	}
	writeError(w, r, log, err)
}

// writeError sends err as the spec's error body. Internal errors are logged
// with their cause; the client sees only the code and a safe message.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	code := jobs.ErrorCode(err)
	status := StatusOf(code)
	if status >= 500 {
		log.ErrorContext(r.Context(), "request failed", "err", err)
	}
	var e *jobs.Error
	if (code == jobs.ERateLimited || code == jobs.ETooManyJobs) && asError(err, &e) && e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(jobs.RetrySeconds(e.RetryAfter)))
	}
	if status >= 500 {
		// The spec's advice after a 500: retry in 10 to 30 seconds (longer
		// when the error says so: a full disk).
		retry := serverRetrySeconds
		if asError(err, &e) && e.RetryAfter > 0 {
			retry = jobs.RetrySeconds(e.RetryAfter)
		}
		w.Header().Set("Retry-After", strconv.Itoa(retry))
	}
	if code == jobs.EUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="songsmith"`)
	}
	writeJSON(w, status, ErrorBody{Error: string(code), Message: jobs.ErrorMessage(err)})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // signed URLs keep their '&' readable
	_ = enc.Encode(v)
}
