package sqsqueue_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/sqsqueue"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestQueue runs the Queue/Consumer contract against SQS as implemented by
// moto_server, one fresh queue (1 s visibility timeout) per subtest.
func TestQueue(t *testing.T) {
	client := sqs.NewFromConfig(testutil.AWSConfig(testutil.StartMoto(t)))
	const visibility = time.Second
	jobstest.RunQueue(t, visibility, func(t *testing.T) (jobs.Queue, jobs.Consumer) {
		url, _, err := sqsqueue.CreateQueues(context.Background(), client, testutil.UniqueName("q"), visibility, 5)
		if err != nil {
			t.Fatal(err)
		}
		q := sqsqueue.New(client, url)
		return q, q
	})
}

func TestQueueName(t *testing.T) {
	for in, want := range map[string]string{
		"https://sqs.eu-west-1.amazonaws.com/123456789012/songsmith-DeadLetterQueue-AbC": "songsmith-DeadLetterQueue-AbC",
		"http://localhost:4566/000000000000/jobs-dlq":                                    "jobs-dlq",
		"": "",
	} {
		if got := sqsqueue.QueueName(in); got != want {
			t.Errorf("QueueName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAttempt(t *testing.T) {
	for in, want := range map[string]int{"": 1, "1": 1, "3": 3, "x": 1, "0": 1} {
		if got := sqsqueue.Attempt(in); got != want {
			t.Errorf("Attempt(%q) = %d, want %d", in, got, want)
		}
	}
}
