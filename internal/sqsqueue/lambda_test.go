package sqsqueue_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambdacontext"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/logctx"
	"github.com/songsmith/songsmith/internal/sqsqueue"
	"github.com/songsmith/songsmith/internal/worker"
)

// fakeWorker is a func-field fake of sqsqueue.Processor: it turns the
// outcomes of its funcs into decisions as the worker's policy does.
type fakeWorker struct {
	ProcessFn    func(ctx context.Context, id jobs.JobID, attempt int) (worker.Outcome, error)
	DeadLetterFn func(ctx context.Context, id jobs.JobID) (worker.Outcome, error)
}

func (f *fakeWorker) Handle(ctx context.Context, d jobs.Delivery, deadLetter bool) worker.Decision {
	var out worker.Outcome
	var err error
	if deadLetter {
		out, err = f.DeadLetterFn(ctx, d.JobID)
	} else {
		out, err = f.ProcessFn(ctx, d.JobID, d.Attempt)
	}
	return worker.Decision{Outcome: out, Err: err, Release: out == worker.Retry}
}

const (
	jobsARN = "arn:aws:sqs:us-east-1:123456789012:songsmith-JobsQueue-1A2B"
	dlqARN  = "arn:aws:sqs:us-east-1:123456789012:songsmith-DeadLetterQueue-3C4D"
)

func record(msgID, body, arn, count string) events.SQSMessage {
	return events.SQSMessage{MessageId: msgID, Body: body, EventSourceARN: arn,
		Attributes: map[string]string{"ApproximateReceiveCount": count}}
}

func TestHandler(t *testing.T) {
	ok, retry, dead := jobs.NewJobID(), jobs.NewJobID(), jobs.NewJobID()
	var processed []int
	var deadLettered []jobs.JobID
	fw := &fakeWorker{
		ProcessFn: func(_ context.Context, id jobs.JobID, attempt int) (worker.Outcome, error) {
			processed = append(processed, attempt)
			if id == retry {
				return worker.Retry, errors.New("transient")
			}
			return worker.Completed, nil
		},
		DeadLetterFn: func(_ context.Context, id jobs.JobID) (worker.Outcome, error) {
			deadLettered = append(deadLettered, id)
			return worker.Failed, nil
		},
	}
	ev := events.SQSEvent{Records: []events.SQSMessage{
		record("m1", string(ok), jobsARN, "1"),
		record("m2", string(retry), jobsARN, "2"),
		record("m3", "not a job id", jobsARN, "1"),
		record("m4", string(dead), dlqARN, "1"),
	}}
	for name, h := range map[string]*sqsqueue.Handler{
		"ByARN":  {Worker: fw, DLQARN: dlqARN},
		"ByName": {Worker: fw, DLQName: sqsqueue.QueueName("https://sqs.us-east-1.amazonaws.com/123456789012/songsmith-DeadLetterQueue-3C4D")},
	} {
		t.Run(name, func(t *testing.T) {
			processed, deadLettered = nil, nil
			res, err := h.Handle(context.Background(), ev)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.BatchItemFailures) != 1 || res.BatchItemFailures[0].ItemIdentifier != "m2" {
				t.Fatalf("batch failures = %+v, want only m2", res.BatchItemFailures)
			}
			if len(processed) != 2 || processed[0] != 1 || processed[1] != 2 {
				t.Fatalf("process attempts = %v, want [1 2]", processed)
			}
			if len(deadLettered) != 1 || deadLettered[0] != dead {
				t.Fatalf("dead-lettered %v, want [%s]", deadLettered, dead)
			}
		})
	}
	t.Run("DeadLetterRetry", func(t *testing.T) {
		h := &sqsqueue.Handler{Worker: &fakeWorker{DeadLetterFn: func(context.Context, jobs.JobID) (worker.Outcome, error) {
			return worker.Retry, errors.New("table throttled")
		}}}
		res, _ := h.Handle(context.Background(), events.SQSEvent{Records: []events.SQSMessage{
			record("d1", string(dead), "arn:aws:sqs:us-east-1:1:jobs-dlq", "1")}})
		if len(res.BatchItemFailures) != 1 {
			t.Fatalf("dead letter that could not be recorded must be retried: %+v", res)
		}
	})
}

// The invocation's request id reaches the worker's log lines through the
// context.
func TestHandlerPutsRequestIDInContext(t *testing.T) {
	var got []slog.Attr
	fw := &fakeWorker{ProcessFn: func(ctx context.Context, _ jobs.JobID, _ int) (worker.Outcome, error) {
		got = logctx.LogAttrs(ctx)
		return worker.Completed, nil
	}}
	ctx := lambdacontext.NewContext(context.Background(), &lambdacontext.LambdaContext{AwsRequestID: "inv-7"})
	h := &sqsqueue.Handler{Worker: fw, DLQARN: dlqARN}
	if _, err := h.Handle(ctx, events.SQSEvent{Records: []events.SQSMessage{record("m1", string(jobs.NewJobID()), jobsARN, "1")}}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Key != "request_id" || got[0].Value.String() != "inv-7" {
		t.Fatalf("log attrs %v", got)
	}
}

// A panic while handling one record reports that record and goes on.
func TestHandlerRecoversPanics(t *testing.T) {
	bad := jobs.NewJobID()
	fw := &fakeWorker{ProcessFn: func(_ context.Context, id jobs.JobID, _ int) (worker.Outcome, error) {
		if id == bad {
			panic("boom")
		}
		return worker.Completed, nil
	}}
	h := &sqsqueue.Handler{Worker: fw, DLQARN: dlqARN}
	res, err := h.Handle(context.Background(), events.SQSEvent{Records: []events.SQSMessage{
		record("m1", string(bad), jobsARN, "1"), record("m2", string(jobs.NewJobID()), jobsARN, "1")}})
	if err != nil || len(res.BatchItemFailures) != 1 || res.BatchItemFailures[0].ItemIdentifier != "m1" {
		t.Fatalf("%+v %v", res, err)
	}
}
