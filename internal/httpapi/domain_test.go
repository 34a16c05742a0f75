package httpapi_test

import (
	"context"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
)

// TestBearerToken: the HTTP layer reads the Authorization header; the
// service only ever sees the key.
func TestBearerToken(t *testing.T) {
	for header, want := range map[string]string{"Bearer ss_a.b": "ss_a.b", "  bearer   ss_a.b ": "ss_a.b", "BEARER x": "x"} {
		if got, err := httpapi.BearerToken(header); err != nil || got != want {
			t.Errorf("%q: %q, %v; want %q", header, got, err, want)
		}
	}
	for header, msg := range map[string]string{
		"":          "Missing API key. Send it as 'Authorization: Bearer <API_KEY>'.",
		"  ":        "Missing API key. Send it as 'Authorization: Bearer <API_KEY>'.",
		"Basic abc": "The Authorization header must have the form 'Bearer <API_KEY>'.",
		"Bearer":    "The Authorization header must have the form 'Bearer <API_KEY>'.",
	} {
		_, err := httpapi.BearerToken(header)
		if !jobs.IsCode(err, jobs.EUnauthorized) || jobs.ErrorMessage(err) != msg {
			t.Errorf("%q: %v", header, err)
		}
	}
}

// TestServiceDomainValues: the service takes the key itself (not a
// header), and returns the rate window a request was counted in as a value.
func TestServiceDomainValues(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, func(c *jobs.Config) {
		c.SubmitRate = jobs.Rate{N: 3, Per: time.Minute}
		c.PollRate = jobs.Rate{N: 5, Per: time.Minute}
	})
	key, err := e.Svc.Authenticate(ctx, e.Key)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.Authenticate(ctx, "Bearer "+e.Key); !jobs.IsCode(err, jobs.EUnauthorized) {
		t.Fatalf("a header value as the key: %v", err)
	}
	sub := jobs.Submission{Prompt: "  jazz  ", IdempotencyKey: "k1", Options: &jobs.Options{Format: "WAV"}}
	j, rate, err := e.Svc.Submit(ctx, key, sub)
	if err != nil || j.Prompt != "jazz" || j.Options.Format != "wav" {
		t.Fatalf("submit: %+v %v", j, err)
	}
	if rate.Limit != 3 || rate.Remaining != 2 || rate.Reset <= 0 {
		t.Fatalf("submit rate %+v", rate)
	}
	again, rate, err := e.Svc.Submit(ctx, key, jobs.Submission{Prompt: "jazz", IdempotencyKey: "k1", Options: &jobs.Options{Format: "wav"}})
	if err != nil || again.ID != j.ID || rate != (jobs.RateStatus{}) {
		t.Fatalf("replay: %v %+v %v (a replay is not counted)", again, rate, err)
	}
	if _, _, err := e.Svc.Submit(ctx, key, jobs.Submission{Prompt: "jazz", IdempotencyKey: "k1"}); !jobs.IsCode(err, jobs.EConflict) {
		t.Fatalf("replay without the options: %v", err)
	}
	if _, rate, err := e.Svc.Job(ctx, key, string(j.ID)); err != nil || rate.Limit != 5 || rate.Remaining != 4 {
		t.Fatalf("job: %+v %v", rate, err)
	}
	if page, _, rate, err := e.Svc.List(ctx, key, 10, ""); err != nil || len(page) != 1 || rate.Remaining != 3 {
		t.Fatalf("list: %d %+v %v", len(page), rate, err)
	}
	for range 2 {
		if _, _, err := e.Svc.Submit(ctx, key, jobs.Submission{Prompt: "rock"}); err != nil {
			t.Fatal(err)
		}
	}
	_, rate, err = e.Svc.Submit(ctx, key, jobs.Submission{Prompt: "rock"})
	if !jobs.IsCode(err, jobs.ERateLimited) || rate.Limit != 3 || rate.Remaining != 0 {
		t.Fatalf("over the limit: %+v %v", rate, err)
	}
}
