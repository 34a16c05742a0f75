package app_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/webhook"
	"github.com/songsmith/songsmith/internal/webhook/webhooktest"
)

// The local server POSTs a finished job to its webhook_url, signed with
// the key's secret, and retries after the receiver's 500 (first retry
// after 5 s); a spec-only job sends nothing.
func TestServerWebhooks(t *testing.T) {
	srv := startServer(t, t.TempDir(), &jobstest.Generator{}, func(c *app.Config) { c.WebhookAllowLoopback = true })
	k, err := srv.Server.Backend.Keys.Key(t.Context(), "0123456789ab")
	if err != nil {
		t.Fatal(err)
	}
	secret, err := srv.Server.Backend.WebhookSecret(t.Context(), k)
	if err != nil || !strings.HasPrefix(secret, "whsec_") || k.WebhookSecret != "" {
		t.Fatalf("secret %q (%v), stored %q: want one derived from the master, none stored", secret, err, k.WebhookSecret)
	}
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

// The shared table of unsafe webhook targets through the local server's
// HTTP API: every one is refused with 400 invalid_request by default, and
// with SONGSMITH_WEBHOOK_ALLOW_LOOPBACK=true only the plain loopback ones
// pass; no answer names the address a host resolved to.
func TestWebhookTargetsLocal(t *testing.T) {
	for _, allow := range []bool{false, true} {
		srv := startServer(t, t.TempDir(), &jobstest.Generator{}, func(c *app.Config) { c.WebhookAllowLoopback = allow })
		accepted := 0
		for _, u := range webhooktest.UnsafeTargets {
			code, m, err := srv.call("POST", "/generate", map[string]any{"prompt": "x", "webhook_url": u})
			if err != nil {
				t.Fatal(err)
			}
			loop := strings.Contains(u, "//127.") && !strings.Contains(u, "127.1/") || strings.Contains(u, "//localhost/") || strings.Contains(u, "[::1]")
			if code == 202 {
				accepted++
				if !allow || !loop {
					t.Errorf("allow loopback=%v: %s accepted", allow, u)
				}
				continue
			}
			if code != 400 || m["error"] != "invalid_request" {
				t.Errorf("%s: %d %v", u, code, m)
			}
			if msg, _ := m["message"].(string); strings.Contains(msg, "127.0.0.1") || strings.Contains(msg, "::1") {
				t.Errorf("%s: the message %q names a resolved address", u, msg)
			}
		}
		t.Logf("allow loopback=%v: %d/%d unsafe targets accepted", allow, accepted, len(webhooktest.UnsafeTargets))
	}
}

// serve refuses SONGSMITH_WEBHOOK_ALLOW_LOOPBACK on an address beyond loopback.
func TestCheckListen(t *testing.T) {
	on := app.Config{WebhookAllowLoopback: true}
	for addr, ok := range map[string]bool{"127.0.0.1:8080": true, "[::1]:8080": true, "0.0.0.0:8080": false, "[::]:8080": false, "192.168.1.5:8080": false} {
		a, _ := net.ResolveTCPAddr("tcp", addr)
		if err := app.CheckListen(on, a); (err == nil) != ok {
			t.Errorf("%s: %v, want ok=%v", addr, err, ok)
		}
		if err := app.CheckListen(app.Config{}, a); err != nil {
			t.Errorf("%s without the setting: %v", addr, err)
		}
	}
}
