package app_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
)

// TestServerCancelAndDelete drives the local server (embedded backend,
// in-process workers with the production poll interval app.CancelPoll):
// a job whose render only a cancellation ends is cancelled over HTTP (202,
// failed with error "canceled"); the render's context is cancelled within
// the poll interval (measured from the 202, with 2 s of slack for a shared
// machine); a file the attempt wrote is deleted; the job's webhook fires as
// a failure; a second cancel answers 200; DELETE removes the job (204, then
// 404), and a completed job's DELETE removes its files.
func TestServerCancelAndDelete(t *testing.T) {
	var mu sync.Mutex
	var hooks []map[string]any
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		mu.Lock()
		hooks = append(hooks, m)
		mu.Unlock()
	}))
	defer recv.Close()

	dir := t.TempDir()
	started := make(chan jobs.JobID, 1)
	stopped := make(chan time.Time, 1)
	var srv *running
	gen := &jobstest.Generator{Func: func(ctx context.Context, prompt string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
		if prompt != "endless" {
			return jobstest.TinySong(), nil
		}
		started <- ""
		<-ctx.Done()
		stopped <- time.Now()
		return nil, ctx.Err()
	}}
	srv = startServer(t, dir, gen, func(c *app.Config) { c.WebhookAllowLoopback = true }) // the test's receiver
	if srv.Server.Worker.CancelPoll != app.CancelPoll || app.CancelPoll > time.Second {
		t.Fatalf("worker polls every %v, want app.CancelPoll (%v, at most 1 s)", srv.Server.Worker.CancelPoll, app.CancelPoll)
	}
	code, m, err := srv.call("POST", "/generate", map[string]any{"prompt": "endless", "webhook_url": recv.URL + "/hook"})
	if err != nil || code != 202 {
		t.Fatalf("submit: %d %v %v", code, m, err)
	}
	id := m["job_id"].(string)
	<-started
	// A file an attempt wrote before the cancellation (as a crashed
	// earlier attempt could have): it must go.
	stray := mediakey.Song(jobs.JobID(id), "mp3")
	if err := srv.Server.Backend.Media.PutMedia(context.Background(), stray, "audio/mpeg", strings.NewReader("x"), 1); err != nil {
		t.Fatal(err)
	}

	code, m, err = srv.call("POST", "/jobs/"+id+"/cancel", nil)
	answered := time.Now()
	if err != nil || code != 202 || m["status"] != "failed" || m["error"] != "canceled" || m["result"] != nil || m["finished_at"] == nil {
		t.Fatalf("cancel: %d %v %v", code, m, err)
	}
	select {
	case at := <-stopped:
		lag := at.Sub(answered)
		t.Logf("the render stopped %v after the cancel answer (poll interval %v)", lag.Round(time.Millisecond), app.CancelPoll)
		if lag > app.CancelPoll+2*time.Second {
			t.Errorf("the render stopped %v after the cancellation", lag)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the render was not stopped within 15 s")
	}
	if _, err := os.Stat(filepath.Join(dir, "media", filepath.FromSlash(stray))); !os.IsNotExist(err) {
		t.Errorf("the attempt's file is still there: %v", err)
	}
	if code, m, _ := srv.call("POST", "/jobs/"+id+"/cancel", nil); code != 200 || m["error"] != "canceled" {
		t.Errorf("second cancel: %d %v", code, m)
	}
	if code, m, _ := srv.call("GET", "/jobs/"+id, nil); code != 200 || m["status"] != "failed" || m["error"] != "canceled" {
		t.Errorf("read after cancel: %d %v", code, m)
	}
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		mu.Lock()
		n := len(hooks)
		mu.Unlock()
		if n > 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	mu.Lock()
	if len(hooks) != 1 || hooks[0]["job_id"] != id || hooks[0]["status"] != "failed" || hooks[0]["error"] != "canceled" {
		t.Errorf("webhooks %v, want one failure with error canceled", hooks)
	}
	mu.Unlock()

	// DELETE: the cancelled job, then a completed one with its files.
	if code, _, _ := srv.call("DELETE", "/jobs/"+id, nil); code != 204 {
		t.Errorf("delete cancelled: %d", code)
	}
	for _, req := range [][2]string{{"GET", "/jobs/" + id}, {"POST", "/jobs/" + id + "/cancel"}, {"DELETE", "/jobs/" + id}} {
		if code, m, _ := srv.call(req[0], req[1], nil); code != 404 || m["error"] != "not_found" {
			t.Errorf("%s %s after delete: %d %v", req[0], req[1], code, m)
		}
	}
	_, m, _ = srv.call("POST", "/generate", map[string]any{"prompt": "short"})
	done := m["job_id"].(string)
	j := srv.waitTerminal(t, done)
	songURL := j["result"].(map[string]any)["song_url"].(string)
	if res, err := http.Get(songURL); err != nil || res.StatusCode != 200 {
		t.Fatalf("song before delete: %v %v", res, err)
	}
	if code, m, _ := srv.call("POST", "/jobs/"+done+"/cancel", nil); code != 409 || m["error"] != "job_finished" {
		t.Errorf("cancel completed: %d %v", code, m)
	}
	if code, _, _ := srv.call("DELETE", "/jobs/"+done, nil); code != 204 {
		t.Errorf("delete completed: %d", code)
	}
	if res, err := http.Get(songURL); err != nil || res.StatusCode != 404 {
		t.Errorf("song after delete: %v %v, want 404", res.StatusCode, err)
	}
}
