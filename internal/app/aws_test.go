package app_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/dynamo"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/s3media"
	"github.com/songsmith/songsmith/internal/sqsqueue"
	"github.com/songsmith/songsmith/internal/testutil"
	"github.com/songsmith/songsmith/internal/worker"
)

// awsStack is one isolated set of AWS resources on moto and the config
// that names them.
type awsStack struct {
	Endpoint string
	Config   app.Config
	SQS      *sqs.Client
	QueueARN string
	DLQARN   string
}

// newAWSStack creates a table, a queue with a dead-letter queue
// (maxReceiveCount = maxAttempts, 1 s visibility) and a bucket on moto, and
// points the SDK's default configuration at moto.
func newAWSStack(t *testing.T, maxAttempts int) *awsStack {
	return newAWSStackVisibility(t, maxAttempts, time.Second)
}

// newAWSStackVisibility is newAWSStack with the jobs queue's visibility
// timeout (whole seconds).
func newAWSStackVisibility(t *testing.T, maxAttempts int, visibility time.Duration) *awsStack {
	ep := testutil.StartMoto(t)
	testutil.SetAWSEnv(t, ep)
	ctx := context.Background()
	ac := testutil.AWSConfig(ep)
	s := &awsStack{Endpoint: ep, SQS: sqs.NewFromConfig(ac)}
	table, bucket := testutil.UniqueName("songsmith"), testutil.UniqueName("songsmith-media")
	if err := dynamo.CreateTable(ctx, dynamodb.NewFromConfig(ac), table); err != nil {
		t.Fatal(err)
	}
	if err := s3media.CreateBucket(ctx, s3.NewFromConfig(ac, s3media.Options(ac)), bucket); err != nil {
		t.Fatal(err)
	}
	qurl, dlqurl, err := sqsqueue.CreateQueues(ctx, s.SQS, testutil.UniqueName("songsmith-jobs"), visibility, maxAttempts)
	if err != nil {
		t.Fatal(err)
	}
	s.QueueARN, s.DLQARN = s.arn(t, qurl), s.arn(t, dlqurl)
	env := map[string]string{
		"SONGSMITH_BACKEND": "aws", "SONGSMITH_TABLE": table, "SONGSMITH_BUCKET": bucket,
		"SONGSMITH_QUEUE_URL": qurl, "SONGSMITH_DLQ_URL": dlqurl,
		"SONGSMITH_MAX_ATTEMPTS": strconv.Itoa(maxAttempts), "SONGSMITH_AUDIO_FORMAT": "wav",
	}
	if s.Config, err = app.Load(func(k string) string { return env[k] }); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *awsStack) arn(t *testing.T, url string) string {
	out, err := s.SQS.GetQueueAttributes(context.Background(), &sqs.GetQueueAttributesInput{
		QueueUrl: aws.String(url), AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameQueueArn}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Attributes["QueueArn"]
}

// receive takes up to one message from url as the Lambda poller does and
// turns it into an SQS event built on events/<file>. It returns an empty
// event when nothing arrived within wait.
func (s *awsStack) receive(t *testing.T, url, arn string, wait time.Duration) events.SQSEvent {
	t.Helper()
	var ev events.SQSEvent
	loadEvent(t, "sqs.json", &ev)
	tmpl := ev.Records[0]
	ev.Records = nil
	deadline := time.Now().Add(wait)
	for len(ev.Records) == 0 && time.Now().Before(deadline) {
		out, err := s.SQS.ReceiveMessage(context.Background(), &sqs.ReceiveMessageInput{
			QueueUrl: aws.String(url), WaitTimeSeconds: 1, MaxNumberOfMessages: 1,
			MessageSystemAttributeNames: []sqstypes.MessageSystemAttributeName{sqstypes.MessageSystemAttributeNameAll}})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range out.Messages {
			r := tmpl
			r.MessageId, r.ReceiptHandle, r.Body, r.Md5OfBody = aws.ToString(m.MessageId), aws.ToString(m.ReceiptHandle), aws.ToString(m.Body), aws.ToString(m.MD5OfBody)
			r.Attributes, r.EventSourceARN = m.Attributes, arn
			ev.Records = append(ev.Records, r)
		}
	}
	return ev
}

// settle deletes the records that succeeded, as the event source mapping
// does with a partial batch response.
func (s *awsStack) settle(t *testing.T, url string, ev events.SQSEvent, res events.SQSEventResponse) {
	failed := map[string]bool{}
	for _, f := range res.BatchItemFailures {
		failed[f.ItemIdentifier] = true
	}
	for _, r := range ev.Records {
		if !failed[r.MessageId] {
			if _, err := s.SQS.DeleteMessage(context.Background(), &sqs.DeleteMessageInput{QueueUrl: aws.String(url), ReceiptHandle: aws.String(r.ReceiptHandle)}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func loadEvent(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "events", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// apiEvent loads events/<file> with the caller's key and, for getjob, id.
func apiEvent(t *testing.T, file, key string, id jobs.JobID) events.APIGatewayV2HTTPRequest {
	var ev events.APIGatewayV2HTTPRequest
	loadEvent(t, file, &ev)
	ev.Headers["authorization"] = "Bearer " + key
	if id != "" {
		ev.PathParameters["job_id"] = string(id)
		ev.RawPath, ev.RequestContext.HTTP.Path = "/jobs/"+string(id), "/jobs/"+string(id)
	}
	return ev
}

type apiJob struct {
	JobID      jobs.JobID `json:"job_id"`
	PollURL    string     `json:"poll_url"`
	Status     string     `json:"status"`
	Error      *string    `json:"error"`
	FinishedAt string     `json:"finished_at"`
	Result     *struct {
		Title    string `json:"title"`
		SongURL  string `json:"song_url"`
		ImageURL string `json:"image_url"`
	} `json:"result"`
}

type apiHandler func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error)

func call(t *testing.T, h apiHandler, ev events.APIGatewayV2HTTPRequest, want int) apiJob {
	t.Helper()
	res, err := h(context.Background(), ev)
	if err != nil {
		t.Fatalf("%s: invoke error %v", ev.RouteKey, err)
	}
	if res.StatusCode != want {
		t.Fatalf("%s: status %d, want %d: %s", ev.RouteKey, res.StatusCode, want, res.Body)
	}
	var j apiJob
	if err := json.Unmarshal([]byte(res.Body), &j); err != nil {
		t.Fatalf("%s: body %q: %v", ev.RouteKey, res.Body, err)
	}
	return j
}

func download(t *testing.T, url string) (string, []byte) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %s", url, res.StatusCode, b)
	}
	return res.Header.Get("Content-Type"), b
}

// TestAWSEndToEnd drives the three Lambda handlers on moto with real API
// Gateway v2 and SQS payloads: submit, a failed first attempt that SQS
// redelivers, completion, downloads from S3, a duplicate delivery, an
// expired job, and a message that dies on every delivery and is failed
// through the dead-letter queue.
func TestAWSEndToEnd(t *testing.T) {
	const maxAttempts = 2
	st := newAWSStack(t, maxAttempts)
	ctx := context.Background()
	b, err := app.OpenAWS(ctx, st.Config)
	if err != nil {
		t.Fatal(err)
	}
	log := app.NewLogger(st.Config, io.Discard)
	api := app.NewAPIHandler(st.Config, b, log)
	gen := &jobstest.Generator{}
	gen.Func = func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) {
		if gen.Calls.Load() == 1 {
			return nil, errors.New("transient synthesis failure")
		}
		return jobstest.TinySong(), nil
	}
	sqsHandler := app.NewSQSHandler(st.Config, b, app.NewWorker(st.Config, b, gen, log), log)

	// Key management as `songsmith keys create` does it: through the KeyStore.
	k, key, err := jobs.NewAPIKey("e2e", time.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Keys.CreateKey(ctx, k); err != nil {
		t.Fatal(err)
	}

	ack := call(t, api, apiEvent(t, "generate.json", key, ""), http.StatusAccepted)
	if ack.JobID == "" || ack.PollURL != "/jobs/"+string(ack.JobID) {
		t.Fatalf("ack = %+v", ack)
	}
	if j := call(t, api, apiEvent(t, "getjob.json", key, ack.JobID), 200); j.Status != "running" || j.Result != nil {
		t.Fatalf("before work: %+v", j)
	}

	// Attempt 1 fails transiently: the record is reported, not deleted.
	ev := st.receive(t, st.Config.QueueURL, st.QueueARN, 5*time.Second)
	if len(ev.Records) != 1 || ev.Records[0].Body != string(ack.JobID) {
		t.Fatalf("queue holds %+v, want the job id", ev.Records)
	}
	res, err := sqsHandler.Handle(ctx, ev)
	if err != nil || len(res.BatchItemFailures) != 1 || res.BatchItemFailures[0].ItemIdentifier != ev.Records[0].MessageId {
		t.Fatalf("attempt 1: %+v, %v; want the record reported as failed", res, err)
	}
	st.settle(t, st.Config.QueueURL, ev, res)
	// SQS redelivers after the visibility timeout: attempt 2 completes.
	ev = st.receive(t, st.Config.QueueURL, st.QueueARN, 5*time.Second)
	if len(ev.Records) != 1 || ev.Records[0].Attributes["ApproximateReceiveCount"] != "2" {
		t.Fatalf("redelivery: %+v", ev.Records)
	}
	res, _ = sqsHandler.Handle(ctx, ev)
	if len(res.BatchItemFailures) != 0 {
		t.Fatalf("attempt 2: %+v", res)
	}
	st.settle(t, st.Config.QueueURL, ev, res)

	done := call(t, api, apiEvent(t, "getjob.json", key, ack.JobID), 200)
	if done.Status != "completed" || done.Result == nil || done.Error != nil || done.FinishedAt == "" {
		t.Fatalf("after work: %+v", done)
	}
	tiny := jobstest.TinySong()
	for _, f := range []struct {
		url  string
		want jobs.File
	}{{done.Result.SongURL, tiny.Audio}, {done.Result.ImageURL, tiny.Cover}} {
		ct, body := download(t, f.url)
		if ct != f.want.ContentType || string(body) != string(f.want.Data) {
			t.Fatalf("%s: %s, %d bytes; want %s, %d bytes", f.url, ct, len(body), f.want.ContentType, len(f.want.Data))
		}
	}

	// A duplicate delivery neither regenerates nor changes the job.
	res, _ = sqsHandler.Handle(ctx, ev)
	if len(res.BatchItemFailures) != 0 || gen.Calls.Load() != 2 {
		t.Fatalf("duplicate: %+v, %d generator calls, want 2", res, gen.Calls.Load())
	}
	if again := call(t, api, apiEvent(t, "getjob.json", key, ack.JobID), 200); again.Status != "completed" || again.FinishedAt != done.FinishedAt {
		t.Fatalf("duplicate changed the job: %+v", again)
	}

	// Another key gets 404 for the job; an unknown key 401.
	k2, key2, _ := jobs.NewAPIKey("other", time.Now(), 0)
	_ = b.Keys.CreateKey(ctx, k2)
	call(t, api, apiEvent(t, "getjob.json", key2, ack.JobID), http.StatusNotFound)
	call(t, api, apiEvent(t, "getjob.json", "ss_0123456789ab_nosuchkeynosuchkey", ack.JobID), http.StatusUnauthorized)

	t.Run("ExpiredJobIs404ButStored", func(t *testing.T) {
		j := jobstest.NewJob(k.ID)
		j.StartedAt, j.ExpiresAt = time.Now().Add(-2*time.Hour).Truncate(time.Second), time.Now().Add(-time.Minute).Truncate(time.Second)
		if err := b.Jobs.CreateJob(ctx, j); err != nil {
			t.Fatal(err)
		}
		call(t, api, apiEvent(t, "getjob.json", key, j.ID), http.StatusNotFound)
		if _, err := b.Jobs.Job(ctx, j.ID); err != nil {
			t.Fatalf("expired job should still be stored until TTL deletes it: %v", err)
		}
	})

	t.Run("CrashOnEveryDeliveryFailsViaDLQ", func(t *testing.T) {
		before := gen.Calls.Load()
		ack := call(t, api, apiEvent(t, "compose.json", key, ""), http.StatusAccepted)
		// The worker dies on every delivery: the message is received
		// maxReceiveCount times and never deleted nor reported.
		for i := 1; i <= maxAttempts; i++ {
			if ev := st.receive(t, st.Config.QueueURL, st.QueueARN, 5*time.Second); len(ev.Records) != 1 {
				t.Fatalf("delivery %d: %+v", i, ev.Records)
			}
		}
		if ev := st.receive(t, st.Config.QueueURL, st.QueueARN, 2*time.Second); len(ev.Records) != 0 {
			t.Fatalf("message delivered beyond maxReceiveCount: %+v", ev.Records)
		}
		dead := st.receive(t, st.Config.DLQURL, st.DLQARN, 5*time.Second)
		if len(dead.Records) != 1 || dead.Records[0].Body != string(ack.JobID) {
			t.Fatalf("dead-letter queue holds %+v", dead.Records)
		}
		res, _ := sqsHandler.Handle(ctx, dead)
		if len(res.BatchItemFailures) != 0 {
			t.Fatalf("dead letter: %+v", res)
		}
		j := call(t, api, apiEvent(t, "getjob.json", key, ack.JobID), 200)
		if j.Status != "failed" || j.Error == nil || *j.Error != worker.MsgRetriesExhausted || j.Result != nil || j.FinishedAt == "" {
			t.Fatalf("dead-lettered job: %+v", j)
		}
		if gen.Calls.Load() != before {
			t.Fatal("dead letter ran the generator")
		}
	})

	t.Run("RevokedKeyIs401", func(t *testing.T) {
		if err := b.Keys.RevokeKey(ctx, k2.ID, time.Now().Add(-time.Second)); err != nil {
			t.Fatal(err)
		}
		res, _ := api(ctx, apiEvent(t, "generate.json", key2, ""))
		if res.StatusCode != http.StatusUnauthorized || !strings.Contains(res.Body, `"error"`) {
			t.Fatalf("revoked key: %d %s", res.StatusCode, res.Body)
		}
	})
}

func TestOpenAWSNeedsResources(t *testing.T) {
	cfg, err := app.Load(func(k string) string { return map[string]string{"SONGSMITH_BACKEND": "aws", "SONGSMITH_TABLE": "t"}[k] })
	if err != nil {
		t.Fatal(err)
	}
	_, err = app.OpenAWS(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "SONGSMITH_QUEUE_URL, SONGSMITH_BUCKET") {
		t.Fatalf("err = %v, want the missing variables named", err)
	}
}
