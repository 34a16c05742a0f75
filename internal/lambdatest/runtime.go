// Package lambdatest plays the AWS Lambda Runtime API, so tests can run the
// real `bootstrap` binaries of functions/ as Lambda would: the binary polls
// GET /2018-06-01/runtime/invocation/next, handles the event and posts the
// answer to .../invocation/{id}/response (or /error).
package lambdatest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Result is a function's answer to one invocation.
type Result struct {
	RequestID string
	Body      []byte
	Error     bool // posted to /error instead of /response
}

type invocation struct {
	id      string
	payload []byte
}

// Runtime is a fake Lambda Runtime API for one function process.
type Runtime struct {
	FunctionARN string
	srv         *httptest.Server
	events      chan invocation
	mu          sync.Mutex
	waiting     map[string]chan Result
	firstNext   chan struct{}
	firstAt     atomic.Int64 // unix ns of the first GET /next
	initErr     atomic.Value // string
	seq         atomic.Int64
}

// NewRuntime starts the fake Runtime API on 127.0.0.1. Close stops it.
func NewRuntime(functionARN string) *Runtime {
	r := &Runtime{FunctionARN: functionARN, events: make(chan invocation), waiting: map[string]chan Result{}, firstNext: make(chan struct{})}
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	return r
}

// Addr is the value of AWS_LAMBDA_RUNTIME_API for the function process.
func (r *Runtime) Addr() string { return strings.TrimPrefix(r.srv.URL, "http://") }

// Close stops the server.
func (r *Runtime) Close() { r.srv.CloseClientConnections(); r.srv.Close() }

// FirstNext waits until the function first asks for an event (its init is
// done) and returns when that happened.
func (r *Runtime) FirstNext(ctx context.Context) (time.Time, error) {
	select {
	case <-r.firstNext:
		return time.Unix(0, r.firstAt.Load()), nil
	case <-ctx.Done():
		if e, _ := r.initErr.Load().(string); e != "" {
			return time.Time{}, fmt.Errorf("init error: %s", e)
		}
		return time.Time{}, ctx.Err()
	}
}

// Invoke hands payload to the function and waits for its answer.
func (r *Runtime) Invoke(ctx context.Context, payload []byte) (Result, error) {
	id := fmt.Sprintf("8476a536-e9f4-11e8-9739-%012d", r.seq.Add(1))
	ch := make(chan Result, 1)
	r.mu.Lock()
	r.waiting[id] = ch
	r.mu.Unlock()
	select {
	case r.events <- invocation{id: id, payload: payload}:
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
	select {
	case res := <-ch:
		return res, nil
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
}

func (r *Runtime) serve(w http.ResponseWriter, req *http.Request) {
	const base = "/2018-06-01/runtime/"
	path := strings.TrimPrefix(req.URL.Path, base)
	switch {
	case req.Method == http.MethodGet && path == "invocation/next":
		if r.firstAt.CompareAndSwap(0, time.Now().UnixNano()) {
			close(r.firstNext)
		}
		select {
		case inv := <-r.events:
			h := w.Header()
			h.Set("Lambda-Runtime-Aws-Request-Id", inv.id)
			h.Set("Lambda-Runtime-Deadline-Ms", strconv.FormatInt(time.Now().Add(time.Minute).UnixMilli(), 10))
			h.Set("Lambda-Runtime-Invoked-Function-Arn", r.FunctionARN)
			h.Set("Lambda-Runtime-Trace-Id", "Root=1-5bef4de7-ad49b0e87f6ef6c87fc2e700;Parent=9a9197af755a6419;Sampled=1")
			h.Set("Content-Type", "application/json")
			_, _ = w.Write(inv.payload)
		case <-req.Context().Done():
		}
	case req.Method == http.MethodPost && path == "init/error":
		b, _ := io.ReadAll(req.Body)
		r.initErr.Store(string(b))
		w.WriteHeader(http.StatusAccepted)
	case req.Method == http.MethodPost && strings.HasPrefix(path, "invocation/"):
		id, kind, _ := strings.Cut(strings.TrimPrefix(path, "invocation/"), "/")
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		ch := r.waiting[id]
		delete(r.waiting, id)
		r.mu.Unlock()
		if ch == nil || (kind != "response" && kind != "error") {
			http.Error(w, "unknown request id", http.StatusBadRequest)
			return
		}
		ch <- Result{RequestID: id, Body: bytes.Clone(b), Error: kind == "error"}
		w.WriteHeader(http.StatusAccepted)
	default:
		http.NotFound(w, req)
	}
}
