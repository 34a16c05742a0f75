package openapitest_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/httpapi/openapitest"
)

const id = "9fc4b81e-0e81-4c12-81f4-3696f1cf932d"

func jsonHeader(extra ...string) http.Header {
	h := http.Header{"Content-Type": {"application/json; charset=utf-8"}, "Cache-Control": {"no-store"}, "X-Request-Id": {"abc"}}
	for i := 0; i+1 < len(extra); i += 2 {
		h.Set(extra[i], extra[i+1])
	}
	return h
}

// TestValidatorCatchesMismatches shows the checks can fail: each exchange
// below breaks the document in one way.
func TestValidatorCatchesMismatches(t *testing.T) {
	v := openapitest.New(t)
	auth := http.Header{"Authorization": {"Bearer ss_x"}}
	completed := `{"status":"completed","prompt":"p","result":{"title":"T","bpm":90,"duration":12.5,"song_url":"http://h/s.mp3","image_url":"http://h/c.jpg","tags":"pop"},"error":null,"started_at":"2026-01-02 03:04:05","finished_at":"2026-01-02 03:04:09"}`
	ok := openapitest.Exchange{Method: "GET", Path: "/jobs/" + id, ReqHeader: auth, ValidRequest: true, Status: 200,
		ResHeader: jsonHeader(), ResBody: []byte(completed)}
	if _, errs := v.Validate(ok); len(errs) > 0 {
		t.Fatalf("a valid exchange is rejected: %v", errs)
	}
	bad := map[string]openapitest.Exchange{}
	add := func(name string, f func(*openapitest.Exchange)) {
		ex := ok
		ex.ResHeader = ok.ResHeader.Clone()
		f(&ex)
		bad[name] = ex
	}
	add("undocumented status", func(e *openapitest.Exchange) { e.Status = 418 })
	add("completed without finished_at", func(e *openapitest.Exchange) {
		e.ResBody = []byte(strings.Replace(completed, `,"finished_at":"2026-01-02 03:04:09"`, "", 1))
	})
	add("running with a result", func(e *openapitest.Exchange) {
		e.ResBody = []byte(strings.Replace(completed, `"completed"`, `"running"`, 1))
	})
	add("duration as m:ss", func(e *openapitest.Exchange) {
		e.ResBody = []byte(strings.Replace(completed, `12.5`, `"0:12"`, 1))
	})
	add("unknown field", func(e *openapitest.Exchange) {
		e.ResBody = []byte(strings.Replace(completed, `"prompt":"p"`, `"prompt":"p","extra":1`, 1))
	})
	add("bad time format", func(e *openapitest.Exchange) {
		e.ResBody = []byte(strings.Replace(completed, `2026-01-02 03:04:05`, `2026-01-02T03:04:05Z`, 1))
	})
	add("no request id", func(e *openapitest.Exchange) { e.ResHeader.Del("X-Request-Id") })
	add("429 without Retry-After", func(e *openapitest.Exchange) {
		e.Status, e.ResBody = 429, []byte(`{"error":"rate_limited","message":"slow down"}`)
	})
	add("error label of another status", func(e *openapitest.Exchange) {
		e.Status, e.ResBody = 404, []byte(`{"error":"rate_limited","message":"x"}`)
	})
	add("error body without message", func(e *openapitest.Exchange) {
		e.Status, e.ResBody = 404, []byte(`{"error":"not_found"}`)
	})
	add("404 for a wrong method", func(e *openapitest.Exchange) {
		e.Method, e.Status, e.ResBody = "PUT", 404, []byte(`{"error":"not_found","message":"x"}`)
	})
	add("bad job id", func(e *openapitest.Exchange) { e.Path = "/jobs/not-a-uuid" })
	add("undocumented path", func(e *openapitest.Exchange) { e.Path = "/v2/jobs" })
	for name, ex := range bad {
		if _, errs := v.Validate(ex); len(errs) == 0 {
			t.Errorf("%s: accepted", name)
		}
	}
	// A well-formed submission passes request validation; one without the
	// prompt does not.
	sub := openapitest.Exchange{Method: "POST", Path: "/generate", ValidRequest: true,
		ReqHeader: http.Header{"Authorization": {"Bearer ss_x"}, "Content-Type": {"application/json"}}, ReqBody: []byte(`{"prompt":"x"}`),
		Status: 202, ResHeader: jsonHeader("Location", "/jobs/"+id),
		ResBody: []byte(`{"message":"ok","job_id":"` + id + `","poll_url":"/jobs/` + id + `"}`)}
	if _, errs := v.Validate(sub); len(errs) > 0 {
		t.Errorf("valid submission rejected: %v", errs)
	}
	sub.ReqBody = []byte(`{"prompt":""}`)
	if _, errs := v.Validate(sub); len(errs) == 0 {
		t.Error("an empty prompt passes request validation")
	}
}
