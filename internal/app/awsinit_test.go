package app_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/s3media"
	"github.com/songsmith/songsmith/internal/testutil"
	"github.com/songsmith/songsmith/internal/webhook"
)

// TestInitAWS creates the aws backend's resources on moto with InitAWS
// (what `songsmith aws init` runs), checks each one's settings, runs it a
// second time (nothing changes, no error) and then uses the result as a
// backend.
func TestInitAWS(t *testing.T) {
	ep := testutil.StartMoto(t)
	testutil.SetAWSEnv(t, ep)
	ctx := context.Background()
	ac := testutil.AWSConfig(ep)
	queue := testutil.UniqueName("songsmith-jobs")
	cfg, err := app.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.Backend, cfg.Table, cfg.Bucket, cfg.MaxAttempts = "aws", testutil.UniqueName("songsmith"), testutil.UniqueName("songsmith-media"), 3
	cfg.QueueURL = "http://localhost:4566/000000000000/" + queue

	res, err := app.InitAWS(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Table != cfg.Table || res.Bucket != cfg.Bucket || !strings.HasSuffix(res.QueueURL, "/"+queue) || !strings.HasSuffix(res.DLQURL, "/"+queue+"-dlq") {
		t.Fatalf("InitAWS = %+v for table %s, queue %s, bucket %s", res, cfg.Table, queue, cfg.Bucket)
	}

	ddb := dynamodb.NewFromConfig(ac)
	tbl, err := ddb.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(cfg.Table)})
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]ddbtypes.KeyType{}
	for _, k := range tbl.Table.KeySchema {
		keys[aws.ToString(k.AttributeName)] = k.KeyType
	}
	if len(keys) != 2 || keys["pk"] != ddbtypes.KeyTypeHash || keys["sk"] != ddbtypes.KeyTypeRange {
		t.Errorf("key schema %v, want pk HASH and sk RANGE", keys)
	}
	if !strings.HasSuffix(res.WebhookQueueURL, "/"+queue+"-webhooks") {
		t.Errorf("webhook queue %q", res.WebhookQueueURL)
	}
	if g := tbl.Table.GlobalSecondaryIndexes; len(g) != 1 || aws.ToString(g[0].IndexName) != "OwnerIndex" {
		t.Errorf("indexes %+v, want the owner index (GET /jobs)", g)
	}
	ttl, err := ddb.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(cfg.Table)})
	if err != nil {
		t.Fatal(err)
	}
	if d := ttl.TimeToLiveDescription; d == nil || aws.ToString(d.AttributeName) != "expires_at" || d.TimeToLiveStatus != ddbtypes.TimeToLiveStatusEnabled {
		t.Errorf("TTL %+v, want enabled on expires_at", d)
	}

	sq := sqs.NewFromConfig(ac)
	attrs := func(url string) map[string]string {
		out, err := sq.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{QueueUrl: aws.String(url), AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameAll}})
		if err != nil {
			t.Fatal(err)
		}
		return out.Attributes
	}
	qa, da := attrs(res.QueueURL), attrs(res.DLQURL)
	if qa["VisibilityTimeout"] != "1800" {
		t.Errorf("jobs queue visibility %s s, want 1800", qa["VisibilityTimeout"])
	}
	var redrive struct {
		Target string          `json:"deadLetterTargetArn"`
		Max    json.RawMessage `json:"maxReceiveCount"`
	}
	if err := json.Unmarshal([]byte(qa["RedrivePolicy"]), &redrive); err != nil {
		t.Fatalf("redrive policy %q: %v", qa["RedrivePolicy"], err)
	}
	if redrive.Target != da["QueueArn"] || strings.Trim(string(redrive.Max), `"`) != "7" {
		t.Errorf("redrive %s, want the dead-letter queue %s after 7 receives (3 attempts + 4)", qa["RedrivePolicy"], da["QueueArn"])
	}

	s3c := s3.NewFromConfig(ac, s3media.Options(ac))
	if _, err := s3c.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String(cfg.Bucket)}); err != nil {
		t.Errorf("bucket %s: %v", cfg.Bucket, err)
	}

	if !strings.Contains(res.WebhookSecretARN, ":secret:"+cfg.Table+"-webhook-master") {
		t.Errorf("webhook master secret %q, want the table's name plus -webhook-master", res.WebhookSecretARN)
	}
	master, err := app.ReadSecretString(ctx, ac, res.WebhookSecretARN)
	if err != nil || len(master) != 64 {
		t.Fatalf("webhook master secret: %d characters, %v; want 64", len(master), err)
	}

	again, err := app.InitAWS(ctx, cfg)
	if err != nil {
		t.Fatalf("second InitAWS: %v", err)
	}
	if again != res {
		t.Errorf("second InitAWS = %+v, first %+v", again, res)
	}
	if m, err := app.ReadSecretString(ctx, ac, res.WebhookSecretARN); err != nil || m != master {
		t.Errorf("the second InitAWS changed the webhook master secret (%v): every key's signing secret would change", err)
	}

	// The created resources work as the backend, with the printed
	// variables: a key's webhook signing secret derives from the secret.
	cfg.QueueURL, cfg.DLQURL, cfg.WebhookSecretARN = res.QueueURL, res.DLQURL, res.WebhookSecretARN
	b, err := app.OpenAWS(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	k, _, err := jobs.NewAPIKey("init-test", time.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	k.WebhookDerived = true
	if err := b.Keys.CreateKey(ctx, k); err != nil {
		t.Fatal(err)
	}
	if got, err := b.WebhookSecret(ctx, k); err != nil || got != webhook.SecretFrom([]byte(master), k.ID) {
		t.Errorf("the key's webhook signing secret does not derive from the secret aws init made (%v)", err)
	}
	id := jobs.NewJobID()
	if err := b.Queue.Enqueue(ctx, id); err != nil {
		t.Fatal(err)
	}
	if err := b.Media.PutMedia(ctx, mediakey.Song(id, "mp3"), "audio/mpeg", strings.NewReader("x"), 1); err != nil {
		t.Fatal(err)
	}
}

// TestInitAWSRejectsForeignDLQ checks that InitAWS refuses a
// SONGSMITH_DLQ_URL that is not the jobs queue's dead-letter queue, before
// creating anything.
func TestInitAWSRejectsForeignDLQ(t *testing.T) {
	cfg := app.Config{Table: "t", QueueURL: "http://localhost:4566/000000000000/jobs", DLQURL: "http://localhost:4566/000000000000/other", MaxAttempts: 3}
	_, err := app.InitAWS(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), `"jobs-dlq"`) {
		t.Fatalf("InitAWS with a foreign dead-letter queue: %v, want an error naming jobs-dlq", err)
	}
}

// TestMaxReceiveCount checks the redrive headroom: at least 5 receives (AWS's
// advice for Lambda event sources) and 4 more than the attempts.
func TestMaxReceiveCount(t *testing.T) {
	for _, c := range []struct{ attempts, want int }{{1, 5}, {2, 6}, {3, 7}, {20, 24}} {
		if got := app.MaxReceiveCount(c.attempts); got != c.want {
			t.Errorf("MaxReceiveCount(%d) = %d, want %d", c.attempts, got, c.want)
		}
	}
}

// TestLambdaHealth checks GET /healthz of the API Lambda handler: 200 when
// the table answers, 503 with the JSON error body when it does not.
func TestLambdaHealth(t *testing.T) {
	ep := testutil.StartMoto(t)
	testutil.SetAWSEnv(t, ep)
	ctx := context.Background()
	cfg, err := app.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.Backend, cfg.Table, cfg.Bucket, cfg.MaxAttempts = "aws", testutil.UniqueName("songsmith"), testutil.UniqueName("songsmith-media"), 3
	cfg.QueueURL = "http://localhost:4566/000000000000/" + testutil.UniqueName("songsmith-jobs")
	health := func() (int, string) {
		b, err := app.OpenAWS(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		ev := events.APIGatewayV2HTTPRequest{RawPath: "/healthz", RouteKey: "GET /healthz"}
		ev.RequestContext.HTTP.Method, ev.RequestContext.HTTP.Path = "GET", "/healthz"
		res, err := app.NewAPIHandler(cfg, b, slog.New(slog.NewTextHandler(io.Discard, nil)))(ctx, ev)
		if err != nil {
			t.Fatal(err)
		}
		return res.StatusCode, res.Body
	}
	if code, body := health(); code != 503 || !strings.Contains(body, `"error"`) {
		t.Errorf("GET /healthz without a table: %d %s, want 503 with the error body", code, body)
	}
	if _, err := app.InitAWS(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	if code, body := health(); code != 200 || !strings.Contains(body, `"ok"`) {
		t.Errorf("GET /healthz: %d %s, want 200", code, body)
	}
}

// TestInitAWSWebhookSecretNamed checks SONGSMITH_WEBHOOK_SECRET_ARN in
// InitAWS: a name that does not exist is created, an existing secret is
// kept (its value too), and an ARN of no secret is an error.
func TestInitAWSWebhookSecretNamed(t *testing.T) {
	ep := testutil.StartMoto(t)
	testutil.SetAWSEnv(t, ep)
	ctx := context.Background()
	ac := testutil.AWSConfig(ep)
	cfg, err := app.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.Backend, cfg.Table, cfg.Bucket, cfg.MaxAttempts = "aws", testutil.UniqueName("songsmith"), testutil.UniqueName("songsmith-media"), 3
	cfg.QueueURL = "http://localhost:4566/000000000000/" + testutil.UniqueName("songsmith-jobs")

	cfg.WebhookSecretARN = testutil.UniqueName("team-webhook-master")
	res, err := app.InitAWS(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.WebhookSecretARN, ":secret:"+cfg.WebhookSecretARN) {
		t.Fatalf("webhook secret %q, want the one named %s", res.WebhookSecretARN, cfg.WebhookSecretARN)
	}
	first, err := app.ReadSecretString(ctx, ac, res.WebhookSecretARN)
	if err != nil {
		t.Fatal(err)
	}

	existing, err := app.CreateSecretString(ctx, ac, testutil.UniqueName("made-elsewhere"))
	if err != nil {
		t.Fatal(err)
	}
	before, err := app.ReadSecretString(ctx, ac, existing)
	if err != nil {
		t.Fatal(err)
	}
	cfg.WebhookSecretARN = existing
	if res, err = app.InitAWS(ctx, cfg); err != nil || res.WebhookSecretARN != existing {
		t.Fatalf("InitAWS with an existing secret's ARN = %q, %v; want that ARN", res.WebhookSecretARN, err)
	}
	if after, err := app.ReadSecretString(ctx, ac, existing); err != nil || after != before || after == first {
		t.Errorf("InitAWS changed an existing secret (%v)", err)
	}

	cfg.WebhookSecretARN = "arn:aws:secretsmanager:us-east-1:123456789012:secret:nothing-here-AbCdEf"
	if _, err := app.InitAWS(ctx, cfg); err == nil || !strings.Contains(err.Error(), "no secret") {
		t.Errorf("InitAWS with the ARN of no secret: %v, want an error naming it", err)
	}
}
