package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/client"
)

// historyAPI serves GET /jobs over n jobs (job-0 newest), page by page:
// the cursor is the index of the next job; with ratelimited, every page
// says the rate window is used up for 3 s.
type historyAPI struct {
	n           int
	ratelimited bool
	failAt      string // a cursor answered with 400
	mu          sync.Mutex
	queries     []string
}

func (h *historyAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	h.queries = append(h.queries, r.URL.RawQuery)
	h.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	q := r.URL.Query()
	if r.URL.Path != "/jobs" || r.Header.Get("Authorization") != "Bearer "+testKey {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	if c := q.Get("cursor"); c != "" && c == h.failAt {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"error":"invalid_request","message":"bad cursor"}`)
		return
	}
	start, limit := 0, 20
	fmt.Sscan(q.Get("cursor"), &start)
	fmt.Sscan(q.Get("limit"), &limit)
	if h.ratelimited {
		w.Header().Set("RateLimit-Limit", "60")
		w.Header().Set("RateLimit-Remaining", "0")
		w.Header().Set("RateLimit-Reset", "3")
	}
	var items []string
	for i := start; i < min(start+limit, h.n); i++ {
		items = append(items, fmt.Sprintf(`{"job_id":"job-%d","status":"completed","prompt":"p%d","result":null,"error":null,"started_at":"2025-03-01 10:00:00"}`, i, i))
	}
	body := `{"jobs":[` + strings.Join(items, ",") + `]`
	if start+limit < h.n {
		next, _ := json.Marshal(fmt.Sprint(start + limit))
		body += `,"next_cursor":` + string(next)
	}
	_, _ = io.WriteString(w, body+"}")
}

func (h *historyAPI) seen() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.queries...)
}

func historyClient(t *testing.T, h *historyAPI) (*client.Client, *sleeper) {
	sl := &sleeper{}
	return client.New(newServer(t, h), testKey, client.WithSleep(sl.sleep), client.WithJitter(0)), sl
}

// Jobs follows next_cursor to the last page and yields every job once,
// newest first; WithPageSize and WithCursor shape the requests.
func TestJobsIterator(t *testing.T) {
	h := &historyAPI{n: 7}
	c, sl := historyClient(t, h)
	var ids []string
	for job, err := range c.Jobs(context.Background(), client.WithPageSize(3)) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, job.JobID)
	}
	if got := strings.Join(ids, " "); got != "job-0 job-1 job-2 job-3 job-4 job-5 job-6" {
		t.Errorf("jobs = %s", got)
	}
	if got := strings.Join(h.seen(), " "); got != "limit=3 cursor=3&limit=3 cursor=6&limit=3" {
		t.Errorf("queries = %s", got)
	}
	if len(sl.recorded()) != 0 {
		t.Errorf("waits %v without a used-up rate window", sl.recorded())
	}

	// WithCursor starts there; no page size: the service's default.
	h = &historyAPI{n: 25}
	c, _ = historyClient(t, h)
	n := 0
	for job, err := range c.Jobs(context.Background(), client.WithCursor("2")) {
		if err != nil || job == nil {
			t.Fatal(job, err)
		}
		n++
	}
	if got := strings.Join(h.seen(), " "); n != 23 || got != "cursor=2 cursor=22" {
		t.Errorf("%d jobs, queries %s; want 23 and cursor=2 cursor=22", n, got)
	}
}

// Breaking out of the loop requests no further page.
func TestJobsIteratorStops(t *testing.T) {
	h := &historyAPI{n: 100}
	c, _ := historyClient(t, h)
	n := 0
	for _, err := range c.Jobs(context.Background(), client.WithPageSize(10)) {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n == 15 {
			break
		}
	}
	if got := len(h.seen()); got != 2 {
		t.Errorf("%d requests for 15 jobs of pages of 10, want 2", got)
	}
}

// A page that fails yields the error once and ends the iteration; a used-up
// rate window makes the next page wait for its reset.
func TestJobsIteratorErrorAndRateLimit(t *testing.T) {
	h := &historyAPI{n: 9, ratelimited: true, failAt: "6"}
	c, sl := historyClient(t, h)
	var jobs, errs int
	var last error
	for job, err := range c.Jobs(context.Background(), client.WithPageSize(3)) {
		if err != nil {
			errs++
			last = err
			continue
		}
		if job == nil {
			t.Fatal("nil job without error")
		}
		jobs++
	}
	var apiErr *client.APIError
	if jobs != 6 || errs != 1 || !errors.As(last, &apiErr) || apiErr.StatusCode != 400 {
		t.Errorf("%d jobs, %d errors (last %v); want 6 jobs then the 400", jobs, errs, last)
	}
	if got, want := sl.recorded(), seconds(3, 3); !equalDurations(got, want) {
		t.Errorf("waits = %v, want the window's reset before each later page %v", got, want)
	}
}

// Run submits and waits: one call returns the completed job; a failed job
// comes back with its *JobError; a refused submission never polls.
func TestRun(t *testing.T) {
	ctx := context.Background()
	api, c, sl := mustServe(t, []reply{rep(202, ackBody), rep(200, runningBody), rep(200, completedBody("127"))})
	job, err := c.Run(ctx, "lofi rain", client.WithMusicalKey("D minor"))
	if err != nil || job.Status != client.StatusCompleted || job.Result.Title != "Rain on Glass" || job.JobID != "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d" {
		t.Fatalf("Run = %+v, %v", job, err)
	}
	reqs := api.seen()
	if len(reqs) != 3 || reqs[0].method != "POST" || reqs[0].body != `{"prompt":"lofi rain","key":"D minor"}` ||
		reqs[1].path != "/jobs/6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d" || reqs[2].path != reqs[1].path {
		t.Errorf("requests = %+v", reqs)
	}
	if got := sl.recorded(); !equalDurations(got, seconds(1)) {
		t.Errorf("waits = %v, want Wait's first 1 s poll interval", got)
	}

	_, c, _ = mustServe(t, []reply{rep(202, ackBody), rep(200, failedBody)})
	job, err = c.Run(ctx, "lofi rain")
	var jobErr *client.JobError
	if !errors.As(err, &jobErr) || jobErr.Message != "generation timed out" || job == nil || job.Status != client.StatusFailed {
		t.Errorf("Run = %+v, %v; want the failed job and its JobError", job, err)
	}

	api, c, _ = mustServe(t, []reply{rep(400, `{"error":"invalid_request","message":"prompt is empty"}`)})
	if job, err := c.Run(ctx, ""); job != nil || err == nil || len(api.seen()) != 1 {
		t.Errorf("Run = %+v, %v after %d requests; want the 400 and no poll", job, err, len(api.seen()))
	}
}

// WithMusicalKey sends the request's "key" member; the deprecated WithKey
// still sends the same.
func TestWithMusicalKey(t *testing.T) {
	for name, opt := range map[string]client.GenerateOption{
		"WithMusicalKey": client.WithMusicalKey("F# minor"),
		"WithKey":        client.WithKey("F# minor"),
	} {
		api, c, _ := mustServe(t, []reply{rep(202, ackBody)})
		if _, err := c.Generate(context.Background(), "lofi", opt); err != nil {
			t.Fatal(err)
		}
		if body := api.seen()[0].body; body != `{"prompt":"lofi","key":"F# minor"}` {
			t.Errorf("%s: body %s", name, body)
		}
	}
}
