package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/songsmith/songsmith/internal/dynamo"
	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/s3media"
	"github.com/songsmith/songsmith/internal/sqsqueue"
	"github.com/songsmith/songsmith/internal/worker"
)

// OpenAWS builds the DynamoDB / SQS / S3 backend. It loads the SDK's default
// configuration once (environment, shared files, the Lambda role), so
// AWS_ENDPOINT_URL sends every call to LocalStack or moto; S3 then uses
// path-style addressing. Keys in cfg.APIKeys are added to the table if
// missing. The clients are safe for concurrent use and meant to be built
// once per process (at Lambda init).
func OpenAWS(ctx context.Context, cfg Config) (*Backend, error) {
	var missing []string
	for _, v := range []struct{ name, val string }{
		{"SONGSMITH_TABLE", cfg.Table}, {"SONGSMITH_QUEUE_URL", cfg.QueueURL}, {"SONGSMITH_BUCKET", cfg.Bucket},
	} {
		if v.val == "" {
			missing = append(missing, v.name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("config: the aws backend needs %s", strings.Join(missing, ", "))
	}
	ac, err := loadAWSConfig(ctx)
	if err != nil {
		return nil, err
	}
	store := dynamo.New(dynamodb.NewFromConfig(ac), cfg.Table)
	sq := sqs.NewFromConfig(ac)
	queue := sqsqueue.New(sq, cfg.QueueURL)
	// Pulled messages (songsmith serve --backend aws) stay hidden while a
	// generation may still run, like the Lambda's queue timeout.
	queue.Visibility = cfg.GenerateTimeout + time.Minute
	b := &Backend{
		Jobs: store, Keys: store, Limiter: store, Queue: queue, Consumer: queue, Admit: store, Leases: store,
		Media: s3media.New(s3.NewFromConfig(ac, s3media.Options(ac)), cfg.Bucket),
		Close: func() error { return nil },
	}
	if cfg.DLQURL != "" {
		b.DeadLetters = sqsqueue.New(sq, cfg.DLQURL)
	}
	if cfg.WebhookQueueURL != "" {
		hooks := sqsqueue.New(sq, cfg.WebhookQueueURL)
		withWebhooks(b, hooks, hooks)
		b.WebhookStates = store
		b.WebhookLeases = store
	}
	// The master secret of webhook signing secrets: from Secrets Manager
	// (the template's secret, readable by the worker's role only), else
	// an item of the table (setups without the template).
	if arn := cfg.WebhookSecretARN; arn != "" {
		b.WebhookMaster = onceSecret(func(ctx context.Context) ([]byte, error) {
			s, err := ReadSecretString(ctx, ac, arn)
			return []byte(s), err
		})
	} else {
		b.WebhookMaster = onceSecret(func(ctx context.Context) ([]byte, error) { return store.Secret(ctx, WebhookMasterName, 32) })
	}
	if err := SeedKeys(ctx, b.Keys, cfg.APIKeys); err != nil {
		return nil, err
	}
	return b, nil
}

// NewSQSHandler returns the worker Lambda's SQS event handler: records of
// the jobs queue are processed by w, records of the dead-letter queue (the
// queue named by the last part of SONGSMITH_DLQ_URL) fail their jobs.
func NewSQSHandler(cfg Config, b *Backend, w *worker.Worker, log *slog.Logger) *sqsqueue.Handler {
	h := &sqsqueue.Handler{Worker: w, DLQName: sqsqueue.QueueName(cfg.DLQURL), Logger: log, Requeue: b.Consumer}
	if b.Webhooks != nil {
		h.Webhooks = NewWebhookSender(cfg, b, NewService(cfg, b, log), log)
		h.WebhookQueueName = sqsqueue.QueueName(cfg.WebhookQueueURL)
		h.WebhookRequeue = b.WebhookConsumer
	}
	return h
}

// NewAPIHandler returns the HTTP API of the service on b as a Lambda
// handler for API Gateway HTTP API (payload v2) events. Every event gets a
// response; errors become JSON error bodies, never invoke errors. The
// template routes every path (its $default route) to such a handler, so
// unknown paths and methods get the local server's JSON 404 and 405, and
// GET /healthz reads the table.
func NewAPIHandler(cfg Config, b *Backend, log *slog.Logger) func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	h := httpapi.New(NewService(cfg, b, log), httpapi.Options{MaxBodyBytes: cfg.MaxBodyBytes, CORSOrigin: cfg.CORSOrigin, Logger: log,
		Health: func(r *http.Request) error { return readProbe(r.Context(), b.Jobs) }})
	return httpapi.LambdaHandler(h)
}

// MustOpenLambda is the shared start of every Lambda: it reads the
// configuration and builds the AWS clients once per execution environment,
// at init. On failure it logs and exits, so Lambda reports an init error.
// Records logged with an invocation's context carry its request id
// (AWSRequestIDAttr).
func MustOpenLambda() (Config, *Backend, *slog.Logger) {
	cfg, err := FromEnv()
	if err != nil {
		slog.Error("configuration", "err", err)
		os.Exit(1)
	}
	log := WithLambdaRequestID(NewLogger(cfg, nil))
	b, err := OpenAWS(context.Background(), cfg)
	if err != nil {
		log.Error("open aws backend", "err", err)
		os.Exit(1)
	}
	return cfg, b, log
}
