package app_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/dynamo"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/testutil"
	"github.com/songsmith/songsmith/internal/webhook"
	"github.com/songsmith/songsmith/internal/webhook/webhooktest"
)

// On the aws backend (moto): a job that ends queues its webhook on the
// webhook queue; the worker Lambda's handler takes the record from that
// queue and delivers it, signed, after a failed first attempt; a webhook
// URL to a private address is refused at submission.
func TestAWSWebhooks(t *testing.T) {
	st, cfg := newWebhookStack(t)
	ctx := context.Background()
	hookURL := cfg.WebhookQueueURL
	var err error
	// The master secret from Secrets Manager, as the template sets it up.
	cfg.WebhookSecretARN, err = app.CreateSecretString(ctx, testutil.AWSConfig(st.Endpoint), testutil.UniqueName("songsmith-webhook-master"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := app.OpenAWS(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	k, full, err := jobs.NewAPIKey("hooks", time.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Keys.CreateKey(ctx, k); err != nil {
		t.Fatal(err)
	}

	// Submission checks: https to public addresses only.
	// Every unsafe target of the shared table is refused (the aws
	// configuration; TestWebhookTargetsLocal runs it on the embedded one).
	checkCfg := cfg
	checkCfg.Service.SubmitRate = jobs.Rate{}
	svc := app.NewService(checkCfg, b, nil)
	for _, u := range append([]string{"http://8.8.8.8/hook"}, webhooktest.UnsafeTargets...) {
		if _, _, err := svc.Submit(ctx, k, jobs.Submission{Prompt: "jazz", Options: &jobs.Options{WebhookURL: u}}); !jobs.IsCode(err, jobs.EInvalid) {
			t.Errorf("%s: %v, want invalid", u, err)
		}
	}

	secret, err := b.WebhookSecret(ctx, k)
	if err != nil || !strings.HasPrefix(secret, "whsec_") {
		t.Fatalf("secret %q: %v", secret, err)
	}
	if stored, _ := b.Keys.Key(ctx, k.ID); stored.WebhookSecret != "" || !stored.WebhookDerived {
		t.Fatalf("the key's record holds a secret: %+v", stored)
	}
	_ = full
	var mu sync.Mutex
	var got []bool
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		err := webhook.Verify(secret, r.Header.Get("webhook-id"), r.Header.Get("webhook-timestamp"), r.Header.Get("webhook-signature"), body, time.Now(), time.Minute)
		var m map[string]any
		_ = json.Unmarshal(body, &m)
		mu.Lock()
		got = append(got, err == nil && m["status"] == "failed")
		first := len(got) == 1
		mu.Unlock()
		if first {
			w.WriteHeader(http.StatusInternalServerError)
		}
	}))
	defer recv.Close()

	// The job is stored directly: the receiver is on loopback, which the
	// aws policy refuses at submission.
	j := jobstest.NewJob(k.ID)
	j.StartedAt, j.ExpiresAt = time.Now().UTC().Truncate(time.Second), time.Now().Add(time.Hour)
	j.Options = &jobs.Options{WebhookURL: recv.URL}
	if err := b.Jobs.CreateJob(ctx, j); err != nil {
		t.Fatal(err)
	}
	if err := b.Jobs.FailJob(ctx, j.ID, "Generation failed.", time.Now()); err != nil {
		t.Fatal(err)
	}
	hookARN := st.arn(t, hookURL)
	h := app.NewSQSHandler(cfg, b, nil, nil)
	local := cfg
	local.WebhookAllowLoopback = true // for the test's receiver
	h.Webhooks = app.NewWebhookSender(local, b, svc, nil)
	for attempt := 1; attempt <= 2; attempt++ {
		var msgs []sqstypes.Message
		for deadline := time.Now().Add(10 * time.Second); len(msgs) == 0 && time.Now().Before(deadline); {
			out, err := st.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(hookURL), WaitTimeSeconds: 1,
				MessageSystemAttributeNames: []sqstypes.MessageSystemAttributeName{sqstypes.MessageSystemAttributeNameApproximateReceiveCount}})
			if err != nil {
				t.Fatal(err)
			}
			msgs = out.Messages
		}
		if len(msgs) != 1 || aws.ToString(msgs[0].Body) != string(j.ID) {
			t.Fatalf("attempt %d: webhook queue holds %+v, want job %s", attempt, msgs, j.ID)
		}
		m := msgs[0]
		res, err := h.Handle(ctx, events.SQSEvent{Records: []events.SQSMessage{{MessageId: aws.ToString(m.MessageId), Body: aws.ToString(m.Body),
			ReceiptHandle: aws.ToString(m.ReceiptHandle), EventSourceARN: hookARN, Attributes: map[string]string{"ApproximateReceiveCount": m.Attributes["ApproximateReceiveCount"]}}}})
		if err != nil {
			t.Fatal(err)
		}
		if failed := len(res.BatchItemFailures) == 1; failed != (attempt == 1) {
			t.Fatalf("attempt %d: failures %+v", attempt, res.BatchItemFailures)
		}
		if attempt == 1 {
			// The sender waits 5 s before the second attempt; make it visible now.
			if _, err := st.SQS.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{QueueUrl: aws.String(hookURL),
				ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: 0}); err != nil {
				t.Fatal(err)
			}
		} else if _, err := st.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(hookURL), ReceiptHandle: m.ReceiptHandle}); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 2 || !got[0] || !got[1] {
		t.Fatalf("receiver saw %v, want two verified deliveries of the failed job", got)
	}
	// Each attempt held one of the key's leases in the table (the per-key
	// cap across worker instances) and returned it.
	item, err := dynamodb.NewFromConfig(testutil.AWSConfig(st.Endpoint)).GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(cfg.Table),
		Key: map[string]ddbtypes.AttributeValue{"pk": &ddbtypes.AttributeValueMemberS{Value: dynamo.PrefixLease + webhook.LeaseName(k.ID)},
			"sk": &ddbtypes.AttributeValueMemberS{Value: "LEASE"}}, ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatal(err)
	}
	leases, _ := item.Item["leases"].(*ddbtypes.AttributeValueMemberM)
	version, _ := item.Item["v"].(*ddbtypes.AttributeValueMemberN)
	if leases == nil || len(leases.Value) != 0 || version == nil || version.Value != "4" {
		t.Errorf("the key's lease item %v, want no lease held after 2 acquires and 2 releases (v 4)", item.Item)
	}
}
