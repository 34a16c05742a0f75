package lambdatest_test

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/httpapi"
)

// TestTemplateDelivery checks the queue settings against the worker: the
// redrive count leaves headroom over MaxAttempts (app.MaxReceiveCount, at
// least 5), the visibility timeout is 6 x the worker's timeout, a
// generation ends before the Lambda deadline, JobTimeout outlasts every
// delivery the queue allows, and the worker's reserved concurrency covers
// both of its event sources.
func TestTemplateDelivery(t *testing.T) {
	c := loadTemplate(t)
	allowed := strs(c.path("Parameters", "MaxAttempts", "AllowedValues"))
	if len(allowed) < 10 {
		t.Fatalf("MaxAttempts allows %v", allowed)
	}
	for _, a := range allowed {
		n, _ := strconv.Atoi(a)
		got := num(t, c.path("Mappings", "Redrive", a), "MaxReceiveCount")
		if got != app.MaxReceiveCount(n) || got < 5 || got <= n {
			t.Errorf("Redrive[%s] = %d, want app.MaxReceiveCount(%d) = %d (>= 5, > MaxAttempts)", a, got, n, app.MaxReceiveCount(n))
		}
	}
	q := c.res(t, "JobsQueue")
	if fim := strs(dig(q, "Properties", "RedrivePolicy", "maxReceiveCount", "Fn::FindInMap")); len(fim) != 3 || fim[0] != "Redrive" || fim[2] != "MaxReceiveCount" ||
		str(q, "Properties", "RedrivePolicy", "maxReceiveCount", "Fn::FindInMap", "1", "Ref") != "MaxAttempts" {
		t.Errorf("JobsQueue maxReceiveCount = %v, want !FindInMap [Redrive, !Ref MaxAttempts, MaxReceiveCount]", dig(q, "Properties", "RedrivePolicy", "maxReceiveCount"))
	}
	vis := time.Duration(num(t, q, "Properties", "VisibilityTimeout")) * time.Second
	w := c.res(t, "WorkerFunction")
	timeout := time.Duration(num(t, w, "Properties", "Timeout")) * time.Second
	if vis != app.QueueVisibility || vis < 6*timeout {
		t.Errorf("visibility %v, want app.QueueVisibility %v and at least 6 x the worker timeout %v", vis, app.QueueVisibility, timeout)
	}
	gen, err := time.ParseDuration(str(c.path("Globals", "Function", "Environment", "Variables"), "SONGSMITH_GENERATE_TIMEOUT"))
	if err != nil {
		t.Fatal(err)
	}
	// 15 s: what the worker keeps before the Lambda deadline to record an
	// attempt's outcome.
	if gen+15*time.Second > timeout {
		t.Errorf("SONGSMITH_GENERATE_TIMEOUT %v leaves less than 15 s of the worker's %v", gen, timeout)
	}
	attempts, _ := strconv.Atoi(c.paramDefault(t, "MaxAttempts"))
	jt, err := time.ParseDuration(c.paramDefault(t, "JobTimeout"))
	if err != nil {
		t.Fatal(err)
	}
	if need := time.Duration(app.MaxReceiveCount(attempts)) * vis; jt < need {
		t.Errorf("JobTimeout default %v < %d deliveries x %v visibility", jt, app.MaxReceiveCount(attempts), vis)
	}
	// Reserved concurrency: a parameter, none when 0, by default at least
	// the sum of every event source's MaximumConcurrency (a throttled SQS
	// record returns only after the visibility timeout and counts toward
	// the dead-letter limit).
	rc := dig(w, "Properties", "ReservedConcurrentExecutions", "Fn::If")
	if str(rc, "0") != "HasWorkerReservation" || str(rc, "1", "Ref") != "WorkerReservedConcurrency" || str(rc, "2", "Ref") != "AWS::NoValue" {
		t.Errorf("worker ReservedConcurrentExecutions = %v", dig(w, "Properties", "ReservedConcurrentExecutions"))
	}
	cond := strs(dig(c.path("Conditions", "HasWorkerReservation"), "Fn::Not", "0", "Fn::Equals"))
	if len(cond) != 2 || str(c.path("Conditions", "HasWorkerReservation"), "Fn::Not", "0", "Fn::Equals", "0", "Ref") != "WorkerReservedConcurrency" || cond[1] != "0" {
		t.Errorf("HasWorkerReservation = %v, want WorkerReservedConcurrency != 0", c.path("Conditions", "HasWorkerReservation"))
	}
	reserved, _ := strconv.Atoi(c.paramDefault(t, "WorkerReservedConcurrency"))
	events, _ := dig(w, "Properties", "Events").(map[string]any)
	sum, sources := 0, 0
	for name, ev := range events {
		if str(ev, "Type") != "SQS" {
			continue
		}
		sources++
		mc := dig(ev, "Properties", "ScalingConfig", "MaximumConcurrency")
		if mc == nil {
			t.Errorf("event source %s has no MaximumConcurrency: it could take the whole reservation", name)
			continue
		}
		if ref := str(mc, "Ref"); ref != "" {
			n, _ := strconv.Atoi(c.paramDefault(t, ref))
			sum += n
		} else {
			sum += num(t, ev, "Properties", "ScalingConfig", "MaximumConcurrency")
		}
	}
	if sources < 3 || reserved < sum {
		t.Errorf("WorkerReservedConcurrency default %d < %d, the sum of the MaximumConcurrency of its %d SQS event sources", reserved, sum, sources)
	}
}

// httpRoutes returns "<function> <METHOD> <path>" for every HttpApi event
// ("$default" for an event without Path and Method).
func httpRoutes(t *testing.T, c cfn) []string {
	var out []string
	for _, fn := range []string{"GenerateFunction", "GetJobFunction", "WorkerFunction"} {
		evs, _ := dig(c.res(t, fn), "Properties", "Events").(map[string]any)
		for _, ev := range evs {
			if str(ev, "Type") != "HttpApi" {
				continue
			}
			if str(ev, "Properties", "ApiId", "Ref") != "HttpApi" {
				t.Errorf("%s: HttpApi event not on HttpApi", fn)
			}
			m, p := str(ev, "Properties", "Method"), str(ev, "Properties", "Path")
			if m == "" && p == "" {
				out = append(out, fn+" $default")
				continue
			}
			out = append(out, fn+" "+m+" "+p)
		}
	}
	slices.Sort(out)
	return out
}

// TestTemplateRoutes checks that API Gateway forwards every request to our
// handler: the documented routes, GET /healthz, the playground page and
// its files, the OpenAPI document, and the $default route
// (unknown paths and methods, answered 404/405 with our JSON body by the
// read-only GetJobFunction); and that the stage throttling is explicit and
// documented, since API Gateway's own 429 cannot carry our body.
func TestTemplateRoutes(t *testing.T) {
	c := loadTemplate(t)
	want := []string{"GenerateFunction POST /compose", "GenerateFunction POST /generate", "GenerateFunction POST /jobs/{job_id}/edit",
		"GetJobFunction $default", "GetJobFunction DELETE /jobs/{job_id}", "GetJobFunction GET /", "GetJobFunction GET /collections/{collection_id}", "GetJobFunction GET /healthz", "GetJobFunction GET /jobs", "GetJobFunction GET /jobs/{job_id}",
		"GetJobFunction GET /openapi.json", "GetJobFunction GET /playground/{file}", "GetJobFunction POST /jobs/{job_id}/cancel"}
	if got := httpRoutes(t, c); !slices.Equal(got, want) {
		t.Errorf("routes\n got %v\nwant %v", got, want)
	}
	// Every path of the OpenAPI document has its own route, except the
	// local server's media path (presigned S3 URLs on AWS).
	var doc struct {
		Paths map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(httpapi.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	for p, ops := range doc.Paths {
		if strings.HasPrefix(p, "/media/") {
			continue
		}
		for m := range ops {
			if !slices.ContainsFunc(want, func(r string) bool { return strings.HasSuffix(r, " "+strings.ToUpper(m)+" "+p) }) {
				t.Errorf("openapi.json's %s %s has no route in template.yaml", strings.ToUpper(m), p)
			}
		}
	}
	for _, p := range []string{httpapi.PlaygroundPath, httpapi.PlaygroundAssets + "{file}", httpapi.OpenAPIPath} {
		if !slices.Contains(want, "GetJobFunction GET "+p) {
			t.Errorf("no GET %s route", p)
		}
	}
	api := c.res(t, "HttpApi")
	for param, field := range map[string]string{"ThrottlingBurstLimit": "ThrottlingBurstLimit", "ThrottlingRateLimit": "ThrottlingRateLimit"} {
		if str(api, "Properties", "DefaultRouteSettings", field, "Ref") != param {
			t.Errorf("stage %s is not the parameter %s", field, param)
		}
	}
	if d := str(c.path("Parameters", "ThrottlingBurstLimit"), "Description"); !strings.Contains(d, "429") || !strings.Contains(d, "Retry-After") {
		t.Errorf("ThrottlingBurstLimit's description does not say what API Gateway answers: %q", d)
	}
	// The stage limit sits well above one key's limits, so our limiter (with
	// its JSON body and Retry-After) answers first for any single client.
	rate, _ := strconv.ParseFloat(c.paramDefault(t, "ThrottlingRateLimit"), 64)
	burst, _ := strconv.ParseFloat(c.paramDefault(t, "ThrottlingBurstLimit"), 64)
	perKey := 0.0
	for _, p := range []string{"SubmitRate", "PollRate"} {
		r, err := app.ParseRate(c.paramDefault(t, p))
		if err != nil {
			t.Fatal(err)
		}
		perKey += float64(r.N) / r.Per.Seconds()
	}
	if rate < 20*perKey || burst < rate {
		t.Errorf("stage limits rate %v burst %v, want rate >= 20 keys at full per-key rate (%.2f/s) and burst >= rate", rate, burst, perKey)
	}
	// The submission routes have their own lower limit, sized from the
	// per-key submit rate: it carries at least 20 keys submitting at their
	// full rate, stays under the stage's, and bounds the generate
	// invocations a flood (with or without a key) can cause.
	submit, err := app.ParseRate(c.paramDefault(t, "SubmitRate"))
	if err != nil {
		t.Fatal(err)
	}
	sRate, _ := strconv.ParseFloat(c.paramDefault(t, "SubmitThrottlingRateLimit"), 64)
	sBurst, _ := strconv.ParseFloat(c.paramDefault(t, "SubmitThrottlingBurstLimit"), 64)
	perKeySubmit := float64(submit.N) / submit.Per.Seconds()
	if sRate < 20*perKeySubmit || sRate > rate || sBurst < sRate || sBurst > burst {
		t.Errorf("submit route limits rate %v burst %v: want >= 20 keys at %.2f/s, under the stage's %v/%v, burst >= rate", sRate, sBurst, perKeySubmit, rate, burst)
	}
	for _, route := range []string{"POST /generate", "POST /compose", "POST /jobs/{job_id}/edit"} {
		for param, field := range map[string]string{"SubmitThrottlingBurstLimit": "ThrottlingBurstLimit", "SubmitThrottlingRateLimit": "ThrottlingRateLimit"} {
			if str(api, "Properties", "RouteSettings", route, field, "Ref") != param {
				t.Errorf("%s's %s is not the parameter %s", route, field, param)
			}
		}
	}
}

// TestTemplateAccessLog checks the HTTP API's access log: JSON lines to a
// log group with the configured retention, carrying the request ids that
// join the functions' lines.
func TestTemplateAccessLog(t *testing.T) {
	c := loadTemplate(t)
	set := dig(c.res(t, "HttpApi"), "Properties", "AccessLogSettings")
	lg := strings.TrimSuffix(str(set, "DestinationArn", "Fn::GetAtt"), ".Arn")
	if g := c.res(t, lg); str(g, "Type") != "AWS::Logs::LogGroup" || str(g, "Properties", "RetentionInDays", "Ref") != "LogRetentionDays" {
		t.Errorf("access log destination %s is not a log group with LogRetentionDays", lg)
	}
	format := str(set, "Format")
	if strings.Contains(format, "\n") {
		t.Error("access log format spans lines")
	}
	var fields map[string]string
	if err := json.Unmarshal([]byte(format), &fields); err != nil {
		t.Fatalf("access log format is not a JSON object: %v\n%s", err, format)
	}
	for k, v := range map[string]string{"requestId": "$context.requestId", "integrationRequestId": "$context.integration.requestId",
		"status": "$context.status", "method": "$context.httpMethod", "path": "$context.path", "routeKey": "$context.routeKey",
		"error": "$context.error.message", "errorType": "$context.error.responseType"} {
		if fields[k] != v {
			t.Errorf("access log field %s = %q, want %q", k, fields[k], v)
		}
	}
	if app.AWSRequestIDAttr != "aws_request_id" {
		t.Errorf("the function's request id attribute is %q; docs/deploying.md documents aws_request_id", app.AWSRequestIDAttr)
	}
	if doc, err := os.ReadFile("../../docs/deploying.md"); err != nil || !strings.Contains(string(doc), "`"+app.AWSRequestIDAttr+"`") {
		t.Errorf("docs/deploying.md's access-log section does not name %s (%v)", app.AWSRequestIDAttr, err)
	}
}

// TestTemplateMediaBucket checks the bucket's lifecycle decisions: kept
// when the stack goes, SSE-S3 without a (KMS-only) bucket key, and CORS for
// browser fetch() from the API's CORS origin.
func TestTemplateMediaBucket(t *testing.T) {
	c := loadTemplate(t)
	b := c.res(t, "MediaBucket")
	if str(b, "DeletionPolicy") != "Retain" || str(b, "UpdateReplacePolicy") != "Retain" {
		t.Errorf("MediaBucket DeletionPolicy %q UpdateReplacePolicy %q, want Retain", str(b, "DeletionPolicy"), str(b, "UpdateReplacePolicy"))
	}
	sse := dig(b, "Properties", "BucketEncryption", "ServerSideEncryptionConfiguration", "0")
	if str(sse, "ServerSideEncryptionByDefault", "SSEAlgorithm") != "AES256" || dig(sse, "BucketKeyEnabled") != nil {
		t.Errorf("encryption %v, want AES256 without BucketKeyEnabled", sse)
	}
	cors := dig(b, "Properties", "CorsConfiguration", "Fn::If")
	rule := dig(cors, "1", "CorsRules", "0")
	if str(cors, "0") != "HasCorsOrigin" || str(cors, "2", "Ref") != "AWS::NoValue" || str(rule, "AllowedOrigins", "0", "Ref") != "CorsOrigin" {
		t.Fatalf("MediaBucket CORS %v, want rules for CorsOrigin when set", dig(b, "Properties", "CorsConfiguration"))
	}
	if m := strs(dig(rule, "AllowedMethods")); !slices.Equal(m, []string{"GET", "HEAD"}) {
		t.Errorf("media CORS methods %v, want GET and HEAD", m)
	}
	if h := strs(dig(rule, "AllowedHeaders")); !slices.Contains(h, "range") {
		t.Errorf("media CORS headers %v lack range (seeking in <audio> via fetch)", h)
	}
}

// TestSamconfigBuildsEveryTime checks that `sam build` never reuses a
// cached function build: SAM's cache key covers only CodeUri
// (functions/<name>/), not internal/, so a cached build would ship stale
// code. The Makefile targets it runs are phony, so make never skips them.
func TestSamconfigBuildsEveryTime(t *testing.T) {
	section := ""
	found := false
	for _, line := range strings.Split(readRoot(t, "samconfig.toml"), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			section = line
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(line, "#") || strings.TrimSpace(k) != "cached" {
			continue
		}
		if strings.TrimSpace(v) != "false" {
			t.Errorf("samconfig.toml %s sets cached = %s", section, strings.TrimSpace(v))
		}
		if section == "[default.build.parameters]" {
			found = true
		}
	}
	if !found {
		t.Error("samconfig.toml's [default.build.parameters] does not say cached = false")
	}
	mk := readRoot(t, "Makefile.aws")
	for _, f := range functions {
		target := "build-" + logicalIDs[f]
		phony := func(s string) bool {
			for _, l := range strings.Split(s, "\n") {
				if strings.HasPrefix(l, ".PHONY:") && slices.Contains(strings.Fields(l), target) {
					return true
				}
			}
			return false
		}
		if !phony(mk) || !phony(readRoot(t, "functions/"+f+"/Makefile")) {
			t.Errorf("%s is not .PHONY in Makefile.aws and functions/%s/Makefile", target, f)
		}
	}
}

// TestGetJobEvent checks that events/getjob.json names its job in rawPath
// (which the handler routes on) as well as in the request context and the
// path parameters.
func TestGetJobEvent(t *testing.T) {
	var ev events.APIGatewayV2HTTPRequest
	loadEvent(t, "getjob.json", &ev)
	id := ev.PathParameters["job_id"]
	if id == "" || ev.RawPath != "/jobs/"+id || ev.RequestContext.HTTP.Path != ev.RawPath || ev.RouteKey != "GET /jobs/{job_id}" {
		t.Errorf("getjob.json: rawPath %q, http.path %q, job_id %q", ev.RawPath, ev.RequestContext.HTTP.Path, id)
	}
}
