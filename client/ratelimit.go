package client

import (
	"net/http"
	"strconv"
	"time"
)

// RateLimit is the rate window a request was counted in, as the service
// reports it in the RateLimit-Limit, RateLimit-Remaining and
// RateLimit-Reset response headers. Submissions and polls have separate
// windows.
type RateLimit struct {
	// Limit is the number of requests allowed per window.
	Limit int
	// Remaining is the number of requests left in the window after this one.
	Remaining int
	// Reset is the time until the window resets.
	Reset time.Duration
}

// parseRateLimit reads the RateLimit headers; nil when any is missing or
// malformed.
func parseRateLimit(h http.Header) *RateLimit {
	var v [3]int
	for i, name := range []string{"RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"} {
		n, err := strconv.Atoi(h.Get(name))
		if err != nil || n < 0 {
			return nil
		}
		v[i] = n
	}
	return &RateLimit{Limit: v[0], Remaining: v[1], Reset: time.Duration(v[2]) * time.Second}
}
