package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/httpapi/openapitest"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/worker"
)

// oasClient sends requests to a server and checks every exchange against
// the embedded OpenAPI document.
type oasClient struct {
	v   *openapitest.Validator
	url string
}

func (c *oasClient) send(t *testing.T, method, path, key string, body []byte, hdr map[string]string, valid bool) (*http.Response, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, c.url+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	return c.v.Do(t, http.DefaultClient, req, valid)
}

func (c *oasClient) expect(t *testing.T, want int, method, path, key string, body []byte, hdr map[string]string, valid bool) []byte {
	t.Helper()
	res, b := c.send(t, method, path, key, body, hdr, valid)
	if res.StatusCode != want {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, res.StatusCode, want, b)
	}
	return b
}

// brokenJobs is a job store whose reads and writes fail with err.
type brokenJobs struct {
	jobs.JobStore
	err error
}

func (b brokenJobs) Job(context.Context, jobs.JobID) (*jobs.Job, error) { return nil, b.err }
func (b brokenJobs) CreateJob(context.Context, *jobs.Job) error         { return b.err }
func (b brokenJobs) ListJobs(context.Context, jobs.KeyID, int, string, time.Time) ([]*jobs.Job, string, error) {
	return nil, "", b.err
}

// TestOpenAPIEmbedded drives every documented outcome of the embedded
// backend through a real HTTP server and validates each answer (status,
// headers, body) against openapi.json.
func TestOpenAPIEmbedded(t *testing.T) {
	v := openapitest.New(t)
	e := newEnv(t, func(c *jobs.Config) { c.SubmitRate = jobs.Rate{N: 8, Per: time.Hour} })
	c := &oasClient{v: v, url: e.URL}
	prompt := []byte(`{"prompt": "melancholic lo-fi with dusty piano, 84 bpm"}`)

	// Service endpoints.
	doc := c.expect(t, 200, "GET", "/openapi.json", "", nil, nil, true)
	if !bytes.Equal(doc, httpapi.OpenAPI()) {
		t.Error("GET /openapi.json is not the embedded document")
	}
	c.expect(t, 405, "POST", "/openapi.json", "", nil, nil, false)
	if page := c.expect(t, 200, "GET", "/", "", nil, nil, true); !bytes.Contains(page, []byte("<audio")) {
		t.Errorf("playground page: %.200s", page)
	}
	c.expect(t, 405, "DELETE", "/", "", nil, nil, false)
	for _, f := range []string{"app.js", "style.css"} {
		c.expect(t, 200, "GET", "/playground/"+f, "", nil, nil, true)
	}
	c.expect(t, 404, "GET", "/playground/index.html", "", nil, nil, true)
	c.expect(t, 405, "POST", "/playground/app.js", "", nil, nil, false)
	c.expect(t, 200, "GET", "/healthz", "", nil, nil, true)
	c.expect(t, 405, "POST", "/healthz", "", nil, nil, false)

	// Submissions: 202 on both paths, then every refusal.
	var ack httpapi.Ack
	if err := json.Unmarshal(c.expect(t, 202, "POST", "/generate", e.Key, prompt, nil, true), &ack); err != nil {
		t.Fatal(err)
	}
	c.expect(t, 202, "POST", "/compose", e.Key, prompt, map[string]string{"Idempotency-Key": "compose-1"}, true)
	c.expect(t, 202, "POST", "/compose", e.Key, prompt, map[string]string{"Idempotency-Key": "compose-1"}, true) // replay
	for _, path := range []string{"/generate", "/compose"} {
		c.expect(t, 409, "POST", path, e.Key, []byte(`{"prompt": "another song"}`), map[string]string{"Idempotency-Key": "compose-1"}, true)
	}
	for _, bad := range []string{`{"prompt": ""}`, `{"prompt": 7}`, `not json`, `{}`, `[]`, `{"prompt": "` + strings.Repeat("a", 1001) + `"}`} {
		c.expect(t, 400, "POST", "/generate", e.Key, []byte(bad), nil, false)
	}
	c.expect(t, 400, "POST", "/compose", e.Key, []byte(`{"prompt": " "}`), nil, false)
	c.expect(t, 400, "POST", "/generate", e.Key, prompt, map[string]string{"Idempotency-Key": "caf\u00e9"}, false)
	c.expect(t, 401, "POST", "/generate", "", prompt, nil, false)
	c.expect(t, 401, "POST", "/compose", "ss_bogus_key", prompt, nil, false)
	c.expect(t, 405, "GET", "/generate", e.Key, nil, nil, false)
	c.expect(t, 405, "PUT", "/compose", e.Key, prompt, nil, false)
	c.expect(t, 413, "POST", "/generate", e.Key, []byte(`{"prompt": "`+strings.Repeat("x", 5000)+`"}`), nil, false)
	c.expect(t, 413, "POST", "/compose", e.Key, []byte(`{"prompt": "`+strings.Repeat("x", 5000)+`"}`), nil, false)
	c.expect(t, 413, "POST", ack.PollURL+"/edit", e.Key, []byte(`{"key": "`+strings.Repeat("x", 5000)+`"}`), nil, false)

	// Polling: running, completed, failed, and the refusals.
	running := c.expect(t, 200, "GET", ack.PollURL, e.Key, nil, nil, true)
	if !bytes.Contains(running, []byte(`"running"`)) {
		t.Fatalf("not running: %s", running)
	}
	e.Clock.Add(2 * time.Second)
	if out := e.process(t, string(ack.JobID)); out != worker.Completed {
		t.Fatalf("outcome %s", out)
	}
	var done struct {
		Status string              `json:"status"`
		Result *httpapi.ResultBody `json:"result"`
	}
	if err := json.Unmarshal(c.expect(t, 200, "GET", ack.PollURL, e.Key, nil, nil, true), &done); err != nil || done.Result == nil {
		t.Fatalf("completed: %+v %v", done, err)
	}
	e.Gen.Func = func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) {
		return nil, jobs.Errorf(jobs.EInvalid, "This prompt cannot be played.")
	}
	failedID := e.submit(t, "a song that fails")
	if out := e.process(t, failedID); out != worker.Failed {
		t.Fatalf("outcome %s", out)
	}
	if failed := c.expect(t, 200, "GET", "/jobs/"+failedID, e.Key, nil, nil, true); !bytes.Contains(failed, []byte(`"failed"`)) {
		t.Fatalf("not failed: %s", failed)
	}
	c.expect(t, 404, "GET", ack.PollURL, e.Other, nil, nil, true) // someone else's job
	c.expect(t, 404, "GET", "/jobs/00000000-0000-4000-8000-000000000000", e.Key, nil, nil, true)
	c.expect(t, 401, "GET", ack.PollURL, "", nil, nil, false)
	c.expect(t, 405, "POST", ack.PollURL, e.Key, prompt, nil, false)

	// Media: the song and cover URLs of the completed job.
	for _, u := range []string{done.Result.SongURL, done.Result.ImageURL} {
		path := strings.TrimPrefix(u, e.URL)
		c.expect(t, 200, "GET", path, "", nil, nil, true)
		c.expect(t, 206, "GET", path, "", nil, map[string]string{"Range": "bytes=0-9"}, true)
		c.expect(t, 403, "GET", path[:len(path)-3]+"bad", "", nil, nil, true)
		c.expect(t, 405, "POST", path, "", nil, nil, false)
	}
	// A deleted file behind a valid signature is 404.
	if err := e.Svc.Media.DeleteMedia(context.Background(), mediakey.Image(ack.JobID, "png")); err != nil {
		t.Fatal(err)
	}
	c.expect(t, 404, "GET", strings.TrimPrefix(done.Result.ImageURL, e.URL), "", nil, nil, true)

	// Rate limits: the submission budget is spent; 429 with Retry-After.
	for range 10 {
		if res, _ := c.send(t, "POST", "/generate", e.Key, prompt, nil, true); res.StatusCode == 429 {
			break
		}
	}
	c.expect(t, 429, "POST", "/compose", e.Key, prompt, nil, true)
	c.expect(t, 429, "POST", ack.PollURL+"/edit", e.Key, []byte(`{"bpm": 90}`), nil, true)
	pe := newEnv(t, func(c *jobs.Config) { c.PollRate = jobs.Rate{N: 1, Per: time.Hour} })
	pc := &oasClient{v: v, url: pe.URL}
	pid := pe.submit(t, "one poll only")
	pc.expect(t, 200, "GET", "/jobs/"+pid, pe.Key, nil, nil, true)
	pc.expect(t, 429, "GET", "/jobs/"+pid, pe.Key, nil, nil, true)
	pc.expect(t, 429, "GET", "/jobs", pe.Key, nil, nil, true)
	pc.expect(t, 429, "POST", "/jobs/"+pid+"/cancel", pe.Key, nil, nil, true)
	pc.expect(t, 429, "DELETE", "/jobs/"+pid, pe.Key, nil, nil, true)

	// Extensions: request options, stems and MIDI, job history.
	x := newEnv(t, nil)
	xc := &oasClient{v: v, url: x.URL}
	var xack httpapi.Ack
	body := []byte(`{"prompt": "lo-fi", "seed": 7, "format": "wav", "duration_seconds": 30, "bpm": 84, "key": "D minor", "outputs": ["stems", "midi", "timeline"], "unknown": 1}`)
	if err := json.Unmarshal(xc.expect(t, 202, "POST", "/generate", x.Key, body, nil, true), &xack); err != nil {
		t.Fatal(err)
	}
	xc.expect(t, 400, "POST", "/generate", x.Key, []byte(`{"prompt": "lo-fi", "bpm": 1000}`), nil, false)
	x.process(t, string(xack.JobID))
	if got := xc.expect(t, 200, "GET", xack.PollURL, x.Key, nil, nil, true); !bytes.Contains(got, []byte(`"stems_url"`)) || !bytes.Contains(got, []byte(`"timeline_url"`)) || !bytes.Contains(got, []byte(`"seed":7`)) {
		t.Fatalf("extension result: %s", got)
	}
	x.submit(t, "a running one")
	var page httpapi.ListBody
	if err := json.Unmarshal(xc.expect(t, 200, "GET", "/jobs?limit=1", x.Key, nil, nil, true), &page); err != nil || page.NextCursor == "" {
		t.Fatalf("first page %+v %v", page, err)
	}
	xc.expect(t, 200, "GET", "/jobs?limit=1&cursor="+page.NextCursor, x.Key, nil, nil, true)
	xc.expect(t, 400, "GET", "/jobs?limit=0", x.Key, nil, nil, false)
	xc.expect(t, 401, "GET", "/jobs", "", nil, nil, false)
	xc.expect(t, 405, "DELETE", "/jobs", x.Key, nil, nil, false)

	// Collections (collection.go): count 3 answers a CollectionAck; the
	// collection is polled together, only by its key.
	var cack httpapi.CollectionAck
	if err := json.Unmarshal(xc.expect(t, 202, "POST", "/generate", x.Key, []byte(`{"prompt": "lo-fi", "count": 3}`), nil, true), &cack); err != nil || len(cack.Jobs) != 3 {
		t.Fatalf("collection ack %+v %v", cack, err)
	}
	x.process(t, string(cack.Jobs[1].JobID))
	xc.expect(t, 200, "GET", cack.PollURL, x.Key, nil, nil, true)
	xc.expect(t, 404, "GET", cack.PollURL, x.Other, nil, nil, true)
	xc.expect(t, 404, "GET", "/collections/nope", x.Key, nil, nil, true)
	xc.expect(t, 400, "POST", "/generate", x.Key, []byte(`{"prompt": "lo-fi", "count": 11}`), nil, false)
	xc.expect(t, 401, "GET", cack.PollURL, "", nil, nil, false)
	xc.expect(t, 405, "POST", cack.PollURL, x.Key, nil, nil, false)
	pc.expect(t, 429, "GET", cack.PollURL, pe.Key, nil, nil, true)

	// Job controls: cancel (202, then 200), delete (409 while running, 204),
	// a finished job's cancel (409), and the refusals.
	cid := x.submit(t, "a song to cancel")
	xc.expect(t, 409, "DELETE", "/jobs/"+cid, x.Key, nil, nil, true)
	// Edits (edit.go): of a completed job (202), a running or failed one
	// (409), another key's (404), and the refusals.
	xc.expect(t, 202, "POST", xack.PollURL+"/edit", x.Key, []byte(`{"bpm": 90, "key": "E", "intensity": 0.7, "instruments": {"lead": "piano", "drums": null}, "regenerate": ["bridge"], "format": "flac"}`), nil, true)
	xc.expect(t, 202, "POST", xack.PollURL+"/edit", x.Key, nil, nil, true)
	xc.expect(t, 409, "POST", "/jobs/"+cid+"/edit", x.Key, []byte(`{"bpm": 90}`), nil, true)
	xc.expect(t, 400, "POST", xack.PollURL+"/edit", x.Key, []byte(`{"prompt": "other"}`), nil, false)
	xc.expect(t, 400, "POST", xack.PollURL+"/edit", x.Key, []byte(`{"instruments": {"vocals": "piano"}}`), nil, false)
	xc.expect(t, 404, "POST", xack.PollURL+"/edit", x.Other, []byte(`{"bpm": 90}`), nil, true)
	xc.expect(t, 401, "POST", xack.PollURL+"/edit", "", nil, nil, false)
	xc.expect(t, 405, "GET", xack.PollURL+"/edit", x.Key, nil, nil, false)
	xc.expect(t, 202, "POST", "/jobs/"+cid+"/cancel", x.Key, nil, nil, true)
	xc.expect(t, 200, "POST", "/jobs/"+cid+"/cancel", x.Key, nil, nil, true)
	xc.expect(t, 409, "POST", "/jobs/"+cid+"/edit", x.Key, nil, nil, true)
	xc.expect(t, 409, "POST", "/jobs/"+string(xack.JobID)+"/cancel", x.Key, nil, nil, true)
	xc.expect(t, 404, "POST", "/jobs/"+cid+"/cancel", x.Other, nil, nil, true)
	xc.expect(t, 404, "DELETE", "/jobs/"+cid, x.Other, nil, nil, true)
	xc.expect(t, 401, "POST", "/jobs/"+cid+"/cancel", "", nil, nil, false)
	xc.expect(t, 401, "DELETE", "/jobs/"+cid, "", nil, nil, false)
	xc.expect(t, 405, "GET", "/jobs/"+cid+"/cancel", x.Key, nil, nil, false)
	xc.expect(t, 405, "PUT", "/jobs/"+cid, x.Key, nil, nil, false)
	xc.expect(t, 204, "DELETE", "/jobs/"+cid, x.Key, nil, nil, true)
	xc.expect(t, 404, "DELETE", "/jobs/"+cid, x.Key, nil, nil, true)
	xc.expect(t, 404, "GET", "/jobs/"+cid, x.Key, nil, nil, true)

	// Server errors: a store that fails (500) or is down (503).
	for _, tc := range []struct {
		status int
		err    error
	}{{500, errors.New("disk on fire")}, {503, &jobs.Error{Code: jobs.EUnavailable, Message: "The store is down."}}} {
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		// The key's submissions above share this limiter: a wide rate
		// keeps these checks from meeting its 429 (a fixed window).
		cfg := jobstest.Config()
		cfg.SubmitRate.N = 1000
		svc := &jobs.Service{Jobs: brokenJobs{err: tc.err}, Keys: e.Store, Limiter: e.Store, Queue: e.Store,
			Config: cfg, Logger: log}
		srv := httptest.NewServer(httpapi.New(svc, httpapi.Options{Logger: log, MaxBodyBytes: 4096, Health: func(*http.Request) error { return tc.err }}))
		bc := &oasClient{v: v, url: srv.URL}
		bc.expect(t, tc.status, "POST", "/generate", e.Key, prompt, nil, true)
		bc.expect(t, tc.status, "POST", "/compose", e.Key, prompt, nil, true)
		bc.expect(t, tc.status, "GET", ack.PollURL, e.Key, nil, nil, true)
		bc.expect(t, tc.status, "GET", "/jobs", e.Key, nil, nil, true)
		bc.expect(t, tc.status, "GET", "/collections/"+string(ack.JobID), e.Key, nil, nil, true)
		bc.expect(t, tc.status, "POST", ack.PollURL+"/cancel", e.Key, nil, nil, true)
		bc.expect(t, tc.status, "POST", ack.PollURL+"/edit", e.Key, nil, nil, true)
		bc.expect(t, tc.status, "DELETE", ack.PollURL, e.Key, nil, nil, true)
		if tc.status == 503 {
			bc.expect(t, 503, "GET", "/healthz", "", nil, nil, true)
		}
		srv.Close()
	}

	if miss := v.Missing(nil); len(miss) > 0 {
		t.Errorf("documented outcomes never exercised: %v", miss)
	}
}

// TestOpenAPIDocument checks the document itself: OpenAPI 3.1, every path
// the handler routes, and each extension described.
func TestOpenAPIDocument(t *testing.T) {
	v := openapitest.New(t)
	if v.Doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi %q", v.Doc.OpenAPI)
	}
	for _, p := range []string{"/generate", "/compose", "/jobs", "/jobs/{job_id}", "/healthz", "/openapi.json", "/", "/playground/{file}", "/media/jobs/{job_id}/{file}"} {
		if v.Doc.Paths.Value(p) == nil {
			t.Errorf("path %s missing", p)
		}
	}
	var raw map[string]any
	if err := json.Unmarshal(httpapi.OpenAPI(), &raw); err != nil {
		t.Fatal(err)
	}
	n := 0
	var walk func(path string, x any)
	walk = func(path string, x any) {
		switch x := x.(type) {
		case map[string]any:
			if x["x-songsmith-extension"] == true {
				n++
				if d, _ := x["description"].(string); !strings.Contains(d, "Songsmith extension") {
					t.Errorf("%s: extension without a description of why", path)
				}
			}
			for k, v := range x {
				walk(path+"/"+k, v)
			}
		case []any:
			for _, v := range x {
				walk(path+"[]", v)
			}
		}
	}
	walk("", raw)
	if n < 15 {
		t.Errorf("%d extensions marked, want the headers, statuses and paths beyond the spec (>= 15)", n)
	}
}
