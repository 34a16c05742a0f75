package jobstest

import (
	"context"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// RunQueue runs the Queue/Consumer contract. open returns an empty queue and
// its consumer; visibility is the consumer's visibility timeout, which the
// suite waits out once (keep it short, e.g. 1-2 s).
func RunQueue(t *testing.T, visibility time.Duration, open func(t *testing.T) (jobs.Queue, jobs.Consumer)) {
	ctx := context.Background()
	t.Run("EnqueueReceiveAck", func(t *testing.T) {
		q, c := open(t)
		id := jobs.NewJobID()
		if err := q.Enqueue(ctx, id); err != nil {
			t.Fatal(err)
		}
		ds := receiveN(t, c, 1)
		if ds[0].JobID != id || ds[0].Attempt != 1 {
			t.Fatalf("got %+v, want job %s attempt 1", ds[0], id)
		}
		if err := c.Ack(ctx, ds[0]); err != nil {
			t.Fatal(err)
		}
		if more, _ := c.Receive(ctx, 10, 0); len(more) != 0 {
			t.Fatalf("acked message delivered again: %+v", more)
		}
	})
	t.Run("EmptyReceiveReturnsNothing", func(t *testing.T) {
		_, c := open(t)
		ds, err := c.Receive(ctx, 5, 0)
		if err != nil || len(ds) != 0 {
			t.Fatalf("got %v, %v; want nothing", ds, err)
		}
	})
	t.Run("AllMessagesDeliveredOnce", func(t *testing.T) {
		q, c := open(t)
		want := map[jobs.JobID]bool{}
		for i := 0; i < 15; i++ {
			id := jobs.NewJobID()
			want[id] = true
			if err := q.Enqueue(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		got := map[jobs.JobID]int{}
		for _, d := range receiveN(t, c, 15) {
			got[d.JobID]++
			if err := c.Ack(ctx, d); err != nil {
				t.Fatal(err)
			}
		}
		for id := range want {
			if got[id] != 1 {
				t.Fatalf("job %s delivered %d times", id, got[id])
			}
		}
	})
	t.Run("ReleaseRedeliversWithNextAttempt", func(t *testing.T) {
		q, c := open(t)
		id := jobs.NewJobID()
		_ = q.Enqueue(ctx, id)
		d := receiveN(t, c, 1)[0]
		if err := c.Release(ctx, d, 0); err != nil {
			t.Fatal(err)
		}
		d2 := receiveN(t, c, 1)[0]
		if d2.JobID != id || d2.Attempt != 2 {
			t.Fatalf("redelivery %+v, want job %s attempt 2", d2, id)
		}
		_ = c.Ack(ctx, d2)
	})
	t.Run("UnackedRedeliveredAfterVisibilityTimeout", func(t *testing.T) {
		q, c := open(t)
		id := jobs.NewJobID()
		_ = q.Enqueue(ctx, id)
		_ = receiveN(t, c, 1)
		if ds, _ := c.Receive(ctx, 1, 0); len(ds) != 0 {
			t.Fatalf("in-flight message delivered twice at once: %+v", ds)
		}
		time.Sleep(visibility + 200*time.Millisecond)
		d := receiveN(t, c, 1)[0]
		if d.JobID != id || d.Attempt != 2 {
			t.Fatalf("after timeout got %+v, want job %s attempt 2", d, id)
		}
		_ = c.Ack(ctx, d)
	})
}

// receiveN receives until n deliveries arrived or 10 s passed.
func receiveN(t *testing.T, c jobs.Consumer, n int) []jobs.Delivery {
	t.Helper()
	var out []jobs.Delivery
	deadline := time.Now().Add(10 * time.Second)
	for len(out) < n && time.Now().Before(deadline) {
		ds, err := c.Receive(context.Background(), n-len(out), time.Second)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ds...)
	}
	if len(out) != n {
		t.Fatalf("received %d messages, want %d", len(out), n)
	}
	return out
}
