// Package openapitest checks real HTTP exchanges of either backend against
// the embedded OpenAPI 3.1 document (httpapi.OpenAPI) with kin-openapi:
// the status must be documented for the operation, the documented headers
// present and well formed, and the body valid against the JSON Schema
// (2020-12, as OpenAPI 3.1 has it). It records which operation and status
// pairs were seen, so tests can require that every documented outcome was
// exercised.
package openapitest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/songsmith/songsmith/internal/httpapi"
)

// Validator validates exchanges against the document.
type Validator struct {
	Doc    *openapi3.T
	router routers.Router
	mu     sync.Mutex
	seen   map[string]bool
}

// Exchange is one request and its response as the client saw them.
type Exchange struct {
	Method    string
	Path      string // path and query, e.g. "/jobs/<id>"
	ReqHeader http.Header
	ReqBody   []byte
	// ValidRequest asks for the request to be validated too; leave it false
	// for requests that are wrong on purpose (missing key, bad JSON).
	ValidRequest bool
	Status       int
	ResHeader    http.Header
	ResBody      []byte
}

// New loads and validates the embedded document.
func New(tb testing.TB) *Validator {
	tb.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(httpapi.OpenAPI())
	if err != nil {
		tb.Fatalf("load openapi.json: %v", err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		tb.Fatalf("openapi.json is not a valid OpenAPI document: %v", err)
	}
	// Route on paths alone: the servers' hosts do not matter here.
	doc.Servers = openapi3.Servers{{URL: "/"}}
	r, err := gorillamux.NewRouter(doc)
	if err != nil {
		tb.Fatalf("router: %v", err)
	}
	return &Validator{Doc: doc, router: r, seen: map[string]bool{}}
}

// Check validates ex and returns "<operationId> <status>"; each mismatch
// is a test error.
func (v *Validator) Check(tb testing.TB, ex Exchange) string {
	tb.Helper()
	id, errs := v.Validate(ex)
	for _, err := range errs {
		tb.Errorf("%v", err)
	}
	return id
}

// Validate validates ex and returns "<operationId> <status>" and the
// mismatches found.
func (v *Validator) Validate(ex Exchange) (string, []error) {
	var errs []error
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s %s: "+format, append([]any{ex.Method, ex.Path}, args...)...))
	}
	u, err := url.Parse("http://songsmith.test" + ex.Path)
	if err != nil {
		fail("%v", err)
		return "", errs
	}
	req := &http.Request{Method: ex.Method, URL: u, Header: ex.ReqHeader.Clone(), Host: u.Host,
		Body: io.NopCloser(bytes.NewReader(ex.ReqBody))}
	if req.Header == nil {
		req.Header = http.Header{}
	}
	route, params, err := v.router.FindRoute(req)
	if errors.Is(err, routers.ErrMethodNotAllowed) {
		// A method the path does not have: its answer is the 405 documented
		// on the path's operation.
		for _, m := range []string{http.MethodGet, http.MethodPost} {
			req.Method = m
			if route, params, err = v.router.FindRoute(req); err == nil {
				break
			}
		}
		req.Method = ex.Method
		if ex.Status != http.StatusMethodNotAllowed {
			fail("%d, want 405 for an undocumented method", ex.Status)
		}
		ex.ValidRequest = false
	}
	if err != nil {
		fail("not in openapi.json: %v", err)
		return "", errs
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: bearerOnly}}
	ctx := context.Background()
	if ex.ValidRequest {
		if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
			fail("request does not match openapi.json: %v", err)
		}
	}
	ct, _, _ := mime.ParseMediaType(ex.ResHeader.Get("Content-Type"))
	opts := &openapi3filter.Options{IncludeResponseStatus: true}
	if ct != "application/json" && len(ex.ResBody) > 0 {
		// Files and the page: the content type must be documented; the
		// bytes are checked by the tests that play or render them.
		opts.ExcludeResponseBody = true
		if !v.documentsContent(route.Operation, ex.Status, ct) {
			fail("%d answered %q, not documented", ex.Status, ct)
		}
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: ex.Status,
		Header: ex.ResHeader, Body: io.NopCloser(bytes.NewReader(ex.ResBody)), Options: opts}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		fail("%d response does not match openapi.json: %v\nheaders %v\nbody %.600s", ex.Status, err, ex.ResHeader, ex.ResBody)
	}
	id := route.Operation.OperationID + " " + strconv.Itoa(ex.Status)
	v.mu.Lock()
	v.seen[id] = true
	v.mu.Unlock()
	return id, errs
}

func (v *Validator) documentsContent(op *openapi3.Operation, status int, ct string) bool {
	r := op.Responses.Status(status)
	if r == nil || r.Value == nil {
		return false
	}
	return r.Value.Content.Get(ct) != nil
}

// bearerOnly accepts any well-formed bearer header: whether the key is
// right is the server's business, its answer is validated separately.
func bearerOnly(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	if in.SecuritySchemeName == "bearer" && strings.HasPrefix(in.RequestValidationInput.Request.Header.Get("Authorization"), "Bearer ") {
		return nil
	}
	return openapi3filter.ErrAuthenticationServiceMissing
}

// Documented returns every "<operationId> <status>" of the given operations
// (all operations when none are named), sorted.
func (v *Validator) Documented(ops ...string) []string {
	want := map[string]bool{}
	for _, o := range ops {
		want[o] = true
	}
	var out []string
	for _, item := range v.Doc.Paths.Map() {
		for _, op := range item.Operations() {
			if len(ops) > 0 && !want[op.OperationID] {
				continue
			}
			for code := range op.Responses.Map() {
				out = append(out, op.OperationID+" "+code)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Missing returns the documented outcomes of ops that no checked exchange
// produced, except those in skip.
func (v *Validator) Missing(skip []string, ops ...string) []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	skipped := map[string]bool{}
	for _, s := range skip {
		skipped[s] = true
	}
	var out []string
	for _, d := range v.Documented(ops...) {
		if !v.seen[d] && !skipped[d] {
			out = append(out, d)
		}
	}
	return out
}

// Do sends req with c, checks the exchange and returns the response with
// its body read.
func (v *Validator) Do(tb testing.TB, c *http.Client, req *http.Request, validRequest bool) (*http.Response, []byte) {
	tb.Helper()
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	res, err := c.Do(req)
	if err != nil {
		tb.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	rb, err := io.ReadAll(res.Body)
	if err != nil {
		tb.Fatal(err)
	}
	v.Check(tb, Exchange{Method: req.Method, Path: req.URL.RequestURI(), ReqHeader: req.Header, ReqBody: body,
		ValidRequest: validRequest, Status: res.StatusCode, ResHeader: res.Header, ResBody: rb})
	return res, rb
}
