package sqsqueue

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambdacontext"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/logctx"
	"github.com/songsmith/songsmith/internal/worker"
)

// DLQSuffix ends the name of a dead-letter queue made by CreateQueues; the
// Handler treats records from such a queue as dead letters when it knows
// neither the dead-letter queue's ARN nor its name.
const DLQSuffix = "-dlq"

// Processor is what Handler needs of a worker; *worker.Worker implements
// it. Handle applies the one delivery policy (see worker.Worker.Handle).
type Processor interface {
	Handle(ctx context.Context, d jobs.Delivery, deadLetter bool) worker.Decision
}

var _ Processor = (*worker.Worker)(nil)

// Handler is the worker Lambda's SQS event handler. The function has two
// event sources: the jobs queue, whose records are processed, and the
// dead-letter queue, whose records fail their jobs, so every accepted job
// reaches a terminal state. The handler only adapts records to the
// worker's delivery policy: a record to deliver again is reported in
// BatchItemFailures (the event source mapping must enable
// ReportBatchItemFailures) and, with Requeue set, made visible after the
// policy's delay; the handler itself never fails the invoke, and a panic
// while handling a record reports that record instead of crashing.
type Handler struct {
	Worker Processor
	// DLQARN identifies dead-letter records by their eventSourceARN.
	DLQARN string
	// DLQName identifies them by queue name (the ARN's last part) when
	// DLQARN is empty. When both are empty, names ending in DLQSuffix are.
	DLQName string
	Logger  *slog.Logger // slog.Default() when nil
	// Requeue, when set, is the jobs queue: a record to retry is made
	// visible again after the policy's delay instead of after the whole
	// visibility timeout (which must be long enough for a generation).
	Requeue jobs.Consumer
	// Webhooks, when set, delivers the records of the webhook queue (the
	// queue named WebhookQueueName), a third event source; failed
	// attempts are released after the sender's delay via WebhookRequeue.
	Webhooks         WebhookProcessor
	WebhookQueueName string
	WebhookRequeue   jobs.Consumer
}

// WebhookProcessor delivers one webhook (*webhook.Sender implements it).
type WebhookProcessor interface {
	HandleWebhook(ctx context.Context, d jobs.Delivery) (release bool, delay time.Duration)
}

// IsWebhook reports whether records from the queue with this ARN are
// webhook deliveries.
func (h *Handler) IsWebhook(arn string) bool {
	return h.Webhooks != nil && h.WebhookQueueName != "" && arn[strings.LastIndexByte(arn, ':')+1:] == h.WebhookQueueName
}

// QueueName returns the queue name of an SQS queue URL
// (https://sqs.<region>.amazonaws.com/<account>/<name>).
func QueueName(queueURL string) string {
	u, err := url.Parse(queueURL)
	if err != nil || u.Path == "" {
		return ""
	}
	return path.Base(u.Path)
}

// IsDeadLetter reports whether records from the queue with this ARN are
// dead letters.
func (h *Handler) IsDeadLetter(arn string) bool {
	if h.DLQARN != "" {
		return arn == h.DLQARN
	}
	name := arn[strings.LastIndexByte(arn, ':')+1:]
	if h.DLQName != "" {
		return name == h.DLQName
	}
	return strings.HasSuffix(name, DLQSuffix)
}

// Handle processes a batch of SQS records and returns the ids of those to
// deliver again. Every line logged for the batch carries the invocation's
// request id (logctx.WithLogAttrs) besides the job id.
func (h *Handler) Handle(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
	if lc, ok := lambdacontext.FromContext(ctx); ok && lc.AwsRequestID != "" {
		ctx = logctx.WithLogAttrs(ctx, slog.String("request_id", lc.AwsRequestID))
	}
	// Webhook records are delivered concurrently (each attempt is short
	// and the sender applies its per-key and per-host limits); job
	// records one after another.
	again := make([]bool, len(ev.Records))
	var wg sync.WaitGroup
	for i, r := range ev.Records {
		if h.IsWebhook(r.EventSourceARN) {
			wg.Add(1)
			go func() { defer wg.Done(); again[i] = h.handle(ctx, r) }()
		}
	}
	wg.Wait()
	for i, r := range ev.Records {
		if !h.IsWebhook(r.EventSourceARN) {
			again[i] = h.handle(ctx, r)
		}
	}
	var res events.SQSEventResponse
	for i, r := range ev.Records {
		if again[i] {
			res.BatchItemFailures = append(res.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: r.MessageId})
		}
	}
	return res, nil
}

// handle runs one record and reports whether it is to be delivered again.
func (h *Handler) handle(ctx context.Context, r events.SQSMessage) (again bool) {
	log := h.log().With("message_id", r.MessageId)
	defer func() {
		if p := recover(); p != nil {
			log.ErrorContext(ctx, "panic while handling a record; it will be delivered again", "panic", fmt.Sprint(p))
			again = true
		}
	}()
	id, err := jobs.ParseJobID(strings.TrimSpace(r.Body))
	if err != nil {
		log.ErrorContext(ctx, "dropping message that names no job", "body_len", len(r.Body))
		return false
	}
	log = log.With("job_id", id)
	attempt := Attempt(r.Attributes["ApproximateReceiveCount"])
	d := jobs.Delivery{JobID: id, Receipt: r.ReceiptHandle, Attempt: attempt, Received: attempt}
	if h.IsWebhook(r.EventSourceARN) {
		release, delay := h.Webhooks.HandleWebhook(ctx, d)
		if release && h.WebhookRequeue != nil {
			if rerr := h.WebhookRequeue.Release(context.WithoutCancel(ctx), d, delay); rerr != nil {
				log.WarnContext(ctx, "could not delay the webhook's retry", "err", rerr)
			}
		}
		return release
	}
	dead := h.IsDeadLetter(r.EventSourceARN)
	dec := h.Worker.Handle(ctx, d, dead)
	if !dec.Release {
		return false
	}
	log.WarnContext(ctx, "message will be delivered again", "err", dec.Err, "delay_s", dec.Delay.Seconds())
	if h.Requeue != nil && !dead {
		if rerr := h.Requeue.Release(context.WithoutCancel(ctx), d, dec.Delay); rerr != nil {
			log.WarnContext(ctx, "could not shorten the retry delay", "err", rerr)
		}
	}
	return true
}

func (h *Handler) log() *slog.Logger { return logctx.LoggerOr(h.Logger) }
