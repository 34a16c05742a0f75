package app_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/webhook"
)

// The local server POSTs a finished job to its webhook_url, signed with
// the key's secret, and retries after the receiver's 500 (first retry
// after 5 s); a spec-only job sends nothing.
func TestServerWebhooks(t *testing.T) {
	secret := jobs.WebhookSecretFor("ss_0123456789ab_testsecrettestsecret0123")
	type got struct {
		id   string
		body map[string]any
		ok   bool
	}
	var mu sync.Mutex
	var deliveries []got
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		err := webhook.Verify(secret, r.Header.Get("webhook-id"), r.Header.Get("webhook-timestamp"), r.Header.Get("webhook-signature"), b, time.Now(), time.Minute)
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		mu.Lock()
		deliveries = append(deliveries, got{r.Header.Get("webhook-id"), m, err == nil})
		first := len(deliveries) == 1
		mu.Unlock()
		if first {
			w.WriteHeader(500)
		}
	}))
	defer recv.Close()
	srv := startServer(t, t.TempDir(), &jobstest.Generator{}, nil)

	code, m, err := srv.call("POST", "/generate", map[string]any{"prompt": "lo-fi", "webhook_url": recv.URL + "/hook"})
	if err != nil || code != 202 {
		t.Fatalf("submit: %d %v %v", code, m, err)
	}
	id := m["job_id"].(string)
	if code, _, _ := srv.call("POST", "/generate", map[string]any{"prompt": "spec only"}); code != 202 {
		t.Fatal(code)
	}
	if code, m, _ := srv.call("POST", "/generate", map[string]any{"prompt": "x", "webhook_url": "http://192.0.2.1/hook"}); code != 400 || m["error"] != "invalid_request" {
		t.Fatalf("http to a non-loopback host: %d %v", code, m)
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		mu.Lock()
		n := len(deliveries)
		mu.Unlock()
		if n >= 2 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // no third delivery follows a success
	mu.Lock()
	defer mu.Unlock()
	if len(deliveries) != 2 {
		t.Fatalf("%d deliveries, want 2 (a 500, then the retry)", len(deliveries))
	}
	for _, d := range deliveries {
		if !d.ok || d.id != "msg_"+id || d.body["job_id"] != id || d.body["status"] != "completed" {
			t.Fatalf("delivery %+v", d)
		}
		r, _ := d.body["result"].(map[string]any)
		if u, _ := r["song_url"].(string); u == "" {
			t.Fatalf("delivery without a song_url: %+v", d.body)
		}
	}
}
