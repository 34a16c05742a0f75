package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
)

func TestGenerate(t *testing.T) {
	ctx := context.Background()

	t.Run("OK", func(t *testing.T) {
		api, c, sl := mustServe(t, []reply{rep(http.StatusAccepted, ackBody)}, client.WithUserAgent("songsmith-test/9"))
		sub, err := c.Generate(ctx, "lofi rain")
		if err != nil {
			t.Fatalf("Generate: %v", err)
		}
		want := client.Submission{Message: "Task received", JobID: "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d",
			PollURL: "/jobs/6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d"}
		if *sub != want {
			t.Errorf("submission = %+v, want %+v", *sub, want)
		}
		reqs := api.seen()
		if len(reqs) != 1 {
			t.Fatalf("requests = %d, want 1", len(reqs))
		}
		r := reqs[0]
		if r.method != http.MethodPost || r.path != "/generate" {
			t.Errorf("request = %s %s, want POST /generate", r.method, r.path)
		}
		if r.auth != "Bearer "+testKey {
			t.Errorf("Authorization = %q", r.auth)
		}
		if r.contentType != "application/json" {
			t.Errorf("Content-Type = %q", r.contentType)
		}
		if len(r.idem) != 36 || strings.Count(r.idem, "-") != 4 {
			t.Errorf("Idempotency-Key = %q, want a random UUID", r.idem)
		}
		if r.userAgent != "songsmith-test/9" {
			t.Errorf("User-Agent = %q", r.userAgent)
		}
		var body map[string]any
		if err := json.Unmarshal([]byte(r.body), &body); err != nil || body["prompt"] != "lofi rain" || len(body) != 1 {
			t.Errorf("body = %s (%v), want {\"prompt\":\"lofi rain\"}", r.body, err)
		}
		if len(sl.recorded()) != 0 {
			t.Errorf("slept %v, want no wait", sl.recorded())
		}
	})

	noRetry := []struct {
		name, code, msg string
		status          int
		is              func(error) bool
	}{
		{"ErrBadRequest", "invalid_request", "prompt is required and must be non-empty", http.StatusBadRequest, client.IsBadRequest},
		{"ErrUnauthorized", "unauthorized", "missing or invalid API key", http.StatusUnauthorized, client.IsUnauthorized},
		{"ErrConflict", "conflict", "idempotency key used with another prompt", http.StatusConflict, client.IsConflict},
	}
	for _, tc := range noRetry {
		t.Run(tc.name, func(t *testing.T) {
			body := `{"error":"` + tc.code + `","message":"` + tc.msg + `"}`
			api, c, sl := mustServe(t, []reply{rep(tc.status, body), rep(http.StatusAccepted, ackBody)})
			sub, err := c.Generate(ctx, "")
			if err == nil {
				t.Fatalf("Generate = %+v, want error", sub)
			}
			var apiErr *client.APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("error %T %v is not an *APIError", err, err)
			}
			if apiErr.StatusCode != tc.status || apiErr.Code != tc.code || apiErr.Message != tc.msg {
				t.Errorf("APIError = %+v, want %d %s %q", apiErr, tc.status, tc.code, tc.msg)
			}
			if !tc.is(err) || client.IsRateLimited(err) || client.IsNotFound(err) {
				t.Errorf("helpers misclassify %v", err)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Error() = %q lacks the message", err.Error())
			}
			if n := len(api.seen()); n != 1 {
				t.Errorf("requests = %d, want 1 (no retry)", n)
			}
			if len(sl.recorded()) != 0 {
				t.Errorf("slept %v, want no wait", sl.recorded())
			}
		})
	}

	t.Run("RateLimitBackoffSchedule", func(t *testing.T) {
		replies := make([]reply, 0, 8)
		for range 7 {
			replies = append(replies, rep(http.StatusTooManyRequests, tooMany))
		}
		replies = append(replies, rep(http.StatusAccepted, ackBody))
		// The specification's schedule, given enough retries.
		api, c, sl := mustServe(t, replies, client.WithMaxRetries(7))
		if _, err := c.Generate(ctx, "lofi rain"); err != nil {
			t.Fatalf("Generate: %v", err)
		}
		if got, want := sl.recorded(), seconds(5, 10, 20, 40, 60, 60, 60); !equalDurations(got, want) {
			t.Errorf("waits = %v, want %v", got, want)
		}
		if n := len(api.seen()); n != 8 {
			t.Errorf("requests = %d, want 8", n)
		}
	})

	t.Run("RetryAfterHonoured", func(t *testing.T) {
		replies := []reply{
			{status: http.StatusTooManyRequests, body: tooMany, header: map[string]string{"Retry-After": "30"}},
			{status: http.StatusTooManyRequests, body: tooMany, header: map[string]string{"Retry-After": "3"}},
			{status: http.StatusTooManyRequests, body: tooMany, header: map[string]string{"Retry-After": "45"}},
			rep(http.StatusAccepted, ackBody),
		}
		_, c, sl := mustServe(t, replies)
		if _, err := c.Generate(ctx, "lofi rain"); err != nil {
			t.Fatalf("Generate: %v", err)
		}
		// Retry-After is waited for as sent, shorter than the schedule's
		// 10 s or not.
		if got, want := sl.recorded(), seconds(30, 3, 45); !equalDurations(got, want) {
			t.Errorf("waits = %v, want %v", got, want)
		}
	})

	t.Run("RetryAfterHTTPDate", func(t *testing.T) {
		date := time.Now().Add(90 * time.Second).UTC().Format(http.TimeFormat)
		replies := []reply{
			{status: http.StatusTooManyRequests, body: tooMany, header: map[string]string{"Retry-After": date}},
			rep(http.StatusAccepted, ackBody),
		}
		_, c, sl := mustServe(t, replies, client.WithRetry(client.RetryPolicy{MaxRetries: 3, MaxRetryAfter: 2 * time.Minute}))
		if _, err := c.Generate(ctx, "lofi rain"); err != nil {
			t.Fatalf("Generate: %v", err)
		}
		got := sl.recorded()
		if len(got) != 1 || got[0] < 80*time.Second || got[0] > 91*time.Second {
			t.Errorf("waits = %v, want one wait of about 90s", got)
		}
	})

	t.Run("ErrRateLimited", func(t *testing.T) {
		replies := []reply{{status: http.StatusTooManyRequests, body: tooMany, header: map[string]string{"Retry-After": "7"}}}
		api, c, sl := mustServe(t, replies, client.WithMaxRetries(2))
		_, err := c.Generate(ctx, "lofi rain")
		if !client.IsRateLimited(err) {
			t.Fatalf("error = %v, want rate limited", err)
		}
		var apiErr *client.APIError
		if errors.As(err, &apiErr); apiErr.RetryAfter != 7*time.Second || apiErr.Code != "rate_limited" || !apiErr.Temporary() {
			t.Errorf("APIError = %+v, want RetryAfter 7s, code rate_limited, temporary", apiErr)
		}
		if n := len(api.seen()); n != 3 {
			t.Errorf("requests = %d, want 3", n)
		}
		if got, want := sl.recorded(), seconds(7, 7); !equalDurations(got, want) {
			t.Errorf("waits = %v, want %v", got, want)
		}
	})

	t.Run("GatewayThrottling", func(t *testing.T) {
		// API Gateway's stage throttling answers in its own shape, without
		// Retry-After: the client backs off as the specification says and
		// reports the service's code.
		gw := reply{status: http.StatusTooManyRequests, body: `{"message":"Too Many Requests"}`}
		api, c, sl := mustServe(t, []reply{gw, gw, rep(http.StatusAccepted, ackBody)})
		if _, err := c.Generate(ctx, "lofi rain"); err != nil {
			t.Fatalf("Generate: %v", err)
		}
		if got, want := sl.recorded(), seconds(5, 10); len(api.seen()) != 3 || !equalDurations(got, want) {
			t.Errorf("%d requests, waits %v, want 3 and %v", len(api.seen()), got, want)
		}
		_, c, _ = mustServe(t, []reply{gw}, client.WithMaxRetries(0))
		_, err := c.Generate(ctx, "lofi rain")
		var apiErr *client.APIError
		if !errors.As(err, &apiErr) || apiErr.Code != "rate_limited" || apiErr.Message != "Too Many Requests" || apiErr.RetryAfter != 0 || !client.IsRateLimited(err) {
			t.Errorf("error = %#v, want code rate_limited, the gateway's message, no Retry-After", err)
		}
	})

	t.Run("ErrNonJSONBody", func(t *testing.T) {
		_, c, _ := mustServe(t, []reply{rep(http.StatusUnauthorized, "Unauthorized\n")})
		_, err := c.Generate(ctx, "x")
		var apiErr *client.APIError
		if !errors.As(err, &apiErr) || apiErr.Code != "unauthorized" || apiErr.Message != "Unauthorized" {
			t.Errorf("error = %#v, want code unauthorized and the body text as message", err)
		}
	})

	t.Run("ErrMalformedAck", func(t *testing.T) {
		_, c, _ := mustServe(t, []reply{rep(http.StatusAccepted, "{not json")})
		_, err := c.Generate(ctx, "x")
		var apiErr *client.APIError
		if err == nil || errors.As(err, &apiErr) {
			t.Errorf("error = %v, want a decode error that is no APIError", err)
		}
	})
}
