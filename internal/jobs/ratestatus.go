package jobs

import (
	"context"
	"time"
)

// RateStatus describes the rate window a request was counted in, for the
// RateLimit-* response headers.
type RateStatus struct {
	Limit     int           // requests allowed per window; 0: the request was not counted
	Remaining int           // requests left in the window after this one
	Reset     time.Duration // until the window resets
}

type rateStatusKey struct{}

// WithRateStatus returns a context in which the Service records the rate
// window a request is counted in, and the RateStatus it records into. A
// request that is not counted (an idempotent replay, or no limit
// configured) leaves it zero.
func WithRateStatus(ctx context.Context) (context.Context, *RateStatus) {
	rs := new(RateStatus)
	return context.WithValue(ctx, rateStatusKey{}, rs), rs
}

func reportRate(ctx context.Context, st RateStatus) {
	if rs, ok := ctx.Value(rateStatusKey{}).(*RateStatus); ok {
		*rs = st
	}
}
