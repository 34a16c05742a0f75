package sqsqueue_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/sqsqueue"
	"github.com/songsmith/songsmith/internal/worker"
)

// fakeHooks records the deliveries it gets (a batch's webhook records are
// handled concurrently).
type fakeHooks struct {
	mu  sync.Mutex
	got map[jobs.JobID]jobs.Delivery
}

func (f *fakeHooks) HandleWebhook(_ context.Context, d jobs.Delivery) (bool, time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.got == nil {
		f.got = map[jobs.JobID]jobs.Delivery{}
	}
	f.got[d.JobID] = d
	return d.Attempt == 1, 5 * time.Minute // the first attempt fails
}

type fakeRequeue struct {
	jobs.Consumer
	mu     sync.Mutex
	delays []time.Duration
}

func (f *fakeRequeue) Release(_ context.Context, _ jobs.Delivery, d time.Duration) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.delays = append(f.delays, d)
	return nil
}

// Records of the webhook queue go to the sender, never to the worker; a
// failed attempt is reported and delayed by the sender's wait.
func TestHandlerWebhooks(t *testing.T) {
	hooks, rq := &fakeHooks{}, &fakeRequeue{}
	fw := &fakeWorker{ProcessFn: func(context.Context, jobs.JobID, int) (worker.Outcome, error) {
		t.Fatal("a webhook record reached the worker")
		return "", nil
	}}
	h := &sqsqueue.Handler{Worker: fw, Webhooks: hooks, WebhookQueueName: "songsmith-WebhooksQueue-9Z", WebhookRequeue: rq}
	const arn = "arn:aws:sqs:us-east-1:123456789012:songsmith-WebhooksQueue-9Z"
	a, b := jobs.NewJobID(), jobs.NewJobID()
	res, err := h.Handle(context.Background(), events.SQSEvent{Records: []events.SQSMessage{
		record("m1", string(a), arn, "1"), record("m2", string(b), arn, "2"),
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.BatchItemFailures) != 1 || res.BatchItemFailures[0].ItemIdentifier != "m1" {
		t.Fatalf("failures %+v, want m1", res.BatchItemFailures)
	}
	if len(hooks.got) != 2 || hooks.got[a].Attempt != 1 || hooks.got[b].Attempt != 2 {
		t.Fatalf("sender got %+v", hooks.got)
	}
	if len(rq.delays) != 1 || rq.delays[0] != 5*time.Minute {
		t.Fatalf("requeue delays %v", rq.delays)
	}
}

// barrierHooks answers only once n deliveries are in progress at once
// (or after a second): a sequential handler shows as a timeout.
type barrierHooks struct {
	n       int
	mu      sync.Mutex
	arrived int
	all     chan struct{}
	timeout bool
}

func (f *barrierHooks) HandleWebhook(context.Context, jobs.Delivery) (bool, time.Duration) {
	f.mu.Lock()
	if f.arrived++; f.arrived == f.n {
		close(f.all)
	}
	f.mu.Unlock()
	select {
	case <-f.all:
	case <-time.After(time.Second):
		f.mu.Lock()
		f.timeout = true
		f.mu.Unlock()
	}
	return false, 0
}

// A batch's webhook records are delivered concurrently, so one hanging
// receiver does not hold up the others of its batch.
func TestHandlerWebhooksConcurrent(t *testing.T) {
	hooks := &barrierHooks{n: 5, all: make(chan struct{})}
	h := &sqsqueue.Handler{Webhooks: hooks, WebhookQueueName: "hooks"}
	var recs []events.SQSMessage
	for i := range 5 {
		recs = append(recs, record("m"+string(rune('0'+i)), string(jobs.NewJobID()), "arn:aws:sqs:us-east-1:123456789012:hooks", "1"))
	}
	if res, err := h.Handle(context.Background(), events.SQSEvent{Records: recs}); err != nil || len(res.BatchItemFailures) != 0 {
		t.Fatalf("%+v %v", res, err)
	}
	if hooks.timeout {
		t.Fatal("the batch's webhook records were handled one after another")
	}
}
