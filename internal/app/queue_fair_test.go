package app_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/request"
)

// sleepyGenerator renders a song in the time its prompt names: "long"
// takes long, anything else short (the generator fake with controlled
// durations: the real engine renders a 3-minute stems song in minutes on
// this shared machine).
func sleepyGenerator(long, short time.Duration) *jobstest.Generator {
	return &jobstest.Generator{Func: func(ctx context.Context, prompt string, _ uint64, o jobs.Options) (*jobs.Song, error) {
		d := short
		if len(prompt) >= 4 && prompt[:4] == "long" {
			d = long
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(d):
		}
		s := jobstest.TinySong()
		if o.Wants(request.OutputStems) {
			s.Stems = &jobs.File{Data: []byte("PK\x05\x06" + string(make([]byte, 18))), ContentType: "application/zip", Ext: "zip"}
		}
		return s, nil
	}}
}

// asKey returns a copy of the server handle that calls as another key.
func asKey(t *testing.T, r *running, name string) *running {
	t.Helper()
	k, full, err := jobs.NewAPIKey(name, time.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Server.Backend.Keys.CreateKey(context.Background(), k); err != nil {
		t.Fatal(err)
	}
	other := *r
	other.Key = full
	return &other
}

// fill submits long jobs as key a (with stems when stems) until the cap
// answers 429 too_many_jobs, and returns how many were accepted.
func fill(t *testing.T, a *running, stems bool) int {
	t.Helper()
	for n := 0; n < 100; n++ {
		body := map[string]any{"prompt": fmt.Sprintf("long song %d", n)}
		if stems {
			body["outputs"] = []string{"stems"}
		}
		code, m, err := a.call("POST", "/generate", body)
		if err != nil {
			t.Fatal(err)
		}
		if code == 429 {
			if m["error"] != string(jobs.ETooManyJobs) || m["message"] == "" {
				t.Fatalf("429 body %v, want error too_many_jobs with a message", m)
			}
			return n
		}
		if code != 202 {
			t.Fatalf("submit: %d %v", code, m)
		}
	}
	t.Fatal("no cap")
	return 0
}

// TestFairQueue: key A fills its cap with long jobs, then key B submits a
// short song. The queue takes jobs round-robin across keys and hands out
// one stems job per key at a time, so B's song finishes within one long
// render of its submission: at once when A's jobs are stems (a worker is
// free), after the first of A's running jobs when they are plain (A's
// cap of 10 long jobs would hold B for 5 long renders first in a FIFO).
// The plain case's bound leaves a busy machine's scheduling room (a
// loaded machine took 2.3 s) yet fails if A's next two jobs went before
// B's (both workers free at once: B would start a second long render
// later and finish 3.0 s after its submission; a FIFO, 7.5 s).
func TestFairQueue(t *testing.T) {
	const long, short = 1500 * time.Millisecond, 100 * time.Millisecond
	for _, tc := range []struct {
		name  string
		stems bool
		cap   int
		limit time.Duration // B's finish after its submission at most
	}{
		{"Stems", true, 3, long},
		{"Plain", false, 10, 2*long - 2*short},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, t.TempDir(), sleepyGenerator(long, short), func(c *app.Config) { c.Workers = 2 })
			a, b := srv, asKey(t, srv, "b")
			if n := fill(t, a, tc.stems); n != tc.cap {
				t.Fatalf("key A got %d jobs in before 429, want its cap %d", n, tc.cap)
			}
			time.Sleep(100 * time.Millisecond) // A's first jobs are rendering
			sent := time.Now()
			code, m, err := b.call("POST", "/generate", map[string]any{"prompt": "short song"})
			if err != nil || code != 202 {
				t.Fatalf("B submits: %d %v %v", code, m, err)
			}
			res := b.waitTerminal(t, m["job_id"].(string))
			took := time.Since(sent)
			if res["status"] != "completed" {
				t.Fatalf("B's job: %v", res)
			}
			t.Logf("key A holds %d long jobs (%v each); key B's short song (%v) finished %v after its submission", tc.cap, long, short, took.Round(time.Millisecond))
			if took > tc.limit {
				t.Fatalf("B waited %v, more than %v", took, tc.limit)
			}
		})
	}
}

// TestQueueTimeIsNotRunTime: a backlog of 120 queued jobs behind two
// workers, a run timeout (SONGSMITH_JOB_TIMEOUT, read side, and the
// per-attempt SONGSMITH_GENERATE_TIMEOUT) of 2 s and a generator taking
// 80 ms: the backlog takes at least 4.8 s, so most jobs wait longer than
// the run timeout; every job is polled throughout. All 120 complete: 0
// failed by the run timeout (it counts from the start of an attempt).
func TestQueueTimeIsNotRunTime(t *testing.T) {
	gen := sleepyGenerator(0, 80*time.Millisecond)
	srv := startServer(t, t.TempDir(), gen, func(c *app.Config) {
		c.Workers, c.Service.JobTimeout, c.GenerateTimeout = 2, 2*time.Second, 2*time.Second
		c.Service.Limits = jobs.Limits{}
	})
	var ids []string
	for i := range 120 {
		code, m, err := srv.call("POST", "/generate", map[string]any{"prompt": fmt.Sprintf("backlog %d", i)})
		if err != nil || code != 202 {
			t.Fatalf("submit %d: %d %v %v", i, code, m, err)
		}
		ids = append(ids, m["job_id"].(string))
	}
	// One poller reads every unfinished job in turn, all the time (a read
	// is where a job past its timeout is failed).
	start := time.Now()
	results := map[string]map[string]any{}
	for len(results) < len(ids) && time.Since(start) < 2*time.Minute {
		for _, id := range ids {
			if results[id] != nil {
				continue
			}
			code, m, err := srv.call("GET", "/jobs/"+id, nil)
			if err != nil || code != 200 {
				t.Fatalf("poll: %d %v %v", code, m, err)
			}
			if m["status"] != "running" {
				results[id] = m
			}
		}
	}
	failed := 0
	for i, id := range ids {
		if m := results[id]; m == nil || m["status"] != "completed" {
			failed++
			t.Errorf("job %d: %v", i, m)
		}
	}
	t.Logf("120 queued jobs, run timeout 2s: the backlog took %v; %d failed", time.Since(start).Round(time.Millisecond), failed)
	if time.Since(start) < 3*time.Second {
		t.Fatalf("the backlog took under 3 s: the test does not make jobs wait past the run timeout")
	}
}
