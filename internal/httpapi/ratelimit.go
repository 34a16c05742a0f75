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

// setRateHeaders sets the rate-limit headers of the window rs a request
// was counted in (none when it was not counted).
func setRateHeaders(h http.Header, rs jobs.RateStatus) {
	if rs.Limit <= 0 {
		return
	}
	h.Set(HeaderRateLimit, strconv.Itoa(rs.Limit))
	h.Set(HeaderRateRemaining, strconv.Itoa(rs.Remaining))
	h.Set(HeaderRateReset, strconv.Itoa(jobs.RetrySeconds(rs.Reset)))
}
