package httpapi

import (
	"bytes"
	"context"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"

	"github.com/aws/aws-lambda-go/events"

	"github.com/songsmith/songsmith/internal/jobs"
)

// LambdaHandler adapts h to API Gateway HTTP API (payload format 2.0)
// events. It always returns a response, never an invoke error: a request
// that cannot be converted gets the spec's 400 body.
func LambdaHandler(h http.Handler) func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return func(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		rec := httptest.NewRecorder()
		req, err := NewRequest(ctx, ev)
		if err != nil {
			writeJSON(rec, http.StatusBadRequest, ErrorBody{Error: string(jobs.EInvalid), Message: "The request could not be read."})
		} else {
			h.ServeHTTP(rec, req)
		}
		return NewResponse(rec), nil
	}
}

// NewRequest converts an API Gateway v2 event to an *http.Request.
func NewRequest(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (*http.Request, error) {
	path := ev.RawPath
	if path == "" {
		path = ev.RequestContext.HTTP.Path
	}
	// A stage other than $default prefixes the raw path; routes do not see it.
	if st := ev.RequestContext.Stage; st != "" && st != "$default" {
		path = strings.TrimPrefix(path, "/"+st)
	}
	u := &url.URL{Path: path, RawQuery: ev.RawQueryString}
	if raw, err := url.PathUnescape(path); err == nil {
		u.Path, u.RawPath = raw, path
	}
	body := []byte(ev.Body)
	if ev.IsBase64Encoded {
		var err error
		if body, err = base64.StdEncoding.DecodeString(ev.Body); err != nil {
			return nil, err
		}
	}
	method := ev.RequestContext.HTTP.Method
	req, err := http.NewRequestWithContext(ctx, method, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for k, v := range ev.Headers {
		// API Gateway joins repeated headers with commas.
		req.Header.Set(k, v)
	}
	if len(ev.Cookies) > 0 {
		req.Header.Set("Cookie", strings.Join(ev.Cookies, "; "))
	}
	if rid := ev.RequestContext.RequestID; rid != "" {
		// The gateway's id is the request's id in the logs; a client's
		// X-Request-Id is only logged beside it (middleware).
		req = req.WithContext(context.WithValue(req.Context(), gatewayIDKey{}, rid))
	}
	req.RemoteAddr = ev.RequestContext.HTTP.SourceIP
	req.Host = ev.RequestContext.DomainName
	req.ContentLength = int64(len(body))
	return req, nil
}

// NewResponse converts a recorded response to an API Gateway v2 response.
// Text bodies (JSON, text) are sent as is; anything else base64-encoded.
func NewResponse(rec *httptest.ResponseRecorder) events.APIGatewayV2HTTPResponse {
	res := events.APIGatewayV2HTTPResponse{StatusCode: rec.Code, Headers: map[string]string{}}
	for k, v := range rec.Header() {
		if strings.EqualFold(k, "Set-Cookie") {
			res.Cookies = append(res.Cookies, v...)
			continue
		}
		res.Headers[k] = strings.Join(v, ",")
	}
	ct := rec.Header().Get("Content-Type")
	if ct == "" || strings.HasPrefix(ct, "application/json") || strings.HasPrefix(ct, "text/") {
		res.Body = rec.Body.String()
	} else {
		res.Body = base64.StdEncoding.EncodeToString(rec.Body.Bytes())
		res.IsBase64Encoded = true
	}
	return res
}
