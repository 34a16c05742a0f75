package worker_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/logctx"
)

// TestEveryLineJoins: whatever happens to a delivery (completion, a failed
// or panicking generation, a timeout, media that cannot be stored and is
// cleaned up, a dead letter, too many deliveries, a duplicate), every line
// the worker logs for it carries the job's id and the correlation id the
// queue adapter put in the context (the Lambda's request id).
func TestEveryLineJoins(t *testing.T) {
	fail := func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) {
		return nil, errors.New("flaky")
	}
	for name, tc := range map[string]struct {
		gen      func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error)
		put      func(string) error
		delivery jobs.Delivery
		dead     bool
		twice    bool
	}{
		"Completed": {delivery: jobs.Delivery{Attempt: 1}, twice: true},
		"Failed":    {gen: fail, delivery: jobs.Delivery{Attempt: 2}},
		"Retry":     {gen: fail, delivery: jobs.Delivery{Attempt: 1}},
		"Panic":     {gen: func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) { panic("boom") }, delivery: jobs.Delivery{Attempt: 1}},
		"Timeout": {gen: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}, delivery: jobs.Delivery{Attempt: 2}},
		"MediaCleanup": {put: func(k string) error {
			return map[bool]error{true: errors.New("disk full")}[strings.Contains(k, "cover")]
		}, delivery: jobs.Delivery{Attempt: 2}},
		"DeadLetter":    {delivery: jobs.Delivery{Attempt: 1}, dead: true},
		"TooManyTimes":  {delivery: jobs.Delivery{Attempt: 1, Received: 99}},
		"NoSuchJobHere": {delivery: jobs.Delivery{Attempt: 1}},
	} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			m := &deletingMedia{}
			m.put = tc.put
			w, _, id := setup(t, &jobstest.Generator{Func: tc.gen}, &media{})
			w.Media, w.Timeout = m, 100*time.Millisecond
			w.Logger = slog.New(logctx.LogHandler(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
			d := tc.delivery
			d.JobID = id
			if name == "NoSuchJobHere" {
				d.JobID = jobs.NewJobID()
			}
			ctx := logctx.WithLogAttrs(context.Background(), slog.String("request_id", "req-7"))
			w.Handle(ctx, d, tc.dead)
			if tc.twice {
				w.Handle(ctx, d, tc.dead) // a duplicate delivery of a finished job
			}
			lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
			if len(lines) == 0 || lines[0] == "" {
				t.Fatal("nothing logged")
			}
			for _, line := range lines {
				var l map[string]any
				if err := json.Unmarshal([]byte(line), &l); err != nil {
					t.Fatalf("%q: %v", line, err)
				}
				if l["job_id"] != string(d.JobID) || l["request_id"] != "req-7" {
					t.Errorf("line without job_id %s or request_id: %s", d.JobID, line)
				}
				if strings.Count(line, `"job_id"`) != 1 {
					t.Errorf("job_id more than once: %s", line)
				}
			}
		})
	}
}
