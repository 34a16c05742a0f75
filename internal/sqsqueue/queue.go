// Package sqsqueue implements the Queue and Consumer ports on Amazon SQS,
// and the SQS-event handler of the worker Lambda (see Handler).
//
// A message's body is the job id. SQS delivers at least once; the worker is
// idempotent, so a duplicate delivery is harmless. After the queue's
// maxReceiveCount deliveries SQS moves a message to the dead-letter queue,
// whose consumer marks the job failed.
package sqsqueue

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/aws/smithy-go"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Queue is the SQS adapter of jobs.Queue and jobs.Consumer on one queue URL.
type Queue struct {
	Client *sqs.Client
	URL    string
	// Visibility, when positive, overrides the queue's visibility timeout
	// for messages received by Receive (whole seconds).
	Visibility time.Duration
}

var (
	_ jobs.Queue    = (*Queue)(nil)
	_ jobs.Consumer = (*Queue)(nil)
)

// New returns the adapter of the queue at url.
func New(client *sqs.Client, url string) *Queue { return &Queue{Client: client, URL: url} }

// Enqueue sends the job id as the message body.
func (q *Queue) Enqueue(ctx context.Context, id jobs.JobID) error {
	_, err := q.Client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:    aws.String(q.URL),
		MessageBody: aws.String(string(id)),
	})
	return translate(err)
}

// Receive long-polls up to wait (at most 20 s, whole seconds) for at most
// n (at most 10) messages. Attempt is SQS's ApproximateReceiveCount.
func (q *Queue) Receive(ctx context.Context, n int, wait time.Duration) ([]jobs.Delivery, error) {
	in := &sqs.ReceiveMessageInput{
		QueueUrl:                    aws.String(q.URL),
		MaxNumberOfMessages:         int32(min(max(n, 1), 10)),
		WaitTimeSeconds:             int32(min(wait/time.Second, 20)),
		MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
	}
	if q.Visibility > 0 {
		in.VisibilityTimeout = int32(q.Visibility / time.Second)
	}
	out, err := q.Client.ReceiveMessage(ctx, in)
	if err != nil {
		return nil, translate(err)
	}
	ds := make([]jobs.Delivery, 0, len(out.Messages))
	for _, m := range out.Messages {
		ds = append(ds, jobs.Delivery{
			JobID:   jobs.JobID(aws.ToString(m.Body)),
			Receipt: aws.ToString(m.ReceiptHandle),
			Attempt: Attempt(m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)]),
		})
	}
	return ds, nil
}

// Ack deletes a delivered message.
func (q *Queue) Ack(ctx context.Context, d jobs.Delivery) error {
	_, err := q.Client.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(q.URL), ReceiptHandle: aws.String(d.Receipt)})
	return translate(err)
}

// Release makes a delivered message visible again after delay (whole
// seconds, at most 12 hours).
func (q *Queue) Release(ctx context.Context, d jobs.Delivery, delay time.Duration) error {
	_, err := q.Client.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{
		QueueUrl:          aws.String(q.URL),
		ReceiptHandle:     aws.String(d.Receipt),
		VisibilityTimeout: int32(min(delay/time.Second, 12*3600)),
	})
	return translate(err)
}

// Attempt parses an ApproximateReceiveCount attribute; 1 when absent.
func Attempt(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// translate maps SQS errors to domain errors: a missing queue or an
// overloaded service is EUnavailable, anything else EInternal.
func translate(err error) error {
	if err == nil {
		return nil
	}
	var (
		missing *types.QueueDoesNotExist
		over    *types.RequestThrottled
	)
	if errors.As(err, &missing) || errors.As(err, &over) {
		return jobs.Unavailable("The job queue", err)
	}
	var api smithy.APIError
	if errors.As(err, &api) && api.ErrorFault() == smithy.FaultServer {
		return jobs.Unavailable("The job queue", err)
	}
	return jobs.Internal(err)
}

// CreateQueues creates a jobs queue named name whose messages move to the
// dead-letter queue name+"-dlq" after maxReceive deliveries, with the given
// visibility timeout (whole seconds). It returns both queue URLs.
// Production queues come from template.yaml; this serves tests and local
// setups.
func CreateQueues(ctx context.Context, client *sqs.Client, name string, visibility time.Duration, maxReceive int) (queueURL, dlqURL string, err error) {
	dlq, err := client.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(name + DLQSuffix)})
	if err != nil {
		return "", "", fmt.Errorf("create queue %s%s: %w", name, DLQSuffix, err)
	}
	attrs, err := client.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{
		QueueUrl: dlq.QueueUrl, AttributeNames: []types.QueueAttributeName{types.QueueAttributeNameQueueArn},
	})
	if err != nil {
		return "", "", fmt.Errorf("dead-letter queue ARN: %w", err)
	}
	redrive := fmt.Sprintf(`{"deadLetterTargetArn":%q,"maxReceiveCount":"%d"}`, attrs.Attributes[string(types.QueueAttributeNameQueueArn)], maxReceive)
	q, err := client.CreateQueue(ctx, &sqs.CreateQueueInput{
		QueueName: aws.String(name),
		Attributes: map[string]string{
			string(types.QueueAttributeNameVisibilityTimeout): strconv.Itoa(int(visibility / time.Second)),
			string(types.QueueAttributeNameRedrivePolicy):     redrive,
		},
	})
	if err != nil {
		return "", "", fmt.Errorf("create queue %s: %w", name, err)
	}
	return aws.ToString(q.QueueUrl), aws.ToString(dlq.QueueUrl), nil
}

// CreateQueue creates a plain queue (no redrive) with the given visibility
// timeout and retention (whole seconds) and returns its URL: the webhook
// queue, whose sender retries and gives up on its own schedule.
func CreateQueue(ctx context.Context, client *sqs.Client, name string, visibility, retention time.Duration) (string, error) {
	q, err := client.CreateQueue(ctx, &sqs.CreateQueueInput{
		QueueName: aws.String(name),
		Attributes: map[string]string{
			string(types.QueueAttributeNameVisibilityTimeout):      strconv.Itoa(int(visibility / time.Second)),
			string(types.QueueAttributeNameMessageRetentionPeriod): strconv.Itoa(int(retention / time.Second)),
		},
	})
	if err != nil {
		return "", fmt.Errorf("create queue %s: %w", name, err)
	}
	return aws.ToString(q.QueueUrl), nil
}
