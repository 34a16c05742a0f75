package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

func loadEvent(t *testing.T, name string, repl ...string) events.APIGatewayV2HTTPRequest {
	t.Helper()
	raw, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var ev events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal([]byte(strings.NewReplacer(repl...).Replace(string(raw))), &ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestLambdaHandler(t *testing.T) {
	e := newEnv(t, nil)
	h := httpapi.LambdaHandler(httpapi.New(e.Svc, httpapi.Options{MaxBodyBytes: 16 << 10}))
	ctx := context.Background()
	res, err := h(ctx, loadEvent(t, "apigw-generate.json", "{{KEY}}", e.Key))
	if err != nil || res.StatusCode != 202 {
		t.Fatalf("generate: %v %d %s", err, res.StatusCode, res.Body)
	}
	var ack httpapi.Ack
	if err := json.Unmarshal([]byte(res.Body), &ack); err != nil || ack.PollURL != "/jobs/"+string(ack.JobID) {
		t.Fatalf("ack %s: %v", res.Body, err)
	}
	if res.Headers["X-Request-Id"] != "Jx1sYhxyoAMEVxw=" {
		t.Fatalf("request id header %q", res.Headers["X-Request-Id"])
	}
	// Go writes header names in canonical case; HTTP matches them in any case.
	hdr := func(name string) string { return res.Headers[http.CanonicalHeaderKey(name)] }
	if lim := jobstest.Config().SubmitRate.N; hdr(httpapi.HeaderRateLimit) != strconv.Itoa(lim) ||
		hdr(httpapi.HeaderRateRemaining) != strconv.Itoa(lim-1) || hdr(httpapi.HeaderRateReset) == "" {
		t.Fatalf("rate-limit headers missing from the API Gateway response: %v", res.Headers)
	}
	res, _ = h(ctx, loadEvent(t, "apigw-getjob.json", "{{KEY}}", e.Key, "{{JOB_ID}}", string(ack.JobID)))
	var job map[string]any
	if res.StatusCode != 200 || json.Unmarshal([]byte(res.Body), &job) != nil || job["prompt"] != "melancholic lo-fi with dusty piano, 84 bpm" {
		t.Fatalf("getjob: %d %s", res.StatusCode, res.Body)
	}
	t.Run("ErrUnauthorizedIsAResponse", func(t *testing.T) {
		res, err := h(ctx, loadEvent(t, "apigw-getjob.json", "{{KEY}}", "nope", "{{JOB_ID}}", string(ack.JobID)))
		if err != nil || res.StatusCode != 401 || !strings.Contains(res.Body, `"error":"unauthorized"`) {
			t.Fatalf("%v %d %s", err, res.StatusCode, res.Body)
		}
	})
	t.Run("BadBase64IsA400", func(t *testing.T) {
		ev := loadEvent(t, "apigw-generate.json", "{{KEY}}", e.Key)
		ev.Body = "!!!"
		res, err := h(ctx, ev)
		if err != nil || res.StatusCode != 400 || !strings.Contains(res.Body, `"message"`) {
			t.Fatalf("%v %d %s", err, res.StatusCode, res.Body)
		}
	})
	t.Run("IdempotencyKeyLowerCased", func(t *testing.T) {
		ids := map[string]bool{}
		for i := 0; i < 2; i++ {
			ev := loadEvent(t, "apigw-generate.json", "{{KEY}}", e.Key)
			ev.Headers["idempotency-key"] = "lambda-retry-1"
			res, err := h(ctx, ev)
			var a httpapi.Ack
			if err != nil || res.StatusCode != 202 || json.Unmarshal([]byte(res.Body), &a) != nil {
				t.Fatalf("attempt %d: %v %d %s", i, err, res.StatusCode, res.Body)
			}
			ids[string(a.JobID)] = true
		}
		if len(ids) != 1 || ids[string(ack.JobID)] {
			t.Fatalf("job ids %v, want one new job for both attempts", ids)
		}
		ev := loadEvent(t, "apigw-generate.json", "{{KEY}}", e.Key)
		ev.Headers["idempotency-key"] = ""
		if res, _ := h(ctx, ev); res.StatusCode != 400 {
			t.Fatalf("empty key: %d %s", res.StatusCode, res.Body)
		}
	})
	t.Run("NamedStagePrefixStripped", func(t *testing.T) {
		ev := loadEvent(t, "apigw-getjob.json", "{{KEY}}", e.Key, "{{JOB_ID}}", string(ack.JobID))
		ev.RequestContext.Stage = "prod"
		ev.RawPath = "/prod" + ev.RawPath
		if res, _ := h(ctx, ev); res.StatusCode != 200 {
			t.Fatalf("%d %s", res.StatusCode, res.Body)
		}
	})
}
