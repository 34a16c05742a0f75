package lambdatest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/songsmith/songsmith/internal/dynamo"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/lambdatest"
	"github.com/songsmith/songsmith/internal/s3media"
	"github.com/songsmith/songsmith/internal/sqsqueue"
	"github.com/songsmith/songsmith/internal/testutil"
	"github.com/songsmith/songsmith/internal/worker"
)

// function is one started bootstrap process and its Runtime API.
type function struct {
	rt     *lambdatest.Runtime
	init   time.Duration // process start to first GET /next
	stdout *lockedBuffer
	stderr *lockedBuffer
}

// lockedBuffer collects a process's output while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func start(t *testing.T, bin, name string, env map[string]string) *function {
	rt := lambdatest.NewRuntime("arn:aws:lambda:us-east-1:123456789012:function:songsmith-" + name)
	t.Cleanup(rt.Close)
	cmd := exec.Command(bin)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "AWS_LAMBDA_RUNTIME_API=" + rt.Addr(),
		"AWS_LAMBDA_FUNCTION_NAME=songsmith-" + name, "AWS_LAMBDA_FUNCTION_MEMORY_SIZE=512", "_HANDLER=bootstrap", "LAMBDA_TASK_ROOT=" + filepath.Dir(bin)}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	stderr, stdout := &lockedBuffer{}, &lockedBuffer{}
	cmd.Stderr, cmd.Stdout = stderr, stdout
	begin := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("%s stderr:\n%s", name, stderr.String())
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	at, err := rt.FirstNext(ctx)
	if err != nil {
		t.Fatalf("%s never asked for an event: %v\n%s", name, err, stderr.String())
	}
	return &function{rt: rt, init: at.Sub(begin), stdout: stdout, stderr: stderr}
}

func (f *function) invoke(t *testing.T, payload any) []byte {
	t.Helper()
	b, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := f.rt.Invoke(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	if res.Error {
		t.Fatalf("invoke error: %s", res.Body)
	}
	return res.Body
}

func loadEvent(t *testing.T, name string, v any) {
	b, err := os.ReadFile(filepath.Join("..", "..", "events", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

func apiCall(t *testing.T, f *function, file, key string, id jobs.JobID) (int, map[string]any) {
	t.Helper()
	var ev events.APIGatewayV2HTTPRequest
	loadEvent(t, file, &ev)
	ev.Headers["authorization"] = "Bearer " + key
	if id != "" {
		ev.PathParameters["job_id"], ev.RawPath, ev.RequestContext.HTTP.Path = string(id), "/jobs/"+string(id), "/jobs/"+string(id)
	}
	var res events.APIGatewayV2HTTPResponse
	if err := json.Unmarshal(f.invoke(t, ev), &res); err != nil {
		t.Fatal(err)
	}
	var body map[string]any
	if err := json.Unmarshal([]byte(res.Body), &body); err != nil {
		t.Fatalf("%s: body %q: %v", file, res.Body, err)
	}
	return res.StatusCode, body
}

// routeCall sends method path to f as the $default route would (API
// Gateway's routeKey "$default", no path parameters) and returns the status,
// the Allow header and the JSON body.
func routeCall(t *testing.T, f *function, method, path string) (int, string, map[string]any) {
	t.Helper()
	var ev events.APIGatewayV2HTTPRequest
	loadEvent(t, "getjob.json", &ev)
	ev.RouteKey, ev.RequestContext.RouteKey, ev.PathParameters = "$default", "$default", nil
	ev.RawPath, ev.RequestContext.HTTP.Path, ev.RequestContext.HTTP.Method = path, path, method
	ev.RequestContext.RequestID = "gw-" + strings.ReplaceAll(strings.Trim(path, "/"), "/", "-")
	var res events.APIGatewayV2HTTPResponse
	if err := json.Unmarshal(f.invoke(t, ev), &res); err != nil {
		t.Fatal(err)
	}
	var body map[string]any
	if err := json.Unmarshal([]byte(res.Body), &body); err != nil {
		t.Fatalf("%s %s: body %q is not JSON: %v", method, path, res.Body, err)
	}
	return res.StatusCode, res.Headers["Allow"], body
}

// pageCall sends GET path to f as API Gateway does through the route
// routeKey (its path parameters in params) and returns the response.
func pageCall(t *testing.T, f *function, routeKey, path string, params map[string]string) events.APIGatewayV2HTTPResponse {
	t.Helper()
	var ev events.APIGatewayV2HTTPRequest
	loadEvent(t, "getjob.json", &ev)
	ev.RouteKey, ev.RequestContext.RouteKey, ev.PathParameters = routeKey, routeKey, params
	ev.RawPath, ev.RequestContext.HTTP.Path, ev.RequestContext.HTTP.Method = path, path, "GET"
	delete(ev.Headers, "authorization")
	var res events.APIGatewayV2HTTPResponse
	if err := json.Unmarshal(f.invoke(t, ev), &res); err != nil {
		t.Fatal(err)
	}
	return res
}

// TestBootstraps runs the built bootstrap binaries against the fake
// Runtime API with moto behind them, checks their answers and reports
// each one's cold-start init time.
func TestBootstraps(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and runs every bootstrap binary")
	}
	ep := testutil.StartMotoLong(t)
	ctx := context.Background()
	ac := testutil.AWSConfig(ep)
	table, bucket := testutil.UniqueName("songsmith"), testutil.UniqueName("songsmith-media")
	ddb := dynamodb.NewFromConfig(ac)
	if err := dynamo.CreateTable(ctx, ddb, table); err != nil {
		t.Fatal(err)
	}
	if err := s3media.CreateBucket(ctx, s3.NewFromConfig(ac, s3media.Options(ac)), bucket); err != nil {
		t.Fatal(err)
	}
	sq := sqs.NewFromConfig(ac)
	qurl, dlqurl, err := sqsqueue.CreateQueues(ctx, sq, testutil.UniqueName("songsmith-jobs"), 30*time.Second, 3)
	if err != nil {
		t.Fatal(err)
	}
	k, key, _ := jobs.NewAPIKey("bootstrap-test", time.Now(), 0)
	if err := dynamo.New(ddb, table).CreateKey(ctx, k); err != nil {
		t.Fatal(err)
	}
	env := testutil.AWSEnv(ep)
	for k, v := range map[string]string{"SONGSMITH_BACKEND": "aws", "SONGSMITH_TABLE": table, "SONGSMITH_QUEUE_URL": qurl,
		"SONGSMITH_DLQ_URL": dlqurl, "SONGSMITH_BUCKET": bucket, "SONGSMITH_LOG_LEVEL": "warn",
		"SONGSMITH_METRICS_NAMESPACE": "Songsmith/bootstrap-test"} {
		env[k] = v
	}
	dir := samBuild(t, runtime.GOARCH)
	fns := map[string]*function{}
	for _, name := range functions {
		fns[name] = start(t, filepath.Join(dir, name, "bootstrap"), name, env)
		st, _ := os.Stat(filepath.Join(dir, name, "bootstrap"))
		t.Logf("%s: init %v (process start to first /next), host binary %.1f MiB", name, fns[name].init.Round(time.Millisecond), float64(st.Size())/(1<<20))
	}

	code, ack := apiCall(t, fns["generate"], "generate.json", key, "")
	id := jobs.JobID(fmt.Sprint(ack["job_id"]))
	if code != 202 || ack["poll_url"] != "/jobs/"+string(id) {
		t.Fatalf("generate: %d %v", code, ack)
	}
	if code, job := apiCall(t, fns["getjob"], "getjob.json", key, id); code != 200 || job["status"] != "running" {
		t.Fatalf("getjob: %d %v", code, job)
	}
	if code, _ := apiCall(t, fns["getjob"], "getjob.json", key, jobs.NewJobID()); code != 404 {
		t.Fatalf("getjob of unknown id: %d, want 404", code)
	}
	if code, _ := apiCall(t, fns["generate"], "compose.json", "ss_0123456789ab_nosuchkeynosuchkey", ""); code != 401 {
		t.Fatalf("compose with unknown key: %d, want 401", code)
	}

	// What API Gateway sends to GetJobFunction through GET /healthz and the
	// $default route: our handler answers with the local server's JSON.
	if code, _, body := routeCall(t, fns["getjob"], "GET", "/healthz"); code != 200 || body["status"] != "ok" {
		t.Errorf("GET /healthz: %d %v", code, body)
	}
	if code, _, body := routeCall(t, fns["getjob"], "GET", "/nope"); code != 404 || body["error"] != "not_found" || body["message"] == "" {
		t.Errorf("GET /nope: %d %v, want 404 not_found", code, body)
	}
	for _, c := range []struct{ method, path, allow string }{{"GET", "/generate", "POST"}, {"PUT", "/jobs/" + string(id), "DELETE, GET"}, {"POST", "/healthz", "GET"}} {
		code, allow, body := routeCall(t, fns["getjob"], c.method, c.path)
		if code != 405 || allow != c.allow || body["error"] == nil || body["message"] == "" {
			t.Errorf("%s %s: %d Allow %q %v, want 405 with Allow %s and the JSON error body", c.method, c.path, code, allow, body, c.allow)
		}
	}
	// The playground and the OpenAPI document, through their routes in
	// template.yaml, with no key: text bodies (not base64), the page's CSP.
	for _, c := range []struct{ route, path, file, ctype, has string }{
		{"GET /", "/", "", "text/html; charset=utf-8", "<audio"},
		{"GET /playground/{file}", "/playground/app.js", "app.js", "text/javascript; charset=utf-8", "localStorage"},
		{"GET /playground/{file}", "/playground/style.css", "style.css", "text/css; charset=utf-8", "@media"},
		{"GET /openapi.json", "/openapi.json", "", "application/json; charset=utf-8", `"openapi": "3.1.0"`},
	} {
		var params map[string]string
		if c.file != "" {
			params = map[string]string{"file": c.file}
		}
		res := pageCall(t, fns["getjob"], c.route, c.path, params)
		if res.StatusCode != 200 || res.Headers["Content-Type"] != c.ctype || res.IsBase64Encoded || !strings.Contains(res.Body, c.has) {
			t.Errorf("GET %s: %d %q base64 %v, body has %q: %v", c.path, res.StatusCode, res.Headers["Content-Type"], res.IsBase64Encoded, c.has, strings.Contains(res.Body, c.has))
		}
		if c.path == "/" && !strings.Contains(res.Headers["Content-Security-Policy"], "default-src 'none'") {
			t.Errorf("GET /: CSP %q", res.Headers["Content-Security-Policy"])
		}
	}
	if res := pageCall(t, fns["getjob"], "GET /playground/{file}", "/playground/x.js", map[string]string{"file": "x.js"}); res.StatusCode != 404 {
		t.Errorf("GET /playground/x.js: %d, want 404", res.StatusCode)
	}

	// Every request line carries the invocation's request id, which API
	// Gateway's access log prints as integrationRequestId.
	logged := false
	for _, line := range strings.Split(fns["getjob"].stderr.String(), "\n") {
		if strings.Contains(line, `"path":"/nope"`) {
			logged = true
			if !strings.Contains(line, `"aws_request_id":"`) {
				t.Errorf("request line without aws_request_id: %s", line)
			}
		}
	}
	if !logged {
		t.Errorf("no request line for GET /nope in the getjob log:\n%s", fns["getjob"].stderr.String())
	}

	// The worker gets a batch: an unknown job from the jobs queue (dropped)
	// and the submitted job from the dead-letter queue (failed). Neither
	// runs the generator, so the test stays fast.
	arn := func(url string) string {
		out, err := sq.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{QueueUrl: aws.String(url), AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameQueueArn}})
		if err != nil {
			t.Fatal(err)
		}
		return out.Attributes["QueueArn"]
	}
	var ev events.SQSEvent
	loadEvent(t, "sqs.json", &ev)
	live := ev.Records[0]
	live.MessageId, live.Body, live.EventSourceARN = "m-live", string(jobs.NewJobID()), arn(qurl)
	dead := ev.Records[0]
	dead.MessageId, dead.Body, dead.EventSourceARN = "m-dead", string(id), arn(dlqurl)
	ev.Records = []events.SQSMessage{live, dead}
	var batch events.SQSEventResponse
	if err := json.Unmarshal(fns["worker"].invoke(t, ev), &batch); err != nil {
		t.Fatal(err)
	}
	if len(batch.BatchItemFailures) != 0 {
		t.Fatalf("worker batch failures: %+v", batch.BatchItemFailures)
	}
	if code, job := apiCall(t, fns["getjob"], "getjob.json", key, id); code != 200 || job["status"] != "failed" || job["error"] == nil {
		t.Fatalf("after dead letter: %d %v", code, job)
	}

	// The worker wrote one Embedded Metric Format record per record of the
	// batch to stdout, where Lambda's log stream takes it to CloudWatch.
	outcomes := map[string]string{}
	for _, line := range strings.Split(fns["worker"].stdout.String(), "\n") {
		if !strings.Contains(line, `"_aws"`) {
			continue
		}
		rec, _ := testutil.CheckEMF(t, []byte(line))
		outcomes[fmt.Sprint(rec["job_id"])] = fmt.Sprint(rec["Outcome"])
		ns := rec["_aws"].(map[string]any)["CloudWatchMetrics"].([]any)[0].(map[string]any)["Namespace"]
		if ns != "Songsmith/bootstrap-test" {
			t.Errorf("metrics namespace %v", ns)
		}
	}
	if len(outcomes) != 2 || outcomes[live.Body] != string(worker.Skipped) || outcomes[string(id)] != string(worker.Failed) {
		t.Fatalf("worker metrics by job %v, want %s skipped and %s failed", outcomes, live.Body, id)
	}
}
