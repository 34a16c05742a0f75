package app

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/songsmith/songsmith/internal/dynamo"
	"github.com/songsmith/songsmith/internal/s3media"
	"github.com/songsmith/songsmith/internal/sqsqueue"
)

// Names `songsmith aws init` uses when the configuration names no queue or
// bucket (they match env.json).
const (
	DefaultQueueName = "songsmith-jobs"
	DefaultBucket    = "songsmith-media"
)

// QueueVisibility is the jobs queue's visibility timeout: 6 x the worker
// Lambda's 300 s timeout, as AWS advises for Lambda event sources (the
// template sets the same).
const QueueVisibility = 30 * time.Minute

// MaxReceiveCount is the jobs queue's maxReceiveCount for maxAttempts
// generation attempts: 4 deliveries of headroom for those that never judge
// an attempt (a throttled invoke, a crashed or timed-out Lambda), and at
// least 5, as AWS advises for Lambda event sources. template.yaml's
// Redrive mapping holds the same numbers (a test compares them).
func MaxReceiveCount(maxAttempts int) int { return max(5, maxAttempts+4) }

// AWSResources names what InitAWS created.
type AWSResources struct {
	Table, QueueURL, DLQURL, Bucket string
	WebhookQueueURL                 string // the webhook delivery queue
	WebhookSecretARN                string // the webhook master secret in Secrets Manager
}

// WebhookSecretSuffix ends the name of the Secrets Manager secret InitAWS
// makes for the webhook master secret: the table's name plus it, unless
// SONGSMITH_WEBHOOK_SECRET_ARN names one.
const WebhookSecretSuffix = "-webhook-master"

// WebhookQueueSuffix ends the name of the webhook queue InitAWS makes: the
// jobs queue's name plus it, unless SONGSMITH_WEBHOOK_QUEUE_URL names one.
const WebhookQueueSuffix = "-webhooks"

// InitAWS creates what the aws backend needs outside CloudFormation
// (LocalStack, moto, a test account): the table with TTL on expires_at, the
// jobs queue with its dead-letter queue (redrive after
// MaxReceiveCount(cfg.MaxAttempts) receives) and the media bucket, through
// the SDK's default configuration (AWS_ENDPOINT_URL, AWS_REGION...). Names
// come from SONGSMITH_TABLE, the last part of SONGSMITH_QUEUE_URL (the
// dead-letter queue is that name plus "-dlq"; SONGSMITH_DLQ_URL, when set,
// must name it) and SONGSMITH_BUCKET, or the defaults; the webhook queue
// is SONGSMITH_WEBHOOK_QUEUE_URL's, or the jobs queue's name plus
// WebhookQueueSuffix (no redrive: the sender gives up by itself); the
// webhook master secret is the Secrets Manager secret
// SONGSMITH_WEBHOOK_SECRET_ARN names (made when it is a name that does not
// exist yet), or the table's name plus WebhookSecretSuffix, holding a
// random 64-character string. Running it again changes nothing.
func InitAWS(ctx context.Context, cfg Config) (AWSResources, error) {
	table, queue, bucket := cfg.Table, DefaultQueueName, cfg.Bucket
	if cfg.QueueURL != "" {
		queue = sqsqueue.QueueName(cfg.QueueURL)
	}
	if bucket == "" {
		bucket = DefaultBucket
	}
	if table == "" || queue == "" {
		return AWSResources{}, fmt.Errorf("aws init: SONGSMITH_TABLE and SONGSMITH_QUEUE_URL must name a table and a queue")
	}
	if cfg.DLQURL != "" {
		if got, want := sqsqueue.QueueName(cfg.DLQURL), queue+sqsqueue.DLQSuffix; got != want {
			return AWSResources{}, fmt.Errorf("aws init: SONGSMITH_DLQ_URL names queue %q; the dead-letter queue of %q is %q", got, queue, want)
		}
	}
	ac, err := loadAWSConfig(ctx)
	if err != nil {
		return AWSResources{}, err
	}
	if err := dynamo.CreateTable(ctx, dynamodb.NewFromConfig(ac), table); err != nil {
		return AWSResources{}, err
	}
	qurl, dlqurl, err := sqsqueue.CreateQueues(ctx, sqs.NewFromConfig(ac), queue, QueueVisibility, MaxReceiveCount(cfg.MaxAttempts))
	if err != nil {
		return AWSResources{}, err
	}
	hookName := queue + WebhookQueueSuffix
	if cfg.WebhookQueueURL != "" {
		hookName = sqsqueue.QueueName(cfg.WebhookQueueURL)
	}
	hookURL, err := sqsqueue.CreateQueue(ctx, sqs.NewFromConfig(ac), hookName, QueueVisibility, 4*24*time.Hour)
	if err != nil {
		return AWSResources{}, err
	}
	if err := s3media.CreateBucket(ctx, s3.NewFromConfig(ac, s3media.Options(ac)), bucket); err != nil {
		return AWSResources{}, err
	}
	secret := cfg.WebhookSecretARN
	if secret == "" {
		secret = table + WebhookSecretSuffix
	}
	secretARN, err := EnsureSecretString(ctx, ac, secret)
	if err != nil {
		return AWSResources{}, fmt.Errorf("aws init: webhook master secret: %w", err)
	}
	return AWSResources{Table: table, QueueURL: qurl, DLQURL: dlqurl, Bucket: bucket, WebhookQueueURL: hookURL, WebhookSecretARN: secretARN}, nil
}

// loadAWSConfig loads the SDK's default configuration, in DefaultRegion
// when nothing names a region.
func loadAWSConfig(ctx context.Context) (aws.Config, error) {
	ac, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return aws.Config{}, fmt.Errorf("aws config: %w", err)
	}
	if ac.Region == "" {
		ac.Region = DefaultRegion
	}
	return ac, nil
}
