package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// post sends POST path with the main key, prompt and, unless nil, the
// given Idempotency-Key values.
func (e *env) post(t *testing.T, path, key, prompt string, idem ...string) (*http.Response, map[string]any) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"prompt": prompt})
	req, err := http.NewRequest("POST", e.URL+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	for _, v := range idem {
		req.Header.Add("Idempotency-Key", v)
	}
	return send(t, req)
}

// queued counts the messages waiting in the embedded queue.
func (e *env) queued(t *testing.T) int {
	t.Helper()
	ds, err := e.Store.Receive(context.Background(), 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if err := e.Store.Release(context.Background(), d, 0); err != nil {
			t.Fatal(err)
		}
	}
	return len(ds)
}

func TestIdempotencyKey(t *testing.T) {
	t.Run("ReplayReturnsSameAck", func(t *testing.T) {
		e := newEnv(t, nil)
		res1, m1 := e.post(t, "/generate", e.Key, "funk with horns", "order-42")
		if res1.StatusCode != 202 {
			t.Fatalf("first: %d %v", res1.StatusCode, m1)
		}
		for _, path := range []string{"/generate", "/compose"} {
			res, m := e.post(t, path, e.Key, "  funk with horns\n", "order-42")
			if res.StatusCode != 202 || m["job_id"] != m1["job_id"] || m["poll_url"] != m1["poll_url"] || m["message"] != m1["message"] {
				t.Fatalf("replay on %s: %d %v, want 202 %v", path, res.StatusCode, m, m1)
			}
			if res.Header.Get("Location") != res1.Header.Get("Location") {
				t.Fatalf("Location %q, want %q", res.Header.Get("Location"), res1.Header.Get("Location"))
			}
		}
		if n := e.jobCount(t); n != 1 {
			t.Fatalf("%d jobs, want 1", n)
		}
		if n := e.queued(t); n != 1 {
			t.Fatalf("%d queued messages, want 1", n)
		}
	})
	t.Run("ErrConflictOnOtherPrompt", func(t *testing.T) {
		e := newEnv(t, nil)
		if res, m := e.post(t, "/generate", e.Key, "funk", "k1"); res.StatusCode != 202 {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
		res, m := e.post(t, "/generate", e.Key, "jazz", "k1")
		assertErrorBody(t, 409, res, m)
		if m["error"] != "conflict" || !strings.Contains(m["message"].(string), "Idempotency-Key") {
			t.Fatalf("body %v", m)
		}
		if n := e.jobCount(t); n != 1 {
			t.Fatalf("%d jobs, want 1", n)
		}
	})
	t.Run("ErrInvalidHeader", func(t *testing.T) {
		e := newEnv(t, nil)
		for name, vals := range map[string][]string{
			"Empty":    {""},
			"TooLong":  {strings.Repeat("k", 256)},
			"NonASCII": {"schlüssel"},
			"Tab":      {"a\tb"},
			"Repeated": {"a", "b"},
		} {
			t.Run(name, func(t *testing.T) {
				res, m := e.post(t, "/generate", e.Key, "funk", vals...)
				assertErrorBody(t, 400, res, m)
				if m["error"] != "invalid_request" {
					t.Fatalf("body %v", m)
				}
			})
		}
		if n := e.jobCount(t); n != 0 {
			t.Fatalf("%d jobs after invalid requests, want 0", n)
		}
		if res, m := e.post(t, "/generate", e.Key, "funk", strings.Repeat("~", 255)); res.StatusCode != 202 {
			t.Fatalf("255 printable characters: %d %v", res.StatusCode, m)
		}
	})
	t.Run("ScopedPerAPIKey", func(t *testing.T) {
		e := newEnv(t, nil)
		_, m1 := e.post(t, "/generate", e.Key, "funk", "same")
		res, m2 := e.post(t, "/generate", e.Other, "funk", "same")
		if res.StatusCode != 202 || m2["job_id"] == m1["job_id"] {
			t.Fatalf("other key: %d %v (first %v)", res.StatusCode, m2, m1)
		}
	})
	t.Run("NoHeaderCreatesEveryTime", func(t *testing.T) {
		e := newEnv(t, nil)
		first, second := e.submit(t, "funk"), e.submit(t, "funk")
		if first == second {
			t.Fatal("two submissions without a key share a job")
		}
		if n := e.jobCount(t); n != 2 {
			t.Fatalf("%d jobs, want 2", n)
		}
	})
	t.Run("ReplayIsNotRateLimited", func(t *testing.T) {
		e := newEnv(t, func(c *jobs.Config) { c.SubmitRate = jobs.Rate{N: 2, Per: time.Minute} })
		_, m1 := e.post(t, "/generate", e.Key, "funk", "r")
		for i := 0; i < 5; i++ {
			if res, m := e.post(t, "/generate", e.Key, "funk", "r"); res.StatusCode != 202 || m["job_id"] != m1["job_id"] {
				t.Fatalf("replay %d: %d %v", i, res.StatusCode, m)
			}
		}
		e.submit(t, "second slot still free")
		res, m := e.post(t, "/generate", e.Key, "funk", "new-key")
		assertErrorBody(t, 429, res, m)
	})
	t.Run("ExpiryFreesKey", func(t *testing.T) {
		e := newEnv(t, func(c *jobs.Config) { c.Retention = time.Hour })
		_, m1 := e.post(t, "/generate", e.Key, "funk", "k")
		e.Clock.Add(time.Hour)
		res, m2 := e.post(t, "/generate", e.Key, "jazz", "k")
		if res.StatusCode != 202 || m2["job_id"] == m1["job_id"] {
			t.Fatalf("after expiry: %d %v (first %v)", res.StatusCode, m2, m1)
		}
	})
	t.Run("UnqueuedJobReplaysAsFailed", func(t *testing.T) {
		e := newEnv(t, nil)
		e.Svc.Queue = brokenQueue{}
		res, m := e.post(t, "/generate", e.Key, "funk", "q")
		assertErrorBody(t, 500, res, m)
		e.Svc.Queue = e.Store
		res, m = e.post(t, "/generate", e.Key, "funk", "q")
		if res.StatusCode != 202 {
			t.Fatalf("replay: %d %v", res.StatusCode, m)
		}
		if n := e.jobCount(t); n != 1 {
			t.Fatalf("%d jobs, want 1", n)
		}
		res, j := e.do(t, "GET", m["poll_url"].(string), e.Key, nil)
		if res.StatusCode != 200 || j["status"] != "failed" {
			t.Fatalf("job: %d %v, want the failed job", res.StatusCode, j)
		}
	})
}

// brokenQueue fails every enqueue.
type brokenQueue struct{}

func (brokenQueue) Enqueue(context.Context, jobs.JobID) error { return errors.New("sqs down") }
