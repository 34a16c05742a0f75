package httpapi_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
)

// BenchmarkSubmit measures POST /generate end to end through the handler on
// the embedded store (a durable job write and a durable enqueue each).
func BenchmarkSubmit(b *testing.B) {
	e := newEnv(b, func(c *jobs.Config) { c.SubmitRate = jobs.Rate{} })
	h := httpapi.New(e.Svc, httpapi.Options{Logger: slog.New(slog.DiscardHandler), MaxBodyBytes: 16 << 10})
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest("POST", "/generate", strings.NewReader(`{"prompt":"melancholic lo-fi with dusty piano, 84 bpm"}`))
		req.Header.Set("Authorization", "Bearer "+e.Key)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusAccepted {
			b.Fatalf("status %d", rec.Code)
		}
	}
}

// BenchmarkPoll measures GET /jobs/{id} of a completed job, URL signing included.
func BenchmarkPoll(b *testing.B) {
	e := newEnv(b, func(c *jobs.Config) { c.PollRate = jobs.Rate{} })
	id := e.submit(b, "jazz")
	e.process(b, id)
	h := httpapi.New(e.Svc, httpapi.Options{Logger: slog.New(slog.DiscardHandler), MaxBodyBytes: 16 << 10})
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest("GET", "/jobs/"+id, nil)
		req.Header.Set("Authorization", "Bearer "+e.Key)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}
