package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/logctx"
)

type ctxKey int

const infoKey ctxKey = 0

// requestInfo collects what the access log prints about a request.
type requestInfo struct {
	id    string
	keyID jobs.KeyID
	jobID jobs.JobID
}

func noteKey(r *http.Request, id jobs.KeyID) {
	if ri, ok := r.Context().Value(infoKey).(*requestInfo); ok {
		ri.keyID = id
	}
}

// noteJob records the job a request made or read, for the access line.
func noteJob(r *http.Request, id jobs.JobID) {
	if ri, ok := r.Context().Value(infoKey).(*requestInfo); ok {
		ri.jobID = id
	}
}

// gatewayIDKey carries the API Gateway request id (NewRequest).
type gatewayIDKey struct{}

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._=+/-]{1,128}$`)

type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(s int) {
	if w.status == 0 {
		w.status = s
	}
	w.ResponseWriter.WriteHeader(s)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// CORSAllowMethods are the methods a browser may use across origins (DELETE
// for DELETE /jobs/{job_id}); template.yaml's HttpApi CORS configuration
// lists the same (a test checks).
var CORSAllowMethods = []string{http.MethodGet, http.MethodPost, http.MethodDelete, http.MethodOptions}

// CORSAllowHeaders are the request headers a browser may send; template.yaml's
// HttpApi CORS configuration lists the same (a test checks).
var CORSAllowHeaders = []string{"Authorization", "Content-Type", IdempotencyHeader, "X-Request-Id"}

// CORSExposeHeaders are the response headers a browser script may read;
// template.yaml's HttpApi CORS configuration lists the same.
var CORSExposeHeaders = []string{"Retry-After", "X-Request-Id", "Location", HeaderRateLimit, HeaderRateRemaining, HeaderRateReset}

// middleware adds a request id, CORS, panic recovery and one structured
// access-log line per request (with the job id when the request made or
// read a job). The request id goes into the context's log attributes
// (logctx.WithLogAttrs), so every line the service logs for the request
// carries it. API keys never reach the log: only key ids.
func (a *api) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		client := r.Header.Get("X-Request-Id")
		if !validRequestID.MatchString(client) {
			client = ""
		}
		ri := &requestInfo{id: client}
		logAttrs := []slog.Attr{}
		if gw, _ := r.Context().Value(gatewayIDKey{}).(string); gw != "" {
			// Behind API Gateway its id is authoritative: a client cannot
			// pass its requests off as others in the logs. The client's
			// own id is kept beside it.
			ri.id = gw
			if client != "" && client != gw {
				logAttrs = append(logAttrs, slog.String("client_request_id", client))
			}
		}
		if ri.id == "" {
			ri.id = newRequestID()
		}
		logAttrs = append([]slog.Attr{slog.String("request_id", ri.id)}, logAttrs...)
		ctx := logctx.WithLogAttrs(context.WithValue(r.Context(), infoKey, ri), logAttrs...)
		r = r.WithContext(ctx)
		w.Header().Set("X-Request-Id", ri.id)
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if sw.status == 0 {
					writeError(sw, r, a.log, jobs.Internal(fmt.Errorf("panic: %v", p)))
				} else {
					a.log.ErrorContext(r.Context(), "panic after response started", "panic", fmt.Sprint(p))
				}
			}
			attrs := []slog.Attr{slog.String("method", r.Method), slog.String("path", r.URL.Path),
				slog.Int("status", sw.status), slog.Int("bytes", sw.bytes), slog.String("key_id", string(ri.keyID)),
				slog.Float64("duration_ms", float64(time.Since(start).Microseconds())/1000)}
			if ri.jobID != "" {
				attrs = append(attrs, slog.String("job_id", string(ri.jobID)))
			}
			a.log.LogAttrs(r.Context(), levelFor(sw.status), "request", attrs...) // request_id comes from the context
		}()
		if a.opts.CORSOrigin != "" {
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", a.opts.CORSOrigin)
			h.Set("Vary", "Origin")
			h.Set("Access-Control-Expose-Headers", strings.Join(CORSExposeHeaders, ", "))
			if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
				h.Set("Access-Control-Allow-Methods", strings.Join(CORSAllowMethods, ", "))
				h.Set("Access-Control-Allow-Headers", strings.Join(CORSAllowHeaders, ", "))
				h.Set("Access-Control-Max-Age", "600")
				sw.WriteHeader(http.StatusNoContent)
				return
			}
		}
		next.ServeHTTP(sw, r)
	})
}

func newRequestID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func levelFor(status int) slog.Level {
	switch {
	case status >= 500:
		return slog.LevelError
	case status >= 400:
		return slog.LevelWarn
	default:
		return slog.LevelInfo
	}
}
