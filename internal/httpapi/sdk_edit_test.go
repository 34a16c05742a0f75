package httpapi_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// The SDK's Edit against the real handler: an edit of a completed job is
// a new job with the source's prompt, carrying the source and the
// changes; a running source is a 409 job_running, a failed one a 409
// job_failed, another key's a 404, a seed a 400.
func TestGoSDKEdit(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, nil)
	c := client.New(e.URL, e.Key, client.WithSleep(func(context.Context, time.Duration) error { return nil }))
	code := func(err error) string {
		var ae *client.APIError
		if errors.As(err, &ae) {
			return ae.Code
		}
		return ""
	}
	src, err := c.Generate(ctx, "a song to edit", client.WithFormat(client.FormatWAV), client.WithSeed(5))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Edit(ctx, src.JobID, client.WithBPM(90)); !client.IsConflict(err) || code(err) != client.CodeJobRunning {
		t.Fatalf("edit of a running job: %v", err)
	}
	e.process(t, src.JobID)
	sub, err := c.Edit(ctx, src.JobID, client.WithBPM(90), client.WithMusicalKey("E"), client.WithIntensity(0.8),
		client.WithInstrument("lead", "piano"), client.WithMute("drums"), client.WithRegenerate("bridge"), client.WithMIDI())
	if err != nil {
		t.Fatal(err)
	}
	if sub.JobID == src.JobID || sub.PollURL != "/jobs/"+sub.JobID {
		t.Fatalf("edit ack %+v", sub)
	}
	j, err := e.Store.Job(ctx, jobs.JobID(sub.JobID))
	if err != nil {
		t.Fatal(err)
	}
	o := j.Options
	if j.Prompt != "a song to edit" || o == nil || o.Source == nil || o.Source.Seed != 5 || *o.Seed != 5 || o.Source.Prompt != j.Prompt ||
		o.Format != "wav" || o.BPM != 90 || o.Key != "E" || *o.Intensity != 0.8 || o.Instruments["lead"] != "piano" ||
		o.Instruments["drums"] != "" || o.Regenerate[0] != "bridge" || !o.Wants(request.OutputMIDI) {
		t.Fatalf("edit job %+v, options %+v", j, o)
	}
	if again, err := c.Job(ctx, sub.JobID); err != nil || again.Prompt != "a song to edit" {
		t.Fatalf("read the edit: %+v %v", again, err)
	}
	if _, err := c.Edit(ctx, src.JobID, client.WithSeed(3)); !client.IsBadRequest(err) {
		t.Fatalf("edit with a seed: %v", err)
	}
	if _, err := c.Edit(ctx, src.JobID, client.WithMelodyABC("K:C\nC D E F |")); !client.IsBadRequest(err) || !strings.Contains(err.Error(), "'melody' cannot be edited") {
		t.Fatalf("edit with a melody: %v", err)
	}
	if _, err := client.New(e.URL, e.Other).Edit(ctx, src.JobID); !client.IsNotFound(err) {
		t.Fatalf("another key's edit: %v", err)
	}
	failed, _ := c.Generate(ctx, "a song that fails")
	if _, err := c.Cancel(ctx, failed.JobID); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Edit(ctx, failed.JobID); !client.IsConflict(err) || code(err) != client.CodeJobFailed {
		t.Fatalf("edit of a failed job: %v", err)
	}
}
