package client_test

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
)

// Permanent failures return at once: no request, or one request, and no
// wait.
func TestFailFast(t *testing.T) {
	ctx := context.Background()

	t.Run("ErrInvalidBaseURL", func(t *testing.T) {
		for _, base := range []string{"localhost:8080", "127.0.0.1:8080", "ftp://example.com", "http://", "/jobs"} {
			sl := &sleeper{}
			c := client.New(base, testKey, client.WithSleep(sl.sleep))
			_, err := c.Job(ctx, jobID)
			if !errors.Is(err, client.ErrInvalidBaseURL) || !strings.Contains(err.Error(), "http://host") {
				t.Errorf("base %q: error = %v, want ErrInvalidBaseURL naming the fix", base, err)
			}
			if len(sl.recorded()) != 0 {
				t.Errorf("base %q: slept %v", base, sl.recorded())
			}
		}
	})

	t.Run("ErrNoAPIKey", func(t *testing.T) {
		t.Setenv(client.EnvAPIKey, "")
		t.Setenv(client.EnvAPIKeyDeprecated, "")
		api := &fakeAPI{replies: []reply{rep(200, runningBody)}}
		c := client.New(newServer(t, api), "")
		_, err := c.Generate(ctx, "lofi")
		if !errors.Is(err, client.ErrNoAPIKey) || !strings.Contains(err.Error(), client.EnvAPIKey) {
			t.Fatalf("error = %v, want ErrNoAPIKey naming %s", err, client.EnvAPIKey)
		}
		if len(api.seen()) != 0 {
			t.Error("a request was sent without a key")
		}
	})

	t.Run("KeyTrimmed", func(t *testing.T) {
		api := &fakeAPI{replies: []reply{rep(200, runningBody)}}
		c := client.New(newServer(t, api), " "+testKey+"\n")
		if _, err := c.Job(ctx, jobID); err != nil {
			t.Fatal(err)
		}
		if got := api.seen()[0].auth; got != "Bearer "+testKey {
			t.Errorf("Authorization %q, want the key without the spaces around it", got)
		}
	})

	t.Run("ErrInvalidAPIKey", func(t *testing.T) {
		for _, key := range []string{testKey + "\nX-Evil: 1", "ss_abc def", "ss_clé"} {
			api, sl := &fakeAPI{replies: []reply{rep(200, runningBody)}}, &sleeper{}
			c := client.New(newServer(t, api), key, client.WithSleep(sl.sleep))
			_, err := c.Job(ctx, jobID)
			if !errors.Is(err, client.ErrInvalidAPIKey) || !strings.Contains(err.Error(), "ss_<id>_<secret>") {
				t.Errorf("key %q: error = %v, want ErrInvalidAPIKey naming the form", key, err)
			}
			if len(api.seen()) != 0 || len(sl.recorded()) != 0 {
				t.Errorf("key %q: %d requests, waits %v", key, len(api.seen()), sl.recorded())
			}
		}
	})

	t.Run("ErrUnsendableHeader", func(t *testing.T) {
		api, c, sl := mustServe(t, []reply{rep(202, `{"message":"ok","job_id":"`+jobID+`","poll_url":"/jobs/`+jobID+`"}`)})
		_, err := c.Generate(ctx, "lofi", client.WithIdempotencyKey("a\nb"))
		if err == nil || client.IsUnreachable(err) || len(sl.recorded()) != 0 || len(api.seen()) != 0 {
			t.Errorf("error = %v, waits %v, %d requests: want one immediate failure", err, sl.recorded(), len(api.seen()))
		}
	})

	t.Run("ErrConnectionRefused", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		sl := &sleeper{}
		c := client.New("http://"+addr, testKey, client.WithSleep(sl.sleep), client.WithJitter(0))
		start := time.Now()
		_, err = c.Generate(ctx, "lofi")
		if !client.IsUnreachable(err) || !strings.Contains(err.Error(), "connection refused") || !strings.Contains(err.Error(), addr) {
			t.Fatalf("error = %v, want connection refused naming %s", err, addr)
		}
		if strings.Count(err.Error(), "songsmith:") != 1 || strings.Count(err.Error(), "POST") != 1 {
			t.Errorf("error %q repeats itself", err)
		}
		if got, want := sl.recorded(), []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second}; !equalDurations(got, want) {
			t.Errorf("waits = %v, want a short bounded retry %v", got, want)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("took %v", d)
		}
	})

	t.Run("ErrHTTPSAgainstHTTP", func(t *testing.T) {
		api := &fakeAPI{replies: []reply{rep(200, runningBody)}}
		base := newServer(t, api)
		sl := &sleeper{}
		c := client.New(strings.Replace(base, "http://", "https://", 1), testKey, client.WithSleep(sl.sleep))
		_, err := c.Job(ctx, jobID)
		if !client.IsUnreachable(err) || len(sl.recorded()) != 0 {
			t.Fatalf("error = %v, waits %v: want an immediate TLS failure", err, sl.recorded())
		}
	})

	t.Run("Err4xxNotRetried", func(t *testing.T) {
		for _, status := range []int{http.StatusForbidden, http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusRequestEntityTooLarge, http.StatusUnprocessableEntity} {
			api, c, sl := mustServe(t, []reply{rep(status, `{"error":"x","message":"no"}`), rep(200, runningBody)})
			if _, err := c.Job(ctx, jobID); err == nil {
				t.Errorf("%d: no error", status)
			}
			if len(api.seen()) != 1 || len(sl.recorded()) != 0 {
				t.Errorf("%d: %d requests, waits %v: want one request, no retry", status, len(api.seen()), sl.recorded())
			}
		}
	})
}

// When the context ends while the client backs off, the error wraps both
// the context's error and the cause it was retrying.
func TestContextKeepsCause(t *testing.T) {
	t.Run("ServerError", func(t *testing.T) {
		api := &fakeAPI{replies: []reply{{status: 503, body: `{"error":"unavailable","message":"down"}`, header: map[string]string{"X-Request-Id": "req-9"}}}}
		c := client.New(newServer(t, api), testKey, client.WithRetry(client.RetryPolicy{MaxRetries: 3, ServerErrorBackoff: 10 * time.Second}))
		// The first answer comes well within the deadline, even on a busy
		// machine; the 10 s backoff after it does not.
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err := c.Job(ctx, jobID)
		if !errors.Is(err, context.DeadlineExceeded) || !client.IsServerError(err) {
			t.Fatalf("error = %v, want deadline exceeded wrapping the 503", err)
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "songsmith: context deadline exceeded after: HTTP 503 unavailable: down (request id req-9)") {
			t.Errorf("message %q", msg)
		}
	})
	t.Run("StillRunning", func(t *testing.T) {
		api := &fakeAPI{replies: []reply{rep(200, runningBody)}}
		c := client.New(newServer(t, api), testKey, client.WithPollInterval(10*time.Second))
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err := c.Wait(ctx, jobID)
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "after: job "+jobID+" still running") {
			t.Fatalf("error = %v", err)
		}
	})
}

func TestJitter(t *testing.T) {
	replies := []reply{}
	for range 20 {
		replies = append(replies, rep(500, internal))
	}
	_, c, sl := mustServe(t, append(replies, rep(200, runningBody)), client.WithJitter(client.DefaultJitter), client.WithMaxRetries(20))
	if _, err := c.Job(context.Background(), jobID); err != nil {
		t.Fatal(err)
	}
	waits := sl.recorded()
	distinct := map[time.Duration]bool{}
	for i, w := range waits {
		base := min(time.Second<<i, client.DefaultMaxBackoff)
		if w < base || w > base+base/5 {
			t.Errorf("wait %d = %v, want %v to %v", i, w, base, base+base/5)
		}
		distinct[w] = true
	}
	if len(distinct) < 10 {
		t.Errorf("waits %v: jitter spreads too little", waits)
	}
}

func TestProgress(t *testing.T) {
	var mu sync.Mutex
	var got []client.Progress
	record := client.WithProgress(func(p client.Progress) { mu.Lock(); got = append(got, p); mu.Unlock() })
	_, c, _ := mustServe(t, []reply{rep(202, ackBody), rep(200, runningBody), {status: 429, body: tooMany, header: map[string]string{"Retry-After": "27"}},
		rep(200, runningBody), rep(200, completedBody("95"))}, record)
	sub, err := c.Generate(context.Background(), "lofi")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Wait(context.Background(), sub.JobID); err != nil {
		t.Fatal(err)
	}
	type short struct {
		state string
		next  time.Duration
		retry bool
	}
	var seen []short
	for _, p := range got {
		seen = append(seen, short{p.State, p.Next, p.Retry != nil})
		if p.State != client.StateSubmitting && p.JobID != jobID {
			t.Errorf("report %+v lacks the job id", p)
		}
	}
	want := []short{{"submitting", 0, false}, {"running", time.Second, false}, {"running", 27 * time.Second, true},
		{"running", time.Second, false}, {"completed", 0, false}}
	if len(seen) != len(want) {
		t.Fatalf("reports %+v, want %+v", seen, want)
	}
	for i := range want {
		if seen[i] != want[i] {
			t.Errorf("report %d = %+v, want %+v", i, seen[i], want[i])
		}
	}
	if !client.IsRateLimited(got[2].Retry) {
		t.Errorf("retry cause %v, want the 429", got[2].Retry)
	}
}

func TestDownload(t *testing.T) {
	var mu sync.Mutex
	var auth []string
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		auth = append(auth, r.Header.Get("Authorization"))
		calls++
		switch {
		case r.URL.Path == "/expired":
			w.Header().Set("X-Amz-Request-Id", "s3-77")
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte("<Error><Code>AccessDenied</Code></Error>"))
		case calls == 1:
			w.WriteHeader(http.StatusServiceUnavailable)
		default:
			_, _ = w.Write([]byte("ID3 song bytes"))
		}
	}))
	defer srv.Close()
	sl := &sleeper{}
	c := client.New("http://api.invalid", testKey, client.WithSleep(sl.sleep), client.WithJitter(0))
	var buf bytes.Buffer
	n, err := c.Download(context.Background(), srv.URL+"/media/song.mp3?signature=x", &buf)
	if err != nil || n != int64(buf.Len()) || buf.String() != "ID3 song bytes" {
		t.Fatalf("Download = %d, %v, %q", n, err, buf.String())
	}
	if got := sl.recorded(); !equalDurations(got, seconds(1)) {
		t.Errorf("waits %v, want one 1 s retry after the 503", got)
	}
	_, err = c.Download(context.Background(), srv.URL+"/expired", &buf)
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 403 || apiErr.RequestID != "s3-77" {
		t.Fatalf("error = %v, want a 403 APIError with the S3 request id", err)
	}
	for _, a := range auth {
		if a != "" {
			t.Fatalf("Download sent Authorization %q to the media host", a)
		}
	}
	if _, err := c.Download(context.Background(), "song.mp3", &buf); err == nil {
		t.Error("a relative URL was accepted")
	}
}

func TestEnvFallback(t *testing.T) {
	api := &fakeAPI{replies: []reply{rep(200, runningBody)}}
	base := newServer(t, api)
	t.Setenv(client.EnvURL, base)
	t.Setenv(client.EnvAPIKey, "")
	t.Setenv(client.EnvAPIKeyDeprecated, "old-name-key")
	if _, err := client.New("", "").Job(context.Background(), jobID); err != nil {
		t.Fatal(err)
	}
	t.Setenv(client.EnvAPIKey, "new-name-key")
	if _, err := client.New("", "").Job(context.Background(), jobID); err != nil {
		t.Fatal(err)
	}
	if _, err := client.New("", "explicit").Job(context.Background(), jobID); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range api.seen() {
		got = append(got, r.auth)
	}
	want := []string{"Bearer old-name-key", "Bearer new-name-key", "Bearer explicit"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("Authorization %v, want %v", got, want)
	}
}

func TestRequestIDOnError(t *testing.T) {
	_, c, _ := mustServe(t, []reply{{status: 404, body: `{"error":"not_found","message":"job not found"}`, header: map[string]string{"X-Request-Id": "abc123"}}})
	_, err := c.Job(context.Background(), jobID)
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || apiErr.RequestID != "abc123" || !strings.HasSuffix(err.Error(), "(request id abc123)") {
		t.Fatalf("error = %v", err)
	}
}
