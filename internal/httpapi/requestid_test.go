package httpapi_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/logctx"
)

// Behind API Gateway the gateway's request id is the one in the logs and
// the X-Request-Id answer, whatever X-Request-Id the client sends; the
// client's id is logged beside it as client_request_id.
func TestGatewayRequestIDIsAuthoritative(t *testing.T) {
	e := newEnv(t, nil)
	logs := &bytes.Buffer{}
	log := slog.New(logctx.LogHandler(slog.NewJSONHandler(logs, nil)))
	h := httpapi.LambdaHandler(httpapi.New(e.Svc, httpapi.Options{MaxBodyBytes: 16 << 10, Logger: log}))
	ev := loadEvent(t, "apigw-generate.json", "{{KEY}}", e.Key)
	gw := ev.RequestContext.RequestID
	ev.Headers["x-request-id"] = "someone-elses-id"
	res, err := h(context.Background(), ev)
	if err != nil || res.StatusCode != 202 {
		t.Fatalf("generate: %v %d %s", err, res.StatusCode, res.Body)
	}
	if gw == "" || res.Headers["X-Request-Id"] != gw {
		t.Fatalf("X-Request-Id %q, want the gateway's %q", res.Headers["X-Request-Id"], gw)
	}
	line := ""
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, `"msg":"request"`) {
			line = l
		}
	}
	if !strings.Contains(line, `"request_id":"`+gw+`"`) || !strings.Contains(line, `"client_request_id":"someone-elses-id"`) ||
		strings.Contains(line, `"request_id":"someone-elses-id"`) {
		t.Fatalf("access line %s: want request_id %s and client_request_id beside it", line, gw)
	}
}
