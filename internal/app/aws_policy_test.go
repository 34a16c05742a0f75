package app_test

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/worker"
)

// TestAWSEveryJobEnds drives the worker Lambda's handler on moto with a
// generator that panics, one that overruns the invocation's deadline, and
// a message that crashes its worker on every delivery: each job reaches
// failed within MaxAttempts attempts (or through the dead-letter queue).
// The jobs queue has a 10-minute visibility timeout (30 minutes in the
// template): each retry must come back after the policy's backoff
// (RetryDelay), which the handler sets, not after the visibility timeout,
// so a job ends within MaxAttempts attempts plus the backoffs.
func TestAWSEveryJobEnds(t *testing.T) {
	const maxAttempts = 3
	st := newAWSStackVisibility(t, maxAttempts, 10*time.Minute)
	ctx := context.Background()
	b, err := app.OpenAWS(ctx, st.Config)
	if err != nil {
		t.Fatal(err)
	}
	log := app.NewLogger(st.Config, io.Discard)
	api := app.NewAPIHandler(st.Config, b, log)
	k, key, _ := jobs.NewAPIKey("policy", time.Now(), 0)
	if err := b.Keys.CreateKey(ctx, k); err != nil {
		t.Fatal(err)
	}

	// run submits a job and delivers its message to a handler whose
	// generator is gen, each invocation with the given deadline, until
	// the job is terminal; it returns the job and the attempts made.
	// Each redelivery must arrive after the backoff of the attempt before
	// it (within 3 s of it), not after the queue's visibility timeout.
	run := func(t *testing.T, gen *jobstest.Generator, deadline time.Duration, reserve time.Duration) (apiJob, int) {
		t.Helper()
		w := app.NewWorker(st.Config, b, gen, log)
		w.DeadlineReserve = reserve
		h := app.NewSQSHandler(st.Config, b, w, log)
		ack := call(t, api, apiEvent(t, "generate.json", key, ""), http.StatusAccepted)
		var released time.Time
		for attempt := 1; attempt <= maxAttempts+1; attempt++ {
			ev := st.receive(t, st.Config.QueueURL, st.QueueARN, 15*time.Second)
			if len(ev.Records) != 1 {
				t.Fatalf("delivery %d: %d records within 15 s (the visibility timeout is 10 minutes)", attempt, len(ev.Records))
			}
			if attempt > 1 {
				gap, backoff := time.Since(released), w.RetryDelay(attempt-1)
				if gap < backoff-time.Second || gap > backoff+3*time.Second {
					t.Fatalf("delivery %d came %v after the release, want the backoff %v", attempt, gap.Round(time.Millisecond), backoff)
				}
			}
			if got := ev.Records[0].Attributes["ApproximateReceiveCount"]; got != strconv.Itoa(attempt) {
				t.Fatalf("delivery %d has receive count %s", attempt, got)
			}
			ictx, cancel := context.WithTimeout(ctx, deadline)
			res, err := h.Handle(ictx, ev) // a panic here would fail the test binary
			cancel()
			released = time.Now()
			if err != nil {
				t.Fatalf("invoke error %v", err)
			}
			st.settle(t, st.Config.QueueURL, ev, res)
			j := call(t, api, apiEvent(t, "getjob.json", key, ack.JobID), 200)
			if j.Status != "running" {
				if len(res.BatchItemFailures) != 0 {
					t.Fatalf("terminal job's record reported for redelivery: %+v", res)
				}
				return j, attempt
			}
			if len(res.BatchItemFailures) != 1 {
				t.Fatalf("attempt %d left the job running but did not report the record: %+v", attempt, res)
			}
		}
		t.Fatalf("job still running after %d deliveries", maxAttempts+1)
		return apiJob{}, 0
	}

	t.Run("GeneratorPanics", func(t *testing.T) {
		gen := &jobstest.Generator{Func: func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) { panic("nil map write") }}
		j, attempts := run(t, gen, time.Minute, time.Second)
		if j.Status != "failed" || j.Error == nil || *j.Error != worker.MsgRetriesExhausted || attempts != maxAttempts || gen.Calls.Load() != maxAttempts {
			t.Fatalf("job %+v after %d attempts, %d generations", j, attempts, gen.Calls.Load())
		}
	})
	t.Run("GeneratorOverrunsTheDeadline", func(t *testing.T) {
		gen := &jobstest.Generator{Func: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}}
		// The Lambda deadline (3 s) arrives long before the generation
		// timeout (5 m); 1.5 s are kept to record the outcome.
		start := time.Now()
		j, attempts := run(t, gen, 3*time.Second, 1500*time.Millisecond)
		if j.Status != "failed" || attempts != maxAttempts {
			t.Fatalf("job %+v after %d attempts", j, attempts)
		}
		if el := time.Since(start); el > 20*time.Second {
			t.Fatalf("took %v", el)
		}
	})
	t.Run("CrashBeyondHeadroomFailsWithoutGenerating", func(t *testing.T) {
		// SQS counts every receive; a record received more often than
		// MaxAttempts + CrashHeadroom (crashed invocations) fails its job.
		gen := &jobstest.Generator{}
		w := app.NewWorker(st.Config, b, gen, log)
		h := app.NewSQSHandler(st.Config, b, w, log)
		ack := call(t, api, apiEvent(t, "generate.json", key, ""), http.StatusAccepted)
		ev := st.receive(t, st.Config.QueueURL, st.QueueARN, 10*time.Second)
		if len(ev.Records) != 1 {
			t.Fatalf("%d records", len(ev.Records))
		}
		ev.Records[0].Attributes["ApproximateReceiveCount"] = strconv.Itoa(maxAttempts + st.Config.CrashHeadroom + 1)
		res, _ := h.Handle(ctx, ev)
		st.settle(t, st.Config.QueueURL, ev, res)
		if j := call(t, api, apiEvent(t, "getjob.json", key, ack.JobID), 200); j.Status != "failed" || gen.Calls.Load() != 0 || len(res.BatchItemFailures) != 0 {
			t.Fatalf("job %+v, %d generations, %+v", j, gen.Calls.Load(), res)
		}
	})
}
