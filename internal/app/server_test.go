package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// running is a started local server.
type running struct {
	URL    string
	Key    string
	Server *app.Server
	stop   context.CancelFunc
	done   chan error
}

func startServer(t *testing.T, dataDir string, gen jobs.Generator, mutate func(*app.Config)) *running {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	key := "ss_0123456789ab_testsecrettestsecret0123"
	cfg, err := app.Load(func(name string) string {
		return map[string]string{
			"SONGSMITH_DATA_DIR": dataDir, "SONGSMITH_BASE_URL": "http://" + ln.Addr().String(),
			"SONGSMITH_API_KEYS": key, "SONGSMITH_WORKERS": "4",
			"SONGSMITH_SUBMIT_RATE": "off", "SONGSMITH_POLL_RATE": "off",
		}[name]
	})
	if err != nil {
		t.Fatal(err)
	}
	if mutate != nil {
		mutate(&cfg)
	}
	b, err := app.OpenEmbedded(cfg)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	s := app.NewServer(cfg, b, gen, log)
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{URL: "http://" + ln.Addr().String(), Key: key, Server: s, stop: cancel, done: make(chan error, 1)}
	go func() { r.done <- s.Serve(ctx, ln); b.Close() }()
	t.Cleanup(r.Stop)
	return r
}

// Stop shuts the server down and waits for it (idempotent).
func (r *running) Stop() {
	r.stop()
	if r.done != nil {
		<-r.done
		r.done = nil
	}
}

func (r *running) call(method, path string, body any) (int, map[string]any, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, r.URL+path, rd)
	req.Header.Set("Authorization", "Bearer "+r.Key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	var m map[string]any
	err = json.NewDecoder(res.Body).Decode(&m)
	return res.StatusCode, m, err
}

func (r *running) waitTerminal(t *testing.T, id string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second) // a real render under -race on a loaded machine
	for time.Now().Before(deadline) {
		code, m, err := r.call("GET", "/jobs/"+id, nil)
		if err != nil || code != 200 {
			t.Errorf("poll %s: %d %v %v", id, code, m, err)
			return nil
		}
		if m["status"] != "running" {
			return m
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("job %s still running", id)
	return nil
}

func TestConcurrentClients(t *testing.T) {
	gen := &jobstest.Generator{Func: func(ctx context.Context, p string, seed uint64, _ jobs.Options) (*jobs.Song, error) {
		time.Sleep(time.Duration(seed%20) * time.Millisecond)
		s := jobstest.TinySong()
		s.Title = p
		return s, nil
	}}
	// 48 jobs of one key: past its cap of queued and running jobs.
	r := startServer(t, t.TempDir(), gen, func(c *app.Config) { c.Service.Limits = jobs.Limits{} })
	const clients, perClient = 12, 4
	var mu sync.Mutex
	seen := map[string]bool{}
	var wg sync.WaitGroup
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			for i := 0; i < perClient; i++ {
				prompt := fmt.Sprintf("client %d song %d", c, i)
				code, m, err := r.call("POST", "/generate", map[string]string{"prompt": prompt})
				if err != nil || code != 202 {
					t.Errorf("submit: %d %v %v", code, m, err)
					return
				}
				id := m["job_id"].(string)
				mu.Lock()
				if seen[id] {
					t.Errorf("duplicate job id %s", id)
				}
				seen[id] = true
				mu.Unlock()
				j := r.waitTerminal(t, id)
				if j == nil {
					return
				}
				res, _ := j["result"].(map[string]any)
				if j["status"] != "completed" || res == nil || res["title"] != prompt {
					t.Errorf("job %s: %v", id, j)
				}
			}
		}(c)
	}
	wg.Wait()
	if len(seen) != clients*perClient || gen.Calls.Load() != clients*perClient {
		t.Fatalf("%d jobs, %d generations; want %d each", len(seen), gen.Calls.Load(), clients*perClient)
	}
}

// A shutdown that outlasts the grace period requeues the running job; the
// next server completes it.
func TestShutdownRequeuesRunningJob(t *testing.T) {
	dir := t.TempDir()
	started := make(chan struct{}, 1)
	blocking := &jobstest.Generator{Func: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
		started <- struct{}{}
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	r := startServer(t, dir, blocking, func(c *app.Config) { c.Workers = 1 })
	r.Server.ShutdownGrace = 100 * time.Millisecond
	_, m, err := r.call("POST", "/generate", map[string]string{"prompt": "slow"})
	if err != nil {
		t.Fatal(err)
	}
	id := m["job_id"].(string)
	<-started
	r.Stop()

	fast := &jobstest.Generator{}
	r2 := startServer(t, dir, fast, nil)
	j := r2.waitTerminal(t, id)
	if j["status"] != "completed" || fast.Calls.Load() != 1 {
		t.Fatalf("after restart: %v, %d generations", j, fast.Calls.Load())
	}
}

func TestJanitorRemovesExpiredJobsAndMedia(t *testing.T) {
	dir := t.TempDir()
	r := startServer(t, dir, &jobstest.Generator{}, func(c *app.Config) { c.Service.Retention = time.Hour })
	_, m, _ := r.call("POST", "/generate", map[string]string{"prompt": "x"})
	id := m["job_id"].(string)
	r.waitTerminal(t, id)
	song := filepath.Join(dir, "media", "jobs", id, "song.wav")
	if _, err := os.Stat(song); err != nil {
		t.Fatalf("media not on disk: %v", err)
	}
	r.Server.Sweep(context.Background(), time.Now().Add(30*time.Minute))
	if _, err := os.Stat(song); err != nil {
		t.Fatal("janitor removed media before expiry")
	}
	r.Server.Sweep(context.Background(), time.Now().Add(2*time.Hour))
	if _, err := os.Stat(song); !os.IsNotExist(err) {
		t.Fatalf("media still on disk after expiry: %v", err)
	}
	if code, _, _ := r.call("GET", "/jobs/"+id, nil); code != 404 {
		t.Fatalf("expired job answered %d", code)
	}
}
