package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/httpapi/openapitest"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/worker"
)

// lambdaClient sends API Gateway v2 events to the API Lambda's handler and
// checks each answer against the OpenAPI document.
// newAWSAPI starts an AWS stack on moto (2 attempts), opens its backend
// and returns a client of the API Lambda's handler that checks every
// exchange against openapi.json (v), after mutate (when not nil) has set
// the stack's configuration.
func newAWSAPI(t *testing.T, mutate func(*app.Config)) (*openapitest.Validator, *awsStack, *app.Backend, *slog.Logger, *lambdaClient) {
	t.Helper()
	v := openapitest.New(t)
	st := newAWSStack(t, 2)
	b, err := app.OpenAWS(context.Background(), st.Config)
	if err != nil {
		t.Fatal(err)
	}
	log := app.NewLogger(st.Config, io.Discard)
	if mutate != nil {
		mutate(&st.Config)
	}
	return v, st, b, log, &lambdaClient{t: t, v: v, h: app.NewAPIHandler(st.Config, b, log)}
}

type lambdaClient struct {
	t *testing.T
	v *openapitest.Validator
	h apiHandler
}

// do builds an HTTP API event (as API Gateway sends it on the $default
// stage) from events/getjob.json and invokes the handler.
func (c *lambdaClient) do(want int, method, path, key string, body []byte, hdr map[string]string, valid bool) []byte {
	t := c.t
	t.Helper()
	var ev events.APIGatewayV2HTTPRequest
	loadEvent(t, "getjob.json", &ev)
	p, query, _ := strings.Cut(path, "?")
	ev.RawPath, ev.RequestContext.HTTP.Path, ev.RequestContext.HTTP.Method = p, p, method
	ev.RawQueryString = query
	ev.RouteKey, ev.RequestContext.RouteKey = "$default", "$default"
	ev.PathParameters = nil
	ev.Headers = map[string]string{"host": ev.RequestContext.DomainName, "user-agent": "openapi-test"}
	reqHeader := http.Header{}
	if key != "" {
		ev.Headers["authorization"] = "Bearer " + key
	}
	if body != nil {
		ev.Headers["content-type"] = "application/json"
		ev.Body = string(body)
	}
	for k, v := range hdr {
		ev.Headers[strings.ToLower(k)] = v
	}
	for k, v := range ev.Headers {
		reqHeader.Set(k, v)
	}
	res, err := c.h(context.Background(), ev)
	if err != nil {
		t.Fatalf("%s %s: invoke error %v", method, path, err)
	}
	resHeader := http.Header{}
	for k, v := range res.Headers {
		resHeader.Set(k, v)
	}
	resBody := []byte(res.Body)
	if res.IsBase64Encoded {
		t.Fatalf("%s %s: unexpected binary body", method, path)
	}
	c.v.Check(t, openapitest.Exchange{Method: method, Path: path, ReqHeader: reqHeader, ReqBody: body, ValidRequest: valid,
		Status: res.StatusCode, ResHeader: resHeader, ResBody: resBody})
	if res.StatusCode != want {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, res.StatusCode, want, resBody)
	}
	return resBody
}

// brokenJobs is a job store whose reads and writes fail with err.
type brokenJobs struct {
	jobs.JobStore
	err error
}

func (b brokenJobs) Job(context.Context, jobs.JobID) (*jobs.Job, error) { return nil, b.err }
func (b brokenJobs) CreateJob(context.Context, *jobs.Job) error         { return b.err }

// Admit fails as the store's other writes do (brokenJobs is also the
// backend's Admitter).
func (b brokenJobs) Admit(context.Context, *jobs.Job, string, jobs.Limits) (jobs.Admission, error) {
	return jobs.Admission{}, b.err
}

// Dispatched fails as the store's other writes do.
func (b brokenJobs) Dispatched(context.Context, *jobs.Job) error { return b.err }

// TestOpenAPIAWS validates the API Lambda's answers on the AWS backend
// (DynamoDB, SQS and S3 on moto) against openapi.json: every documented
// outcome of the interface's operations and of the service endpoints the
// Lambda serves (the media path is the local server's only: on AWS media
// URLs are presigned S3 URLs).
func TestOpenAPIAWS(t *testing.T) {
	v, st, b, log, c := newAWSAPI(t, func(c *app.Config) { c.MaxBodyBytes = 4096 })
	ctx := context.Background()
	tight := st.Config
	tight.Service.SubmitRate, tight.Service.PollRate = jobs.Rate{N: 1, Per: time.Hour}, jobs.Rate{N: 1, Per: time.Hour}
	tc := &lambdaClient{t: t, v: v, h: app.NewAPIHandler(tight, b, log)}
	gen := &jobstest.Generator{}
	w := app.NewWorker(st.Config, b, gen, log)
	newKey := func() string { return newAWSKey(t, b, "openapi") }
	key, other := newKey(), newKey()
	prompt := []byte(`{"prompt": "sunny reggae with a walking bass"}`)

	c.do(200, "GET", "/openapi.json", "", nil, nil, true)
	c.do(405, "POST", "/openapi.json", "", nil, nil, false)
	c.do(200, "GET", "/", "", nil, nil, true)
	c.do(405, "POST", "/", "", nil, nil, false)
	for _, f := range []string{"app.js", "style.css"} {
		c.do(200, "GET", "/playground/"+f, "", nil, nil, true)
	}
	c.do(404, "GET", "/playground/nope.js", "", nil, nil, true)
	c.do(405, "POST", "/playground/app.js", "", nil, nil, false)
	c.do(200, "GET", "/healthz", "", nil, nil, true)
	c.do(405, "DELETE", "/healthz", "", nil, nil, false)

	var ack struct {
		JobID   jobs.JobID `json:"job_id"`
		PollURL string     `json:"poll_url"`
	}
	if err := json.Unmarshal(c.do(202, "POST", "/generate", key, prompt, map[string]string{"Idempotency-Key": "aws-1"}, true), &ack); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/generate", "/compose"} {
		c.do(202, "POST", path, key, prompt, map[string]string{"Idempotency-Key": "aws-1"}, true) // replay
		c.do(409, "POST", path, key, []byte(`{"prompt": "other"}`), map[string]string{"Idempotency-Key": "aws-1"}, true)
		c.do(400, "POST", path, key, []byte(`{"prompt": ""}`), nil, false)
		c.do(400, "POST", path, key, []byte(`{"prompt": `), nil, false)
		c.do(401, "POST", path, "", prompt, nil, false)
		c.do(401, "POST", path, "ss_0123456789ab_wrongwrongwrongwrong0000", prompt, nil, false)
		c.do(405, "GET", path, key, nil, nil, false)
		c.do(413, "POST", path, key, []byte(`{"prompt": "`+strings.Repeat("x", 5000)+`"}`), nil, false)
	}
	c.do(202, "POST", "/compose", key, prompt, nil, true)

	if j := c.do(200, "GET", ack.PollURL, key, nil, nil, true); !bytes.Contains(j, []byte(`"running"`)) {
		t.Fatalf("not running: %s", j)
	}
	if out, err := w.Process(ctx, ack.JobID, 1); out != worker.Completed {
		t.Fatalf("process: %s %v", out, err)
	}
	var done struct {
		Status string `json:"status"`
		Result struct {
			SongURL string `json:"song_url"`
		} `json:"result"`
	}
	if err := json.Unmarshal(c.do(200, "GET", ack.PollURL, key, nil, nil, true), &done); err != nil || done.Status != "completed" {
		t.Fatalf("completed: %+v %v", done, err)
	}
	if !strings.HasPrefix(done.Result.SongURL, st.Endpoint) {
		t.Errorf("song_url %q is not on S3 (moto)", done.Result.SongURL)
	}
	gen.Func = func(context.Context, string, uint64, jobs.Options) (*jobs.Song, error) {
		return nil, jobs.Errorf(jobs.EInvalid, "This prompt cannot be played.")
	}
	var fack struct {
		JobID jobs.JobID `json:"job_id"`
	}
	_ = json.Unmarshal(c.do(202, "POST", "/generate", key, []byte(`{"prompt": "a song that fails"}`), nil, true), &fack)
	if out, _ := w.Process(ctx, fack.JobID, 1); out != worker.Failed {
		t.Fatalf("outcome %s", out)
	}
	if j := c.do(200, "GET", "/jobs/"+string(fack.JobID), key, nil, nil, true); !bytes.Contains(j, []byte(`"failed"`)) {
		t.Fatalf("not failed: %s", j)
	}
	c.do(404, "GET", ack.PollURL, other, nil, nil, true)
	c.do(404, "GET", "/jobs/00000000-0000-4000-8000-000000000000", key, nil, nil, true)
	c.do(401, "GET", ack.PollURL, "", nil, nil, false)
	c.do(405, "PUT", ack.PollURL, key, nil, nil, false)

	// Rate limits (one request per hour per key and kind).
	k3 := newKey()
	tc.do(202, "POST", "/generate", k3, prompt, nil, true)
	tc.do(429, "POST", "/generate", k3, prompt, nil, true)
	tc.do(429, "POST", "/compose", k3, prompt, nil, true)
	tc.do(200, "GET", ack.PollURL, key, nil, nil, true)
	tc.do(429, "GET", ack.PollURL, key, nil, nil, true)

	// A store that fails (500) or is down (503), keys and limits on moto.
	withBrokenStore(t, v, st.Config, b, log, func(bc *lambdaClient, status int) {
		bc.do(status, "POST", "/generate", key, prompt, nil, true)
		bc.do(status, "POST", "/compose", key, prompt, nil, true)
		bc.do(status, "GET", ack.PollURL, key, nil, nil, true)
		bc.do(503, "GET", "/healthz", "", nil, nil, true) // the probe reads the table
	})

	if miss := v.Missing(nil, "submitJob", "submitJobCompose", "getJob", "health", "openapi", "playground", "playgroundAsset"); len(miss) > 0 {
		t.Errorf("documented outcomes never exercised on AWS: %v", miss)
	}
}
