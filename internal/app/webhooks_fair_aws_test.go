package app_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/delivery"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// Fair delivery in the worker Lambda (moto): two worker instances (two
// handlers, each with its own sender) take two SQS batches at once, which
// hold four webhooks of one key, to two receivers that never answer, and
// one of another key. The other key's webhook arrives within 5 s; the
// hanging key uses at most its two slots across both instances (the
// table's leases; the others wait without an attempt), and the batches end
// within the 5 s attempt timeout plus slack.
func TestAWSWebhooksFair(t *testing.T) {
	st, cfg := newWebhookStack(t)
	ctx := context.Background()
	hookURL := cfg.WebhookQueueURL
	cfg.WebhookAllowLoopback = true
	cfg.Service.SubmitRate = jobs.Rate{N: 10, Per: time.Minute}
	b, err := app.OpenAWS(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	mkJob := func(owner jobs.KeyID, url string) jobs.JobID {
		j := jobstest.NewJob(owner)
		j.StartedAt, j.ExpiresAt = time.Now().UTC().Truncate(time.Second), time.Now().Add(time.Hour)
		j.Options = &jobs.Options{WebhookURL: url}
		if err := b.Jobs.CreateJob(ctx, j); err != nil {
			t.Fatal(err)
		}
		if err := b.Jobs.FailJob(ctx, j.ID, "Generation failed.", time.Now()); err != nil {
			t.Fatal(err)
		}
		return j.ID
	}
	var owners []jobs.KeyID
	for _, name := range []string{"hanging", "other"} {
		k, _, err := jobs.NewAPIKey(name, time.Now(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Keys.CreateKey(ctx, k); err != nil {
			t.Fatal(err)
		}
		owners = append(owners, k.ID)
	}
	hang1, n1 := hangingReceiver(t)
	hang2, n2 := hangingReceiver(t)
	arrived := make(chan time.Time, 2)
	good := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { arrived <- time.Now() }))
	defer good.Close()

	arn := st.arn(t, hookURL)
	var recs []events.SQSMessage
	for i, url := range []string{hang1.URL, hang2.URL, hang1.URL, hang2.URL} {
		recs = append(recs, events.SQSMessage{MessageId: "hang" + string(rune('0'+i)), Body: string(mkJob(owners[0], url)),
			ReceiptHandle: "r", EventSourceARN: arn, Attributes: map[string]string{"ApproximateReceiveCount": "1"}})
	}
	otherJob := mkJob(owners[1], good.URL+"/hook")
	recs = append(recs, events.SQSMessage{MessageId: "other", Body: string(otherJob), ReceiptHandle: "r", EventSourceARN: arn,
		Attributes: map[string]string{"ApproximateReceiveCount": "1"}})

	start := time.Now()
	done := make(chan events.SQSEventResponse, 2)
	for _, batch := range [][]events.SQSMessage{{recs[0], recs[1], recs[4]}, {recs[2], recs[3]}} {
		h := app.NewSQSHandler(cfg, b, nil, nil) // an instance: its own sender and in-process limits
		go func() {
			res, err := h.Handle(ctx, events.SQSEvent{Records: batch})
			if err != nil {
				t.Error(err)
			}
			done <- res
		}()
	}
	select {
	case at := <-arrived:
		t.Logf("the other key's webhook arrived %.2f s after the batch started", at.Sub(start).Seconds())
	case <-time.After(5 * time.Second):
		t.Fatal("the other key's webhook did not arrive within 5 s")
	}
	failed := map[string]bool{}
	for range 2 {
		for _, f := range (<-done).BatchItemFailures {
			failed[f.ItemIdentifier] = true
		}
	}
	el := time.Since(start)
	if len(failed) != 4 || failed["other"] || el > 9*time.Second {
		t.Fatalf("batch took %s, failures %v: want the four hanging ones back on the queue", el, failed)
	}
	if n := n1.Load() + n2.Load(); n != 2 {
		t.Fatalf("the hanging key made %d attempts at once on two instances, want its 2 slots", n)
	}
	j, err := b.Jobs.Job(ctx, otherJob)
	if err != nil || j.Webhook == nil || j.Webhook.Status != delivery.Delivered {
		t.Fatalf("other job's webhook %+v, %v", j.Webhook, err)
	}
}
