package httpapi_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/jobs"
)

// The SDK's collections against the real handler: GenerateMany admits n
// pieces, Collection and WaitCollection read them together, Job shows a
// piece's place, and a collection over the key's cap is a 429
// too_many_jobs with nothing made.
func TestGoSDKCollection(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, func(c *jobs.Config) { c.Limits = jobs.Limits{MaxActive: 4} })
	e.Svc.Admit = e.Store
	var sub *client.CollectionSubmission
	sleep := func(context.Context, time.Duration) error {
		for _, p := range sub.Jobs { // the worker finishes the pieces while the client waits
			if j, _ := e.Store.Job(ctx, jobs.JobID(p.JobID)); j != nil && j.Status == jobs.StatusRunning {
				e.process(t, p.JobID)
				return nil
			}
		}
		return nil
	}
	c := client.New(e.URL, e.Key, client.WithSleep(sleep))
	var err error
	if sub, err = c.GenerateMany(ctx, "sunny bossa nova", 3, client.WithFormat(client.FormatWAV)); err != nil {
		t.Fatal(err)
	}
	if len(sub.Jobs) != 3 || sub.PollURL != "/collections/"+sub.CollectionID || sub.RateLimit == nil {
		t.Fatalf("submission %+v", sub)
	}
	col, err := c.Collection(ctx, sub.CollectionID)
	if err != nil || col.Count != 3 || col.Running != 3 || len(col.Jobs) != 3 || col.Done() {
		t.Fatalf("collection %+v, %v", col, err)
	}
	for i, j := range col.Jobs {
		if j.JobID != sub.Jobs[i].JobID || j.CollectionID != sub.CollectionID || j.CollectionIndex == nil || *j.CollectionIndex != i {
			t.Fatalf("piece %d: %+v", i, j)
		}
	}
	if col, err = c.WaitCollection(ctx, sub.CollectionID); err != nil || col.Completed != 3 || !col.Done() {
		t.Fatalf("waited: %+v, %v", col, err)
	}
	if j, err := c.Job(ctx, sub.Jobs[1].JobID); err != nil || j.CollectionID != sub.CollectionID || *j.CollectionIndex != 1 || j.Result == nil {
		t.Fatalf("a piece read alone: %+v, %v", j, err)
	}
	if _, err := c.Generate(ctx, "x", client.WithCount(2)); err == nil {
		t.Fatal("Generate made a collection")
	}
	if _, err := c.GenerateMany(ctx, "x", 11); err == nil {
		t.Fatal("11 pieces accepted by the SDK")
	}
	e.submit(t, "one")
	_, err = c.GenerateMany(ctx, "five pieces over a cap of 4", 4)
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.StatusCode != 429 || ae.Code != "too_many_jobs" {
		t.Fatalf("over the cap: %v", err)
	}
	if _, err := c.Collection(ctx, "00000000-0000-4000-8000-000000000000"); !client.IsNotFound(err) {
		t.Fatalf("unknown collection: %v", err)
	}
}
