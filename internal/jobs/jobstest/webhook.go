package jobstest

import (
	"context"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/delivery"
)

// RunWebhookRecorder runs the WebhookRecorder contract: the state set on a
// job comes back with the job (and replaces the previous one), leaves the
// job otherwise unchanged, and ENotFound names a missing job.
func RunWebhookRecorder(t *testing.T, open func(t *testing.T) interface {
	jobs.JobStore
	jobs.WebhookRecorder
}) {
	ctx := context.Background()
	s := open(t)
	j := NewJob("owner1")
	j.Options = &jobs.Options{WebhookURL: "https://hooks.example.com/x"}
	if err := s.CreateJob(ctx, j); err != nil {
		t.Fatal(err)
	}
	if err := s.FailJob(ctx, j.ID, "Generation failed.", T0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	got, err := s.Job(ctx, j.ID)
	if err != nil || got.Webhook != nil || delivery.Of(got.Options != nil && got.Options.WebhookURL != "", got.Webhook).Status != delivery.Pending {
		t.Fatalf("before any state: %+v, %v", got, err)
	}
	for _, st := range []delivery.State{
		{Status: delivery.Retrying, Attempts: 1, LastError: "the receiver answered HTTP 500", UpdatedAt: T0.Add(2 * time.Minute)},
		{Status: delivery.Delivered, Attempts: 2, UpdatedAt: T0.Add(3 * time.Minute)},
	} {
		if err := s.SetWebhookState(ctx, j.ID, st); err != nil {
			t.Fatal(err)
		}
		got, err := s.Job(ctx, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if w := got.Webhook; w == nil || w.Status != st.Status || w.Attempts != st.Attempts || w.LastError != st.LastError || !w.UpdatedAt.Equal(st.UpdatedAt) {
			t.Fatalf("state %+v, want %+v", got.Webhook, st)
		}
		if got.Status != jobs.StatusFailed || got.Error != "Generation failed." || got.Options.WebhookURL != j.Options.WebhookURL {
			t.Fatalf("the job changed: %+v", got)
		}
	}
	if err := s.SetWebhookState(ctx, jobs.NewJobID(), delivery.State{Status: delivery.Failed}); !jobs.IsCode(err, jobs.ENotFound) {
		t.Fatalf("missing job: %v, want not_found", err)
	}
}
