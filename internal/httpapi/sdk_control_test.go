package httpapi_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
)

// The SDK's job controls against the real handler: Cancel returns the
// cancelled job (twice), Cancel of a completed job is a 409 job_finished,
// Delete of a running job a 409 job_running, Delete removes a finished
// job (Job is then a 404), and another key's job is a 404.
func TestGoSDKCancelDelete(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, nil)
	c := client.New(e.URL, e.Key, client.WithSleep(func(context.Context, time.Duration) error { return nil }))
	sub, err := c.Generate(ctx, "a song to cancel")
	if err != nil {
		t.Fatal(err)
	}
	code := func(err error) string {
		var ae *client.APIError
		if errors.As(err, &ae) {
			return ae.Code
		}
		return ""
	}
	if err := c.Delete(ctx, sub.JobID); !client.IsConflict(err) || code(err) != client.CodeJobRunning {
		t.Fatalf("delete running: %v", err)
	}
	for i := range 2 {
		j, err := c.Cancel(ctx, sub.JobID)
		if err != nil || !j.Canceled() || j.Status != client.StatusFailed || j.FinishedAt == nil || j.JobID != sub.JobID {
			t.Fatalf("cancel %d: %+v %v", i, j, err)
		}
	}
	other := client.New(e.URL, e.Other)
	if _, err := other.Cancel(ctx, sub.JobID); !client.IsNotFound(err) {
		t.Fatalf("other key's cancel: %v", err)
	}
	if err := c.Delete(ctx, sub.JobID); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Job(ctx, sub.JobID); !client.IsNotFound(err) {
		t.Fatalf("read after delete: %v", err)
	}
	done, _ := c.Generate(ctx, "a finished song")
	e.process(t, done.JobID)
	if _, err := c.Cancel(ctx, done.JobID); !client.IsConflict(err) || code(err) != client.CodeJobFinished {
		t.Fatalf("cancel completed: %v", err)
	}
	if j, _ := c.Job(ctx, done.JobID); j == nil || j.Canceled() {
		t.Fatalf("completed job reads as cancelled: %+v", j)
	}
}
