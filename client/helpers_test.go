package client_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
)

const testKey = "sk_test_123"

// reply is one canned answer of the fake API.
type reply struct {
	status int
	body   string
	header map[string]string
}

// request is what the fake API saw.
type request struct {
	method, path, auth, contentType, userAgent, body, idem string
}

// fakeAPI answers requests with canned replies in order; the last reply
// repeats once the list is used up.
type fakeAPI struct {
	mu       sync.Mutex
	replies  []reply
	requests []request
}

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.requests = append(f.requests, request{
		method: r.Method, path: r.URL.EscapedPath(), auth: r.Header.Get("Authorization"),
		contentType: r.Header.Get("Content-Type"), userAgent: r.Header.Get("User-Agent"),
		body: string(body), idem: r.Header.Get("Idempotency-Key"),
	})
	rep := f.replies[0]
	if len(f.replies) > 1 {
		f.replies = f.replies[1:]
	}
	f.mu.Unlock()
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(rep.status)
	_, _ = io.WriteString(w, rep.body)
}

func (f *fakeAPI) seen() []request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]request(nil), f.requests...)
}

// sleeper records the waits the client asks for without sleeping.
type sleeper struct {
	mu    sync.Mutex
	waits []time.Duration
	// onSleep, when set, runs on every wait with its 1-based number.
	onSleep func(n int)
}

func (s *sleeper) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.waits = append(s.waits, d)
	n := len(s.waits)
	s.mu.Unlock()
	if s.onSleep != nil {
		s.onSleep(n)
	}
	return ctx.Err()
}

func (s *sleeper) recorded() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.waits...)
}

// mustServe starts the fake API with replies and returns it, a client for it
// and the client's sleeper.
func mustServe(tb testing.TB, replies []reply, opts ...client.Option) (*fakeAPI, *client.Client, *sleeper) {
	tb.Helper()
	api := &fakeAPI{replies: replies}
	srv := httptest.NewServer(api)
	tb.Cleanup(srv.Close)
	sl := &sleeper{}
	opts = append([]client.Option{client.WithSleep(sl.sleep), client.WithHTTPClient(srv.Client()), client.WithJitter(0)}, opts...)
	return api, client.New(srv.URL+"/", testKey, opts...), sl
}

func seconds(s ...int) []time.Duration {
	out := make([]time.Duration, len(s))
	for i, v := range s {
		out[i] = time.Duration(v) * time.Second
	}
	return out
}

func equalDurations(a, b []time.Duration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func rep(status int, body string) reply { return reply{status: status, body: body} }

const (
	ackBody     = `{"message":"Task received","job_id":"6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d","poll_url":"/jobs/6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d"}`
	runningBody = `{"status":"running","prompt":"lofi rain","result":null,"error":null,"started_at":"2025-03-01 10:00:00"}`
	tooMany     = `{"error":"rate_limited","message":"too many requests"}`
	internal    = `{"error":"internal","message":"unexpected error"}`
)

func completedBody(duration string) string {
	return `{"status":"completed","prompt":"lofi rain","result":{"title":"Rain on Glass","bpm":82,"duration":` +
		duration + `,"song_url":"https://media.example/s.mp3","image_url":"https://media.example/c.png",` +
		`"tags":"lo-fi, chill, piano"},"error":null,"started_at":"2025-03-01 10:00:00","finished_at":"2025-03-01 10:02:07"}`
}

const failedBody = `{"status":"failed","prompt":"lofi rain","result":null,"error":"generation timed out",` +
	`"started_at":"2025-03-01 10:00:00","finished_at":"2025-03-01 10:05:00"}`

// newServer starts api and returns its base URL.
func newServer(tb testing.TB, api http.Handler) string {
	tb.Helper()
	srv := httptest.NewServer(api)
	tb.Cleanup(srv.Close)
	return srv.URL
}
