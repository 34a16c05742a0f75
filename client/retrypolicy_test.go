package client_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
)

// By default a read that keeps failing gives up after a handful of
// attempts and a few seconds of waiting, not minutes.
func TestDefaultRetryPolicyBoundsReads(t *testing.T) {
	api, c, sl := mustServe(t, []reply{rep(http.StatusServiceUnavailable, internal)})
	if _, err := c.Job(context.Background(), jobID); !client.IsServerError(err) {
		t.Fatalf("error = %v, want the 503", err)
	}
	if n := len(api.seen()); n != 1+client.DefaultMaxRetries || n > 5 {
		t.Errorf("requests = %d, want 1 + %d", n, client.DefaultMaxRetries)
	}
	var total time.Duration
	for _, w := range sl.recorded() {
		total += w
	}
	if got, want := sl.recorded(), seconds(1, 2, 4); !equalDurations(got, want) || total > 10*time.Second {
		t.Errorf("waits = %v (total %v), want %v", got, total, want)
	}
}

// Retry-After is honoured exactly as sent: a 503's 2 s and a 429's 0 are
// not stretched to the backoff schedule; one longer than MaxRetryAfter
// ends the call at once with the error that says when to come back.
func TestRetryAfterAsSent(t *testing.T) {
	ctx := context.Background()
	_, c, sl := mustServe(t, []reply{
		{status: http.StatusServiceUnavailable, body: internal, header: map[string]string{"Retry-After": "2"}},
		{status: http.StatusTooManyRequests, body: tooMany, header: map[string]string{"Retry-After": "0"}},
		{status: http.StatusTooManyRequests, body: tooMany, header: map[string]string{"Retry-After": "1"}},
		rep(http.StatusOK, runningBody),
	})
	if _, err := c.Job(ctx, jobID); err != nil {
		t.Fatal(err)
	}
	if got, want := sl.recorded(), seconds(2, 0, 1); !equalDurations(got, want) {
		t.Errorf("waits = %v, want %v", got, want)
	}

	api, c, sl := mustServe(t, []reply{{status: http.StatusTooManyRequests, body: tooMany, header: map[string]string{"Retry-After": "61"}}})
	_, err := c.Job(ctx, jobID)
	if !client.IsRateLimited(err) || len(api.seen()) != 1 || len(sl.recorded()) != 0 {
		t.Errorf("error %v after %d requests, waits %v: want the 429 at once", err, len(api.seen()), sl.recorded())
	}
}

// WithRetry sets every member of the policy; zero durations take the
// defaults.
func TestWithRetry(t *testing.T) {
	ctx := context.Background()
	policy := client.RetryPolicy{MaxRetries: 5, ServerErrorBackoff: 200 * time.Millisecond, RateLimitBackoff: time.Second, MaxBackoff: 3 * time.Second}
	api, c, sl := mustServe(t, []reply{rep(500, internal), rep(500, internal), rep(500, internal), rep(500, internal), rep(500, internal), rep(500, internal)},
		client.WithRetry(policy))
	if _, err := c.Job(ctx, jobID); !client.IsServerError(err) || len(api.seen()) != 6 {
		t.Fatalf("error %v after %d requests, want a server error after 6", err, len(api.seen()))
	}
	ms := func(v ...int) []time.Duration {
		out := make([]time.Duration, len(v))
		for i, x := range v {
			out[i] = time.Duration(x) * time.Millisecond
		}
		return out
	}
	if got, want := sl.recorded(), ms(200, 400, 800, 1600, 3000); !equalDurations(got, want) {
		t.Errorf("5xx waits = %v, want %v", got, want)
	}

	_, c, sl = mustServe(t, []reply{rep(429, tooMany), rep(429, tooMany), rep(429, tooMany), rep(202, ackBody)}, client.WithRetry(policy))
	if _, err := c.Generate(ctx, "x"); err != nil {
		t.Fatal(err)
	}
	if got, want := sl.recorded(), seconds(1, 2, 3); !equalDurations(got, want) {
		t.Errorf("429 waits = %v, want %v", got, want)
	}

	// Zero retries: one attempt; zero durations: the defaults.
	api, c, _ = mustServe(t, []reply{rep(500, internal)}, client.WithRetry(client.RetryPolicy{}))
	if _, err := c.Job(ctx, jobID); err == nil || len(api.seen()) != 1 {
		t.Errorf("error %v after %d requests, want one attempt", err, len(api.seen()))
	}
	if d := client.DefaultRetryPolicy(); d.MaxRetries != 3 || d.ServerErrorBackoff != time.Second || d.RateLimitBackoff != 5*time.Second {
		t.Errorf("DefaultRetryPolicy() = %+v", d)
	}
}
