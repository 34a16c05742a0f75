package app_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/worker"
)

// A generation that ignores cancellation does not hold the shutdown
// beyond ShutdownGrace + StopWait.
func TestShutdownIsBounded(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	started := make(chan struct{}, 1)
	stubborn := &jobstest.Generator{Func: func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) {
		started <- struct{}{}
		<-release // never looks at ctx
		return nil, fmt.Errorf("released")
	}}
	r := startServer(t, t.TempDir(), stubborn, func(c *app.Config) { c.Workers = 1 })
	r.Server.ShutdownGrace, r.Server.StopWait = 200*time.Millisecond, 200*time.Millisecond
	if code, m, err := r.call("POST", "/generate", map[string]string{"prompt": "stuck"}); err != nil || code != 202 {
		t.Fatalf("%d %v %v", code, m, err)
	}
	<-started
	stopped := make(chan struct{})
	start := time.Now()
	go func() { r.Stop(); close(stopped) }()
	select {
	case <-stopped:
		if el := time.Since(start); el > 2*time.Second {
			t.Fatalf("shutdown took %v", el)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("shutdown still waiting after 5 s for a generation that ignores cancellation")
	}
}

// Failed jobs lose their media at expiry too, also media that an attempt
// cut short left behind.
func TestJanitorRemovesMediaOfFailedJobs(t *testing.T) {
	dir := t.TempDir()
	gen := &jobstest.Generator{Func: func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) {
		return nil, jobs.Errorf(jobs.EInvalid, "This prompt cannot be sung.")
	}}
	r := startServer(t, dir, gen, func(c *app.Config) { c.Service.Retention = time.Hour })
	_, m, _ := r.call("POST", "/generate", map[string]string{"prompt": "x"})
	id := jobs.JobID(m["job_id"].(string))
	if j := r.waitTerminal(t, string(id)); j["status"] != "failed" {
		t.Fatalf("job %v", j)
	}
	// What a crashed attempt of this job could have left on disk.
	media := r.Server.Backend.Media
	// (internal/studio writes song.mp3 or song.wav and cover.jpg.)
	for _, k := range []string{mediakey.Song(id, "mp3"), mediakey.Image(id, "jpg")} {
		if err := media.PutMedia(context.Background(), k, "application/octet-stream", bytes.NewReader([]byte("left")), 4); err != nil {
			t.Fatal(err)
		}
	}
	r.Server.Sweep(context.Background(), time.Now().Add(2*time.Hour))
	if _, err := os.Stat(filepath.Join(dir, "media", "jobs", string(id))); !os.IsNotExist(err) {
		t.Fatalf("media of the failed job still on disk after expiry: %v", err)
	}
}

// A client that requests a large media file and never reads it is cut
// off after the write timeout.
func TestWriteTimeoutCutsStalledDownloads(t *testing.T) {
	r := startServer(t, t.TempDir(), &jobstest.Generator{}, func(c *app.Config) { c.WriteTimeout = 300 * time.Millisecond })
	const size = 48 << 20 // far beyond what socket buffers hold
	ctx := context.Background()
	media := r.Server.Backend.Media
	key := mediakey.Song(jobs.NewJobID(), "mp3")
	if err := media.PutMedia(ctx, key, "audio/mpeg", bytes.NewReader(make([]byte, size)), size); err != nil {
		t.Fatal(err)
	}
	raw, err := media.MediaURL(ctx, key, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(raw)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", u.RequestURI(), u.Host)
	time.Sleep(1500 * time.Millisecond) // a stalled reader
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(io.Discard, res.Body)
	if err == nil && n == size {
		t.Fatalf("the whole %d bytes arrived after the write timeout", n)
	}
}

// /healthz checks writes: when the media directory cannot be written it
// answers 503 with the error body (within HealthWriteEvery).
func TestHealthzChecksWrites(t *testing.T) {
	dir := t.TempDir()
	r := startServer(t, dir, &jobstest.Generator{}, nil)
	get := func() (int, map[string]any) {
		res, err := http.Get(r.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var m map[string]any
		_ = json.NewDecoder(res.Body).Decode(&m)
		return res.StatusCode, m
	}
	if code, m := get(); code != 200 {
		t.Fatalf("healthy: %d %v", code, m)
	}
	// The media directory becomes unwritable (here: a file is in its way).
	if err := os.RemoveAll(filepath.Join(dir, "media")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "media"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	// The write check runs at most every HealthWriteEvery: the failure
	// shows within that.
	code, m := get()
	for deadline := time.Now().Add(app.HealthWriteEvery + 2*time.Second); code == 200 && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		code, m = get()
	}
	if code != http.StatusServiceUnavailable || m["error"] != string(jobs.EUnavailable) || m["message"] == "" {
		t.Fatalf("unwritable media: %d %v", code, m)
	}
}

// TestLocalEveryJobEnds is TestAWSEveryJobEnds for `serve`'s own queue: a
// generator that panics and one that never returns before its timeout each
// fail their job after exactly MaxAttempts attempts, within the attempts
// plus the policy's backoffs (RetryBase, doubled), and the server lives on.
func TestLocalEveryJobEnds(t *testing.T) {
	for name, gen := range map[string]*jobstest.Generator{
		"Panics": {Func: func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) { panic("index out of range") }},
		"Overruns": {Func: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
			<-ctx.Done()
			time.Sleep(50 * time.Millisecond) // and returns late
			return jobstest.TinySong(), nil
		}},
	} {
		t.Run(name, func(t *testing.T) {
			const timeout = 300 * time.Millisecond
			r := startServer(t, t.TempDir(), gen, func(c *app.Config) { c.GenerateTimeout = timeout })
			attempts := r.Server.Config.MaxAttempts
			start := time.Now()
			code, m, err := r.call("POST", "/generate", map[string]string{"prompt": "every job ends"})
			if err != nil || code != 202 {
				t.Fatalf("%d %v %v", code, m, err)
			}
			j := r.waitTerminal(t, m["job_id"].(string))
			el := time.Since(start)
			if j == nil || j["status"] != "failed" || j["error"] != worker.MsgRetriesExhausted || int(gen.Calls.Load()) != attempts {
				t.Fatalf("job %v after %d generations, want failed after %d", j, gen.Calls.Load(), attempts)
			}
			var backoff time.Duration
			for a := 1; a < attempts; a++ {
				backoff += r.Server.Worker.RetryDelay(a)
			}
			if limit := backoff + time.Duration(attempts)*timeout + 3*time.Second; el < backoff || el > limit {
				t.Fatalf("failed after %v, want between the backoffs %v and %v", el, backoff, limit)
			}
			if code, _, err := r.call("GET", "/healthz", nil); err != nil || code != 200 {
				t.Fatalf("server after the job: %d %v", code, err)
			}
		})
	}
}
