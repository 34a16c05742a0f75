package httpapi_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/worker"
)

var (
	uuidRE = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	timeRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`)
)

func TestSubmit(t *testing.T) {
	for _, path := range []string{"/generate", "/compose"} {
		t.Run("OK"+path, func(t *testing.T) {
			e := newEnv(t, nil)
			res, m := e.do(t, "POST", path, e.Key, []byte(`{"prompt": "melancholic lo-fi with dusty piano, 84 bpm"}`))
			if res.StatusCode != http.StatusAccepted {
				t.Fatalf("status %d %v", res.StatusCode, m)
			}
			id, _ := m["job_id"].(string)
			if len(m) != 3 || !uuidRE.MatchString(id) || m["poll_url"] != "/jobs/"+id || m["message"] == "" {
				t.Fatalf("ack %v", m)
			}
			if res.Header.Get("Location") != "/jobs/"+id {
				t.Fatalf("Location %q", res.Header.Get("Location"))
			}
			if n, _ := e.Store.Pending(); n != 1 {
				t.Fatalf("%d queued messages, want 1", n)
			}
		})
	}
}

func TestJobStates(t *testing.T) {
	t.Run("RunningHasNoFinishedAt", func(t *testing.T) {
		e := newEnv(t, nil)
		id := e.submit(t, "  epic orchestral trailer  ")
		res, m := e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		if res.StatusCode != 200 || m["status"] != "running" || m["prompt"] != "epic orchestral trailer" {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
		if _, ok := m["finished_at"]; ok {
			t.Fatalf("finished_at present while running: %v", m)
		}
		if v, ok := m["result"]; !ok || v != nil {
			t.Fatalf("result must be present and null: %v", m)
		}
		if v, ok := m["error"]; !ok || v != nil {
			t.Fatalf("error must be present and null: %v", m)
		}
		if !timeRE.MatchString(m["started_at"].(string)) {
			t.Fatalf("started_at %q", m["started_at"])
		}
		if res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("Cache-Control %q", res.Header.Get("Cache-Control"))
		}
	})
	t.Run("Completed", func(t *testing.T) {
		e := newEnv(t, nil)
		id := e.submit(t, "happy house")
		e.Clock.Add(3 * time.Second)
		if out := e.process(t, id); out != worker.Completed {
			t.Fatalf("outcome %s", out)
		}
		res, m := e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		if res.StatusCode != 200 || m["status"] != "completed" || m["error"] != nil {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
		if !timeRE.MatchString(m["finished_at"].(string)) || m["finished_at"].(string) < m["started_at"].(string) {
			t.Fatalf("finished_at %v started_at %v", m["finished_at"], m["started_at"])
		}
		r := m["result"].(map[string]any)
		for _, f := range []string{"title", "bpm", "duration", "song_url", "image_url", "tags"} {
			if _, ok := r[f]; !ok {
				t.Fatalf("result lacks %s: %v", f, r)
			}
		}
		// The spec's six plus the three provenance members of every
		// completed result (engine_version, recipe, license; see
		// TestRequestOptions/SpecOnlyJobHasOnlyProvenance) and what was
		// measured (issue 30).
		if _, ok := r["measured"]; !ok {
			t.Fatalf("result lacks measured: %v", r)
		}
		if len(r) != 6+4 || r["title"] != "Tiny Test Tone" || r["bpm"] != 120.0 || r["duration"] != 0.5 || r["tags"] != "test, sine" {
			t.Fatalf("result %v", r)
		}
		if _, raw := e.raw(t, "/jobs/"+id); strings.Contains(raw, `\u0026`) {
			t.Fatalf("URLs are HTML-escaped: %s", raw)
		}
		song := download(t, r["song_url"].(string), "audio/wav")
		if _, err := wav.Decode(strings.NewReader(song)); err != nil {
			t.Fatalf("song is not a WAV: %v", err)
		}
		if img := download(t, r["image_url"].(string), "image/png"); !strings.HasPrefix(img, "\x89PNG") {
			t.Fatal("image is not a PNG")
		}
	})
	t.Run("FailedIsHTTP200", func(t *testing.T) {
		e := newEnv(t, nil)
		e.Gen.Func = func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) {
			return nil, jobs.Errorf(jobs.EInvalid, "The prompt describes no music we can make.")
		}
		id := e.submit(t, "silence")
		if out := e.process(t, id); out != worker.Failed {
			t.Fatalf("outcome %s", out)
		}
		res, m := e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		if res.StatusCode != 200 || m["status"] != "failed" || m["result"] != nil || m["error"] != "The prompt describes no music we can make." {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
		if _, ok := m["finished_at"]; !ok {
			t.Fatal("failed job lacks finished_at")
		}
	})
	t.Run("TransientErrorsRetryThenFail", func(t *testing.T) {
		e := newEnv(t, nil)
		e.Gen.Func = func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) {
			return nil, errors.New("disk on fire /var/secret")
		}
		id := e.submit(t, "jazz")
		ctx := context.Background()
		for attempt := 1; attempt < e.Worker.Attempts(); attempt++ {
			if out, _ := e.Worker.Process(ctx, jobs.JobID(id), attempt); out != worker.Retry {
				t.Fatalf("attempt %d: %s, want retry", attempt, out)
			}
		}
		if out, _ := e.Worker.Process(ctx, jobs.JobID(id), e.Worker.Attempts()); out != worker.Failed {
			t.Fatalf("last attempt: %s, want failed", out)
		}
		_, m := e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		if m["status"] != "failed" || strings.Contains(m["error"].(string), "secret") {
			t.Fatalf("%v", m)
		}
	})
	t.Run("DuplicateDeliveryDoesNotRegenerate", func(t *testing.T) {
		e := newEnv(t, nil)
		id := e.submit(t, "techno")
		e.process(t, id)
		if out := e.process(t, id); out != worker.Skipped {
			t.Fatalf("second delivery: %s", out)
		}
		if n := e.Gen.Calls.Load(); n != 1 {
			t.Fatalf("generator called %d times", n)
		}
	})
	t.Run("TimedOutQueuedJobFails", func(t *testing.T) {
		// The run timeout does not count time in the queue; the queue age
		// does, with its own message.
		e := newEnv(t, func(c *jobs.Config) { c.JobTimeout, c.MaxQueueAge = time.Minute, 3*time.Minute })
		id := e.submit(t, "ambient")
		e.Clock.Add(2 * time.Minute)
		if _, m := e.do(t, "GET", "/jobs/"+id, e.Key, nil); m["status"] != "running" {
			t.Fatalf("a queued job past the run timeout: %v", m)
		}
		e.Clock.Add(2 * time.Minute)
		_, m := e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		if m["status"] != "failed" || m["finished_at"] == nil || m["error"] != jobs.MsgQueueTimeout {
			t.Fatalf("%v", m)
		}
		if out := e.process(t, id); out != worker.Skipped {
			t.Fatalf("late worker: %s", out)
		}
	})
}

func TestErrNotFound(t *testing.T) {
	e := newEnv(t, func(c *jobs.Config) { c.Retention = time.Hour })
	id := e.submit(t, "rock")
	e.process(t, id)
	cases := map[string]struct{ path, key string }{
		"UnknownID":    {"/jobs/" + string(jobs.NewJobID()), e.Key},
		"MalformedID":  {"/jobs/not-a-uuid", e.Key},
		"TraversalID":  {"/jobs/..%2F..%2Fetc", e.Key},
		"OtherKeysJob": {"/jobs/" + id, e.Other},
		"NoID":         {"/jobs/", e.Key},
		"UnknownRoute": {"/v1/generate", e.Key},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			res, m := e.do(t, "GET", c.path, c.key, nil)
			assertErrorBody(t, 404, res, m)
		})
	}
	t.Run("UpperCaseIDFindsJob", func(t *testing.T) {
		if res, m := e.do(t, "GET", "/jobs/"+strings.ToUpper(id), e.Key, nil); res.StatusCode != 200 {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
	})
	t.Run("Expired", func(t *testing.T) {
		_, m := e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		songURL := m["result"].(map[string]any)["song_url"].(string)
		e.Clock.Add(time.Hour)
		res, m := e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		assertErrorBody(t, 404, res, m)
		if res, _ := http.Get(songURL); res.StatusCode != http.StatusForbidden {
			t.Fatalf("media URL after retention: %d", res.StatusCode)
		}
	})
}

func download(t *testing.T, url, contentType string) string {
	t.Helper()
	if !strings.HasPrefix(url, "http://") {
		t.Fatalf("URL %q is not absolute", url)
	}
	res, err := http.Get(url) // no Authorization header
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != contentType {
		t.Fatalf("GET %s: %d %q", url, res.StatusCode, res.Header.Get("Content-Type"))
	}
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Range", "bytes=0-3")
	rr, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	part, _ := io.ReadAll(rr.Body)
	rr.Body.Close()
	if rr.StatusCode != http.StatusPartialContent || string(part) != string(b[:4]) {
		t.Fatalf("range request: %d %q", rr.StatusCode, part)
	}
	return string(b)
}
