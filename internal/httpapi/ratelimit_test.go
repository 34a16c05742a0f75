package httpapi_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
)

// rateHeaders returns the RateLimit-* headers of res, or ok false when it
// carries none of them.
func rateHeaders(t *testing.T, res *http.Response) (limit, remaining, reset int, ok bool) {
	t.Helper()
	h := res.Header
	if h.Get(httpapi.HeaderRateLimit) == "" && h.Get(httpapi.HeaderRateRemaining) == "" && h.Get(httpapi.HeaderRateReset) == "" {
		return 0, 0, 0, false
	}
	var err error
	for _, f := range []struct {
		name string
		v    *int
	}{{httpapi.HeaderRateLimit, &limit}, {httpapi.HeaderRateRemaining, &remaining}, {httpapi.HeaderRateReset, &reset}} {
		if *f.v, err = strconv.Atoi(h.Get(f.name)); err != nil {
			t.Fatalf("%s = %q: %v", f.name, h.Get(f.name), err)
		}
	}
	return limit, remaining, reset, true
}

// TestRateLimitHeaders: every counted request reports its window (limit,
// requests left, seconds to reset), the 429 included; requests that are
// not counted carry no such headers.
func TestRateLimitHeaders(t *testing.T) {
	e := newEnv(t, func(c *jobs.Config) {
		c.SubmitRate = jobs.Rate{N: 2, Per: time.Minute}
		c.PollRate = jobs.Rate{N: 5, Per: time.Minute}
	})
	// Start 15.5 s into a window: it resets in 44.5 s, reported as 45.
	now := e.Clock.Now()
	e.Clock.Add(now.Truncate(time.Minute).Add(15500 * time.Millisecond).Sub(now))
	want := func(t *testing.T, res *http.Response, status, limit, remaining int) {
		t.Helper()
		if res.StatusCode != status {
			t.Fatalf("status %d, want %d", res.StatusCode, status)
		}
		l, r, reset, ok := rateHeaders(t, res)
		if !ok || l != limit || r != remaining || reset != 45 {
			t.Fatalf("RateLimit headers (ok %v) limit %d remaining %d reset %d, want %d %d 45", ok, l, r, reset, limit, remaining)
		}
	}
	res, m := e.post(t, "/generate", e.Key, "one")
	want(t, res, 202, 2, 1)
	id := m["job_id"].(string)
	res, _ = e.post(t, "/generate", e.Key, "two", "idem-1")
	want(t, res, 202, 2, 0)
	res, _ = e.post(t, "/generate", e.Key, "three")
	want(t, res, 429, 2, 0)
	if res.Header.Get("Retry-After") != "45" {
		t.Fatalf("Retry-After %q, want 45 like RateLimit-Reset", res.Header.Get("Retry-After"))
	}
	res, _ = e.do(t, "GET", "/jobs/"+id, e.Key, nil)
	want(t, res, 200, 5, 4)
	res, _ = e.do(t, "GET", "/jobs/00000000-0000-4000-8000-000000000000", e.Key, nil)
	want(t, res, 404, 5, 3)

	for name, res := range map[string]*http.Response{
		"idempotent replay": first(e.post(t, "/generate", e.Key, "two", "idem-1")),
		"malformed body":    first(e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":`))),
		"bad key":           first(e.do(t, "GET", "/jobs/"+id, "ss_nope_nope", nil)),
		"health":            first(e.do(t, "GET", "/healthz", "", nil)),
	} {
		if _, _, _, ok := rateHeaders(t, res); ok {
			t.Errorf("%s (status %d) carries RateLimit headers, but was not counted", name, res.StatusCode)
		}
	}
	// The replay and the malformed body did not use the poll or submit budget.
	res, _ = e.do(t, "GET", "/jobs/"+id, e.Key, nil)
	want(t, res, 200, 5, 2)
}

func first[A, B any](a A, _ B) A { return a }
