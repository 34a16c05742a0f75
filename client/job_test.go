package client_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
)

const jobID = "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d"

func TestJob(t *testing.T) {
	ctx := context.Background()

	t.Run("OKRunning", func(t *testing.T) {
		api, c, _ := mustServe(t, []reply{rep(http.StatusOK, runningBody)})
		job, err := c.Job(ctx, jobID)
		if err != nil {
			t.Fatalf("Job: %v", err)
		}
		if job.Status != client.StatusRunning || job.Done() || job.Result != nil || job.Error != nil || job.FinishedAt != nil {
			t.Errorf("job = %+v, want running without result, error, finished_at", job)
		}
		if job.JobID != jobID || job.Prompt != "lofi rain" {
			t.Errorf("job id/prompt = %q/%q", job.JobID, job.Prompt)
		}
		if want := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC); !job.StartedAt.Equal(want) || job.StartedAt.Location() != time.UTC {
			t.Errorf("StartedAt = %v, want %v", job.StartedAt, want)
		}
		if err := job.Err(); err != nil {
			t.Errorf("Err() = %v, want nil while running", err)
		}
		r := api.seen()[0]
		if r.method != http.MethodGet || r.path != "/jobs/"+jobID || r.auth != "Bearer "+testKey {
			t.Errorf("request = %+v", r)
		}
	})

	t.Run("OKCompleted", func(t *testing.T) {
		_, c, _ := mustServe(t, []reply{rep(http.StatusOK, completedBody("127"))})
		job, err := c.Job(ctx, jobID)
		if err != nil {
			t.Fatalf("Job: %v", err)
		}
		want := client.Result{Title: "Rain on Glass", BPM: 82, Duration: 127, SongURL: "https://media.example/s.mp3",
			ImageURL: "https://media.example/c.png", Tags: "lo-fi, chill, piano"}
		if job.Status != client.StatusCompleted || !job.Done() || job.Result == nil || *job.Result != want {
			t.Fatalf("job = %+v result %+v, want completed with %+v", job, job.Result, want)
		}
		if job.Result.Length() != 127*time.Second {
			t.Errorf("Length = %v", job.Result.Length())
		}
		if job.FinishedAt == nil || !job.FinishedAt.Equal(time.Date(2025, 3, 1, 10, 2, 7, 0, time.UTC)) {
			t.Errorf("FinishedAt = %v", job.FinishedAt)
		}
	})

	t.Run("OKFailed", func(t *testing.T) {
		_, c, _ := mustServe(t, []reply{rep(http.StatusOK, failedBody)})
		job, err := c.Job(ctx, jobID)
		if err != nil {
			t.Fatalf("Job: %v", err)
		}
		if job.Status != client.StatusFailed || !job.Done() || job.Result != nil || job.Error == nil || *job.Error != "generation timed out" {
			t.Errorf("job = %+v, want failed with message", job)
		}
		var jobErr *client.JobError
		if err := job.Err(); !errors.As(err, &jobErr) || jobErr.JobID != jobID || jobErr.Message != "generation timed out" {
			t.Errorf("Err() = %v, want JobError with id and message", err)
		}
	})

	t.Run("Duration", func(t *testing.T) {
		cases := []struct {
			wire string
			want float64
		}{
			{"127", 127}, {"127.5", 127.5}, {`"2:07"`, 127}, {`"0:05"`, 5}, {`"1:02:03"`, 3723}, {`"127"`, 127}, {"null", 0},
		}
		for _, tc := range cases {
			_, c, _ := mustServe(t, []reply{rep(http.StatusOK, completedBody(tc.wire))})
			job, err := c.Job(ctx, jobID)
			if err != nil {
				t.Errorf("duration %s: %v", tc.wire, err)
				continue
			}
			if job.Result.Duration != tc.want {
				t.Errorf("duration %s = %v, want %v", tc.wire, job.Result.Duration, tc.want)
			}
		}
	})

	t.Run("ErrDuration", func(t *testing.T) {
		for _, wire := range []string{`"abc"`, `"2:75"`, `"2:"`, `"1:2:3:4"`, `true`} {
			_, c, _ := mustServe(t, []reply{rep(http.StatusOK, completedBody(wire))})
			if _, err := c.Job(ctx, jobID); err == nil {
				t.Errorf("duration %s decoded, want error", wire)
			}
		}
	})

	t.Run("ErrNotFound", func(t *testing.T) {
		api, c, sl := mustServe(t, []reply{rep(http.StatusNotFound, `{"error":"not_found","message":"job not found"}`)})
		_, err := c.Job(ctx, jobID)
		if !client.IsNotFound(err) {
			t.Fatalf("error = %v, want not found", err)
		}
		if len(api.seen()) != 1 || len(sl.recorded()) != 0 {
			t.Errorf("requests %d, waits %v: want one request, no retry", len(api.seen()), sl.recorded())
		}
	})

	t.Run("ErrJobIDRequired", func(t *testing.T) {
		api, c, _ := mustServe(t, []reply{rep(http.StatusOK, runningBody)})
		if _, err := c.Job(ctx, ""); err == nil {
			t.Error("Job(\"\") succeeded, want error")
		}
		if len(api.seen()) != 0 {
			t.Error("Job(\"\") sent a request")
		}
	})

	t.Run("PathEscaped", func(t *testing.T) {
		api, c, _ := mustServe(t, []reply{rep(http.StatusNotFound, `{"error":"not_found","message":"no"}`)})
		_, _ = c.Job(ctx, "a/b?c")
		if p := api.seen()[0].path; p != "/jobs/a%2Fb%3Fc" {
			t.Errorf("path = %q, want the id escaped as one segment", p)
		}
	})

	t.Run("ServerErrorRetried", func(t *testing.T) {
		api, c, sl := mustServe(t, []reply{rep(500, internal), rep(503, ""), rep(http.StatusOK, completedBody(`"3:25"`))})
		job, err := c.Job(ctx, jobID)
		if err != nil {
			t.Fatalf("Job: %v", err)
		}
		if job.Result.Duration != 205 {
			t.Errorf("duration = %v, want 205", job.Result.Duration)
		}
		if got, want := sl.recorded(), seconds(1, 2); !equalDurations(got, want) {
			t.Errorf("waits = %v, want %v", got, want)
		}
		if len(api.seen()) != 3 {
			t.Errorf("requests = %d, want 3", len(api.seen()))
		}
	})

	t.Run("ErrServerError", func(t *testing.T) {
		api, c, sl := mustServe(t, []reply{rep(500, internal)}, client.WithMaxRetries(4))
		_, err := c.Job(ctx, jobID)
		if !client.IsServerError(err) {
			t.Fatalf("error = %v, want server error", err)
		}
		if got, want := sl.recorded(), seconds(1, 2, 4, 8); !equalDurations(got, want) {
			t.Errorf("waits = %v, want %v", got, want)
		}
		if len(api.seen()) != 5 {
			t.Errorf("requests = %d, want 5", len(api.seen()))
		}
	})

	t.Run("ErrTransport", func(t *testing.T) {
		sl := &sleeper{}
		c := client.New("http://127.0.0.1:1", testKey, client.WithSleep(sl.sleep), client.WithMaxRetries(1), client.WithJitter(0))
		_, err := c.Job(ctx, jobID)
		var apiErr *client.APIError
		if err == nil || errors.As(err, &apiErr) || !client.IsUnreachable(err) {
			t.Fatalf("error = %v, want a transport error", err)
		}
		if got, want := sl.recorded(), []time.Duration{500 * time.Millisecond}; !equalDurations(got, want) {
			t.Errorf("waits = %v, want %v", got, want)
		}
	})
}

func TestWait(t *testing.T) {
	ctx := context.Background()

	t.Run("OKCompleted", func(t *testing.T) {
		api, c, sl := mustServe(t, []reply{rep(200, runningBody), rep(429, tooMany), rep(200, runningBody), rep(200, completedBody("95"))},
			client.WithPollInterval(7*time.Second))
		job, err := c.Wait(ctx, jobID)
		if err != nil {
			t.Fatalf("Wait: %v", err)
		}
		if job.Status != client.StatusCompleted || job.Result.Duration != 95 {
			t.Errorf("job = %+v", job)
		}
		// poll, 429 backoff, poll.
		if got, want := sl.recorded(), seconds(7, 5, 7); !equalDurations(got, want) {
			t.Errorf("waits = %v, want %v", got, want)
		}
		if len(api.seen()) != 4 {
			t.Errorf("requests = %d, want 4", len(api.seen()))
		}
	})

	t.Run("AdaptivePolling", func(t *testing.T) {
		// Every second for 5 s, then a quarter of the time waited (a job is
		// seen done at most 25 % late), then every 5 s.
		replies := []reply{}
		for range 15 {
			replies = append(replies, rep(200, runningBody))
		}
		_, c, sl := mustServe(t, append(replies, rep(200, completedBody("95"))))
		if _, err := c.Wait(ctx, jobID); err != nil {
			t.Fatalf("Wait: %v", err)
		}
		ms := func(m ...int) (d []time.Duration) {
			for _, v := range m {
				d = append(d, time.Duration(v)*time.Millisecond)
			}
			return d
		}
		want := ms(1000, 1000, 1000, 1000, 1000, 1250, 1563, 1953, 2442, 3052, 3815, 4769, 5000, 5000, 5000)
		if got := sl.recorded(); !equalDurations(got, want) || client.DefaultPollInterval != 5*time.Second {
			t.Errorf("waits = %v, want %v", got, want)
		}
	})

	t.Run("OKFailed", func(t *testing.T) {
		_, c, _ := mustServe(t, []reply{rep(200, runningBody), rep(200, failedBody)})
		job, err := c.Wait(ctx, jobID)
		if err != nil {
			t.Fatalf("Wait: %v", err)
		}
		if job.Status != client.StatusFailed || job.Err() == nil {
			t.Errorf("job = %+v, want failed", job)
		}
	})

	t.Run("ErrNotFound", func(t *testing.T) {
		_, c, _ := mustServe(t, []reply{rep(200, runningBody), rep(404, `{"error":"not_found","message":"expired"}`)})
		if _, err := c.Wait(ctx, jobID); !client.IsNotFound(err) {
			t.Errorf("error = %v, want not found", err)
		}
	})

	t.Run("ErrCanceled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		api, c, sl := mustServe(t, []reply{rep(200, runningBody)})
		sl.onSleep = func(n int) {
			if n == 3 {
				cancel()
			}
		}
		_, err := c.Wait(ctx, jobID)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("error = %v, want context.Canceled", err)
		}
		if len(api.seen()) != 3 {
			t.Errorf("requests = %d, want 3 (none after cancel)", len(api.seen()))
		}
	})

	t.Run("ErrDeadlineRealSleep", func(t *testing.T) {
		api := &fakeAPI{replies: []reply{rep(200, runningBody)}}
		srv := newServer(t, api)
		c := client.New(srv, testKey, client.WithPollInterval(time.Hour))
		ctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		defer cancel()
		done := make(chan error, 1)
		go func() { _, err := c.Wait(ctx, jobID); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("error = %v, want deadline exceeded", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("Wait did not stop when its context ended")
		}
	})
}
