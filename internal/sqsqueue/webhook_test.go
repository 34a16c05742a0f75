package sqsqueue_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/sqsqueue"
	"github.com/songsmith/songsmith/internal/worker"
)

type fakeHooks struct{ got []jobs.Delivery }

func (f *fakeHooks) HandleWebhook(_ context.Context, d jobs.Delivery) (bool, time.Duration) {
	f.got = append(f.got, d)
	return d.Attempt == 1, 5 * time.Minute // the first attempt fails
}

type fakeRequeue struct {
	jobs.Consumer
	delays []time.Duration
}

func (f *fakeRequeue) Release(_ context.Context, _ jobs.Delivery, d time.Duration) error {
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
	if len(hooks.got) != 2 || hooks.got[0].JobID != a || hooks.got[1].Attempt != 2 {
		t.Fatalf("sender got %+v", hooks.got)
	}
	if len(rq.delays) != 1 || rq.delays[0] != 5*time.Minute {
		t.Fatalf("requeue delays %v", rq.delays)
	}
}
