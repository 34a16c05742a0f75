package client_test

import (
	"context"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
)

func withRate(r reply, limit, remaining, reset string) reply {
	r.header = map[string]string{"RateLimit-Limit": limit, "RateLimit-Remaining": remaining, "RateLimit-Reset": reset}
	return r
}

// TestRateLimit: the RateLimit headers reach Submission and Job, and Wait
// waits for the window to reset after a poll used it up, instead of
// running into a 429.
func TestRateLimit(t *testing.T) {
	ctx := context.Background()
	t.Run("Reported", func(t *testing.T) {
		_, c, _ := mustServe(t, []reply{withRate(rep(202, ackBody), "10", "7", "42"), withRate(rep(200, runningBody), "120", "119", "3"), rep(200, runningBody)})
		sub, err := c.Generate(ctx, "lo-fi")
		if err != nil {
			t.Fatal(err)
		}
		if rl := sub.RateLimit; rl == nil || *rl != (client.RateLimit{Limit: 10, Remaining: 7, Reset: 42 * time.Second}) {
			t.Fatalf("submission rate limit %+v", rl)
		}
		job, err := c.Job(ctx, jobID)
		if err != nil {
			t.Fatal(err)
		}
		if rl := job.RateLimit; rl == nil || *rl != (client.RateLimit{Limit: 120, Remaining: 119, Reset: 3 * time.Second}) {
			t.Fatalf("job rate limit %+v", rl)
		}
		if job, err = c.Job(ctx, jobID); err != nil || job.RateLimit != nil {
			t.Fatalf("without headers: rate limit %+v, err %v", job.RateLimit, err)
		}
	})
	t.Run("WaitPacesItself", func(t *testing.T) {
		api, c, sl := mustServe(t, []reply{
			withRate(rep(200, runningBody), "3", "1", "50"),
			withRate(rep(200, runningBody), "3", "0", "44"), // window used up: wait for its reset
			withRate(rep(200, runningBody), "3", "2", "60"),
			withRate(rep(200, runningBody), "3", "0", "2"), // resets sooner than the poll interval
			rep(200, completedBody("95")),
		}, client.WithPollInterval(7*time.Second))
		if _, err := c.Wait(ctx, jobID); err != nil {
			t.Fatal(err)
		}
		if got, want := sl.recorded(), seconds(7, 44, 7, 7); !equalDurations(got, want) {
			t.Errorf("waits = %v, want %v", got, want)
		}
		if n := len(api.seen()); n != 5 {
			t.Errorf("requests = %d, want 5", n)
		}
	})
}
