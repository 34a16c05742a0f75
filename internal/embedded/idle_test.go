package embedded_test

import (
	"context"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs"
)

// Polls of an idle queue write nothing: neither an empty queue nor one
// whose only message is hidden (a retry waiting its turn), on the jobs
// queue or the webhook queue, and a janitor's purge with nothing to purge
// writes nothing either. A claim still writes.
func TestIdlePollsDoNotWrite(t *testing.T) {
	s := MustOpen(t, embedded.Options{})
	ctx := context.Background()
	if err := s.Webhooks().Enqueue(ctx, jobs.NewJobID()); err != nil {
		t.Fatal(err)
	}
	ds, err := s.Webhooks().Receive(ctx, 1, 0)
	if err != nil || len(ds) != 1 {
		t.Fatalf("receive: %v %v", ds, err)
	}
	if err := s.Webhooks().Release(ctx, ds[0], time.Hour); err != nil { // hidden for an hour
		t.Fatal(err)
	}
	before, err := s.CommittedTx()
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		if ds, err := s.Receive(ctx, 1, time.Millisecond); err != nil || len(ds) != 0 {
			t.Fatalf("jobs queue: %v %v", ds, err)
		}
		if ds, err := s.Webhooks().Receive(ctx, 1, time.Millisecond); err != nil || len(ds) != 0 {
			t.Fatalf("webhook queue: %v %v", ds, err)
		}
		if err := s.PurgeLimits(time.Now(), time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	after, err := s.CommittedTx()
	if err != nil {
		t.Fatal(err)
	}
	if after != before {
		t.Fatalf("60 idle polls and purges committed %d write transactions", after-before)
	}
	if err := s.Enqueue(ctx, jobs.NewJobID()); err != nil {
		t.Fatal(err)
	}
	if ds, err := s.Receive(ctx, 1, 0); err != nil || len(ds) != 1 {
		t.Fatalf("claim: %v %v", ds, err)
	}
	if n, _ := s.CommittedTx(); n != after+2 {
		t.Fatalf("enqueue and claim committed %d write transactions, want 2", n-after)
	}
}
