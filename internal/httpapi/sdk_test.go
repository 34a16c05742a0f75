package httpapi_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// TestGoSDK drives the real handler with the public Go SDK: submit, wait
// through a used-up polling window (the SDK reads the RateLimit headers
// and waits for the reset instead of drawing a 429), completion.
func TestGoSDK(t *testing.T) {
	e := newEnv(t, func(c *jobs.Config) { c.PollRate = jobs.Rate{N: 2, Per: time.Minute} })
	now := e.Clock.Now()
	e.Clock.Add(now.Truncate(time.Minute).Add(500 * time.Millisecond).Sub(now)) // 0.5 s into a window
	var id string
	var waits []time.Duration
	sleep := func(_ context.Context, d time.Duration) error {
		waits = append(waits, d)
		e.Clock.Add(d)
		if len(waits) == 2 {
			e.process(t, id)
		}
		return nil
	}
	c := client.New(e.URL, e.Key, client.WithSleep(sleep), client.WithPollInterval(5*time.Second))
	sub, err := c.Generate(context.Background(), "dreamy lo-fi with soft piano")
	if err != nil {
		t.Fatal(err)
	}
	id = sub.JobID
	if rl := sub.RateLimit; rl == nil || rl.Limit != jobstest.Config().SubmitRate.N || rl.Remaining != rl.Limit-1 {
		t.Fatalf("submission rate limit %+v", rl)
	}
	job, err := c.Wait(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if job.Status != client.StatusCompleted || job.Result == nil || job.Result.SongURL == "" {
		t.Fatalf("job %+v", job)
	}
	// Poll 1 at 0.5 s, poll 2 at 5.5 s uses up the window (reset in 54.5 s,
	// reported as 55), poll 3 in the next window.
	if len(waits) != 2 || waits[0] != 5*time.Second || waits[1] != 55*time.Second {
		t.Fatalf("waits %v, want [5s 55s]", waits)
	}
}

// The SDK's errors carry the request id the handler logged the request
// under (X-Request-Id), and a caller's own id is kept.
func TestGoSDKRequestID(t *testing.T) {
	e := newEnv(t, nil)
	c := client.New(e.URL, e.Key)
	_, err := c.Job(context.Background(), "00000000-0000-4000-8000-000000000000")
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 404 || len(apiErr.RequestID) != 24 {
		t.Fatalf("error %v, want a 404 with the server's request id", err)
	}
	if !strings.Contains(err.Error(), "(request id "+apiErr.RequestID+")") {
		t.Errorf("message %q lacks the request id", err)
	}
}
