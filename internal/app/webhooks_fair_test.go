package app_test

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// hangingReceiver accepts deliveries and never answers (until the test
// ends); it counts the requests it got.
func hangingReceiver(t *testing.T) (*httptest.Server, *atomic.Int32) {
	release := make(chan struct{})
	n := new(atomic.Int32)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) }) // runs first: handlers return, then Close
	return srv, n
}

// Fair delivery on the local server at the default rate limits: one key
// with six jobs whose webhooks go to four receivers that never answer
// does not hold up another key's webhook, which arrives within 5 s of its
// submission; the hanging key's jobs report their webhook retrying after
// a timeout, the other's delivered after one attempt.
func TestWebhooksFairAcrossKeys(t *testing.T) {
	srv := startServer(t, t.TempDir(), &jobstest.Generator{}, func(c *app.Config) {
		c.WebhookAllowLoopback = true
		c.Service.SubmitRate = jobs.Rate{N: 10, Per: time.Minute} // the default
	})
	kb, fullB, err := jobs.NewAPIKey("other tenant", time.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Server.Backend.Keys.CreateKey(t.Context(), kb); err != nil {
		t.Fatal(err)
	}
	other := &running{URL: srv.URL, Key: fullB}

	var hung []string
	var hits []*atomic.Int32
	for i := range 4 {
		recv, n := hangingReceiver(t)
		hits = append(hits, n)
		for range 1 + i%2 { // six jobs over four receivers
			code, m, err := srv.call("POST", "/generate", map[string]any{"prompt": "lo-fi", "webhook_url": recv.URL + "/hook"})
			if err != nil || code != 202 {
				t.Fatalf("submit: %d %v %v", code, m, err)
			}
			hung = append(hung, m["job_id"].(string))
		}
	}
	for deadline := time.Now().Add(10 * time.Second); ; {
		busy := 0
		for _, n := range hits {
			if n.Load() > 0 {
				busy++
			}
		}
		if busy >= 2 { // the hanging key holds its slots
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the hanging receivers got no deliveries")
		}
		time.Sleep(20 * time.Millisecond)
	}

	arrived := make(chan time.Time, 4)
	good := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived <- time.Now()
	}))
	defer good.Close()
	start := time.Now()
	code, m, err := other.call("POST", "/generate", map[string]any{"prompt": "jazz", "webhook_url": good.URL + "/hook"})
	if err != nil || code != 202 {
		t.Fatalf("other key's submit: %d %v %v", code, m, err)
	}
	id := m["job_id"].(string)
	select {
	case at := <-arrived:
		t.Logf("the other key's webhook arrived %.2f s after its submission, with 4 receivers of one key hanging", at.Sub(start).Seconds())
		if d := at.Sub(start); d > 5*time.Second {
			t.Fatalf("the other key's webhook took %s", d)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the other key's webhook did not arrive within 5 s")
	}

	// The owners can see where their webhooks stand.
	var wh map[string]any
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		_, m, _ = other.call("GET", "/jobs/"+id, nil)
		if wh, _ = m["webhook"].(map[string]any); wh["status"] == "delivered" {
			break
		}
	}
	if wh["status"] != "delivered" || wh["attempts"] != 1.0 {
		t.Fatalf("other key's job webhook %v", m["webhook"])
	}
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		_, m, _ = srv.call("GET", "/jobs/"+hung[0], nil)
		if wh, _ = m["webhook"].(map[string]any); wh["status"] == "retrying" {
			break
		}
	}
	if wh["status"] != "retrying" || wh["attempts"] != 1.0 || wh["last_error"] != "the receiver did not answer in time" {
		t.Fatalf("hanging job's webhook %v", m["webhook"])
	}
	_, m, _ = srv.call("POST", "/generate", map[string]any{"prompt": "spec only"})
	if _, m, _ = srv.call("GET", "/jobs/"+m["job_id"].(string), nil); m["webhook"] != nil {
		t.Fatalf("a job without a webhook_url shows %v", m["webhook"])
	}
}
