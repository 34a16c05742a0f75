package jobs

import "time"

// RateStatus describes the rate window a request was counted in; the
// Service returns it with the answer, and the HTTP layer sends it as the
// RateLimit-* response headers. A request that was not counted (an
// idempotent replay, or no limit configured) has the zero RateStatus.
type RateStatus struct {
	Limit     int           // requests allowed per window; 0: the request was not counted
	Remaining int           // requests left in the window after this one
	Reset     time.Duration // until the window resets
}
