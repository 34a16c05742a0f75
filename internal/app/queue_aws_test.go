package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// TestAWSCapPerKey: on AWS the per-key caps are a condition on the key's
// active set in the jobs table (DynamoDB on moto), through the API
// Lambda's handler with every answer checked against openapi.json: a key
// at its cap of 3 gets 429 too_many_jobs (with Retry-After), at its stems
// cap of 1 a stems job gets 429 while a plain one still fits, another key
// is not affected, and a job that ends (cancelled here) frees its place.
func TestAWSCapPerKey(t *testing.T) {
	_, _, b, _, c := newAWSAPI(t, func(cfg *app.Config) {
		cfg.Service.Limits = jobs.Limits{MaxActive: 3, MaxActiveStems: 1}
		cfg.Service.SubmitRate.N = 0
	})
	a, other := newAWSKey(t, b, "cap-a"), newAWSKey(t, b, "cap-b")
	submit := func(want int, key, body string) string {
		t.Helper()
		var m map[string]any
		if err := json.Unmarshal(c.do(want, "POST", "/generate", key, []byte(body), nil, true), &m); err != nil {
			t.Fatal(err)
		}
		if want == 429 {
			if m["error"] != "too_many_jobs" || m["message"] == "" {
				t.Fatalf("429 body %v", m)
			}
			return ""
		}
		return m["job_id"].(string)
	}
	first := submit(202, a, `{"prompt": "long stems", "outputs": ["stems"]}`)
	submit(429, a, `{"prompt": "long stems 2", "outputs": ["stems"]}`)
	submit(202, a, `{"prompt": "plain 1"}`)
	submit(202, a, `{"prompt": "plain 2"}`)
	submit(429, a, `{"prompt": "plain 3"}`)
	submit(202, other, `{"prompt": "another key"}`)
	c.do(202, "POST", "/jobs/"+first+"/cancel", a, nil, nil, true)
	submit(202, a, `{"prompt": "stems again", "outputs": ["stems"]}`)
}

// TestAWSQueueTimeIsNotRunTime is TestQueueTimeIsNotRunTime on AWS (SQS
// and DynamoDB on moto, two workers pulling as `serve --backend aws`
// does): 120 queued jobs, a run timeout of 5 s (an attempt on moto under
// -race takes up to about 2 s), 40 ms per song, every job polled
// throughout: 0 failed by the run timeout, though the backlog takes far
// longer.
func TestAWSQueueTimeIsNotRunTime(t *testing.T) {
	st := newAWSStack(t, 3)
	cfg := st.Config
	cfg.Service.SubmitRate.N, cfg.Service.PollRate.N, cfg.Service.Limits = 0, 0, jobs.Limits{}
	cfg.Service.JobTimeout, cfg.GenerateTimeout = 5*time.Second, 5*time.Second
	b, err := app.OpenAWS(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	log := discardLogger(nil)
	ctx := context.Background()
	k, _, err := jobs.NewAPIKey("backlog", time.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Keys.CreateKey(ctx, k); err != nil {
		t.Fatal(err)
	}
	svc := app.NewService(cfg, b, log)
	var ids []jobs.JobID
	for i := range 120 {
		j, _, err := svc.Submit(ctx, k, jobs.Submission{Prompt: fmt.Sprintf("backlog %d", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, j.ID)
	}
	start := time.Now()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := app.NewWorker(cfg, b, sleepyGenerator(0, 40*time.Millisecond), log)
			for {
				select {
				case <-stop:
					return
				default:
				}
				ds, err := b.Consumer.Receive(ctx, 1, time.Second)
				if err != nil {
					t.Error(err)
					return
				}
				for _, d := range ds {
					if dec := w.Handle(ctx, d, false); dec.Release {
						_ = b.Consumer.Release(ctx, d, dec.Delay)
					} else {
						_ = b.Consumer.Ack(ctx, d)
					}
				}
			}
		}()
	}
	done := map[jobs.JobID]*jobs.Job{}
	for len(done) < len(ids) && time.Since(start) < 3*time.Minute {
		for _, id := range ids {
			if done[id] != nil {
				continue
			}
			j, _, err := svc.Job(ctx, k, string(id))
			if err != nil {
				t.Fatal(err)
			}
			if j.Status != jobs.StatusRunning {
				done[id] = j
			}
		}
	}
	close(stop)
	wg.Wait()
	failed := 0
	for i, id := range ids {
		if j := done[id]; j == nil || j.Status != jobs.StatusCompleted {
			failed++
			t.Errorf("job %d: %+v", i, j)
		}
	}
	t.Logf("AWS: 120 queued jobs, run timeout 5s: the backlog took %v; %d failed", time.Since(start).Round(time.Millisecond), failed)
	if time.Since(start) < 7500*time.Millisecond {
		t.Fatal("the backlog took under 7.5 s: no job waited past the run timeout")
	}
}

// TestAWSWorkerLambdaReconciles: the worker function's handler runs the
// reconciler on the schedule rule's event (a job whose message was never
// sent, older than app.RedeliverAfter, is queued and rendered) and still
// handles SQS batches.
func TestAWSWorkerLambdaReconciles(t *testing.T) {
	st := newAWSStack(t, 3)
	cfg := st.Config
	b, err := app.OpenAWS(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	log := discardLogger(nil)
	ctx := context.Background()
	k, _, _ := jobs.NewAPIKey("reconcile", time.Now(), 0)
	if err := b.Keys.CreateKey(ctx, k); err != nil {
		t.Fatal(err)
	}
	// A job accepted RedeliverAfter ago whose process died before queueing it.
	j := jobstest.NewJob(k.ID)
	j.StartedAt = time.Now().Add(-app.RedeliverAfter - time.Second).Truncate(time.Second)
	j.ExpiresAt = j.StartedAt.Add(time.Hour)
	if _, err := b.Admit.Admit(ctx, j, "", jobs.Limits{}); err != nil {
		t.Fatal(err)
	}
	fresh := jobstest.NewJob(k.ID) // accepted just now: not the reconciler's yet
	fresh.StartedAt, fresh.ExpiresAt = time.Now(), time.Now().Add(time.Hour)
	if _, err := b.Admit.Admit(ctx, fresh, "", jobs.Limits{}); err != nil {
		t.Fatal(err)
	}
	w := app.NewWorker(cfg, b, &jobstest.Generator{}, log)
	h := app.WorkerLambda(cfg, b, app.NewSQSHandler(cfg, b, w, log), log)
	out, err := h(ctx, json.RawMessage(`{"version":"0","id":"1","detail-type":"Scheduled Event","source":"aws.events","account":"123456789012","time":"2026-11-28T17:00:00Z","region":"us-east-1","resources":["arn:aws:events:us-east-1:123456789012:rule/reconcile"],"detail":{}}`))
	if err != nil || out.(map[string]int)["queued"] != 1 {
		t.Fatalf("scheduled event: %v %v, want 1 queued", out, err)
	}
	ev := st.receive(t, cfg.QueueURL, st.QueueARN, 10*time.Second)
	if len(ev.Records) != 1 || ev.Records[0].Body != string(j.ID) {
		t.Fatalf("queued %+v, want the stale job only", ev.Records)
	}
	raw, _ := json.Marshal(ev)
	res, err := h(ctx, raw)
	if err != nil {
		t.Fatalf("sqs batch: %v %v", res, err)
	}
	st.settle(t, cfg.QueueURL, ev, *mustSQSResponse(t, res))
	if got, _ := b.Jobs.Job(ctx, j.ID); got.Status != jobs.StatusCompleted {
		t.Fatalf("reconciled job: %+v", got)
	}
	if again, _ := h(ctx, json.RawMessage(`{"detail-type":"Scheduled Event","source":"aws.events"}`)); again.(map[string]int)["queued"] != 0 {
		t.Fatalf("second pass queued %v", again)
	}
}

// mustSQSResponse is the worker handler's answer to an SQS batch.
func mustSQSResponse(t *testing.T, res any) *events.SQSEventResponse {
	t.Helper()
	r, ok := res.(events.SQSEventResponse)
	if !ok {
		t.Fatalf("answer %T, want events.SQSEventResponse", res)
	}
	return &r
}

// discardLogger returns a logger that writes nothing.
func discardLogger(*slog.Logger) *slog.Logger { return slog.New(slog.NewJSONHandler(io.Discard, nil)) }
