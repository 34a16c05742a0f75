package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/logctx"
	"github.com/songsmith/songsmith/internal/worker"
)

// clock is a settable clock shared by the service, worker and media.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// env is a whole service on embedded storage behind a real HTTP server.
type env struct {
	URL    string
	Store  *embedded.Store
	Svc    *jobs.Service
	Worker *worker.Worker
	Gen    *jobstest.Generator
	Clock  *clock
	Key    string // a valid key
	Other  string // another valid key
	Logs   *bytes.Buffer
}

func newEnv(t testing.TB, mutate func(*jobs.Config)) *env {
	t.Helper()
	st, err := embedded.Open(filepath.Join(t.TempDir(), "db"), embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	// The clock starts ten minutes into the current hour, so no test's
	// hourly or per-minute rate window depends on the minute it runs in.
	clk := &clock{t: time.Now().UTC().Truncate(time.Hour).Add(10 * time.Minute)}
	media := &embedded.Media{Dir: t.TempDir(), Key: []byte("k"), Now: clk.Now}
	cfg := jobstest.Config()
	if mutate != nil {
		mutate(&cfg)
	}
	logs := &bytes.Buffer{}
	log := slog.New(logctx.LogHandler(slog.NewJSONHandler(&lockedWriter{w: logs}, nil)))
	svc := &jobs.Service{Jobs: st, Keys: st, Limiter: st, Queue: st, Media: media, Config: cfg, Now: clk.Now, Logger: log}
	gen := &jobstest.Generator{}
	w := &worker.Worker{Jobs: st, Media: media, Generator: gen, MaxAttempts: 3, Now: clk.Now, Logger: log}
	media.WriteError = func(w http.ResponseWriter, r *http.Request, err error) { httpapi.WriteError(w, r, log, err) }
	srv := httptest.NewServer(httpapi.New(svc, httpapi.Options{Media: media, Logger: log, MaxBodyBytes: 4096}))
	t.Cleanup(srv.Close)
	media.BaseURL = srv.URL
	e := &env{URL: srv.URL, Store: st, Svc: svc, Worker: w, Gen: gen, Clock: clk, Logs: logs}
	e.Key = e.newKey(t, 0)
	e.Other = e.newKey(t, 0)
	return e
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (e *env) newKey(t testing.TB, ttl time.Duration) string {
	t.Helper()
	k, full, err := jobs.NewAPIKey("test", e.Clock.Now(), ttl)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Store.CreateKey(context.Background(), k); err != nil {
		t.Fatal(err)
	}
	return full
}

// do sends a request and decodes the JSON body into a map.
func (e *env) do(t testing.TB, method, path, key string, body []byte) (*http.Response, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, e.URL+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	req.Header.Set("Content-Type", "application/json")
	return send(t, req)
}

func decodeMap(t testing.TB, raw []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if len(raw) > 0 && json.Unmarshal(raw, &m) != nil {
		t.Fatalf("body is not a JSON object: %q", raw)
	}
	return m
}

func (e *env) submit(t testing.TB, prompt string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"prompt": prompt})
	res, m := e.do(t, "POST", "/generate", e.Key, body)
	if res.StatusCode != http.StatusAccepted {
		t.Fatalf("submit: %d %v", res.StatusCode, m)
	}
	return m["job_id"].(string)
}

func (e *env) process(t testing.TB, id string) worker.Outcome {
	t.Helper()
	out, err := e.Worker.Process(context.Background(), jobs.JobID(id), 1)
	if err != nil && out != worker.Failed {
		t.Fatalf("process: %v %v", out, err)
	}
	return out
}

// jobCount counts stored jobs.
func (e *env) jobCount(t *testing.T) int {
	t.Helper()
	all, err := e.Store.ExpiredJobs(time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	return len(all)
}

// assertErrorBody checks the spec's {"error","message"} shape exactly.
func assertErrorBody(t *testing.T, status int, res *http.Response, m map[string]any) {
	t.Helper()
	if res.StatusCode != status {
		t.Fatalf("status %d, want %d (body %v)", res.StatusCode, status, m)
	}
	code, ok1 := m["error"].(string)
	msg, ok2 := m["message"].(string)
	if !ok1 || !ok2 || len(m) != 2 || code == "" || msg == "" {
		t.Fatalf("error body %v, want exactly non-empty string fields error and message", m)
	}
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("Content-Type %q", res.Header.Get("Content-Type"))
	}
}

// raw GETs path with the main key and returns the body as text.
func (e *env) raw(t *testing.T, path string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", e.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+e.Key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}
