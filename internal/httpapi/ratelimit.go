package httpapi

import (
	"net/http"
	"strconv"

	"github.com/songsmith/songsmith/internal/jobs"
)

// The rate-limit response headers (names of the IETF httpapi draft): the
// requests allowed per window, those left in it, and the seconds until it
// resets. They are sent on every answer to a request that was counted,
// the 429 included, so clients can pace themselves before they hit it.
const (
	HeaderRateLimit     = "RateLimit-Limit"
	HeaderRateRemaining = "RateLimit-Remaining"
	HeaderRateReset     = "RateLimit-Reset"
)

// rateWriter adds the rate-limit headers that the service recorded in rs
// just before the response header is written.
type rateWriter struct {
	http.ResponseWriter
	rs      *jobs.RateStatus
	written bool
}

func (w *rateWriter) WriteHeader(status int) {
	if !w.written {
		w.written = true
		if w.rs.Limit > 0 {
			h := w.Header()
			h.Set(HeaderRateLimit, strconv.Itoa(w.rs.Limit))
			h.Set(HeaderRateRemaining, strconv.Itoa(w.rs.Remaining))
			h.Set(HeaderRateReset, strconv.Itoa(jobs.RetrySeconds(w.rs.Reset)))
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *rateWriter) Write(b []byte) (int, error) {
	if !w.written {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *rateWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
