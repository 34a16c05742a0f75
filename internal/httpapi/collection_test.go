package httpapi_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// postCollection submits body with an optional Idempotency-Key and
// decodes the 202 CollectionAck.
func (e *env) postCollection(t *testing.T, body, idem string) (*http.Response, httpapi.CollectionAck) {
	t.Helper()
	req, err := http.NewRequest("POST", e.URL+"/generate", bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+e.Key)
	if idem != "" {
		req.Header.Set("Idempotency-Key", idem)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var ack httpapi.CollectionAck
	if res.StatusCode == http.StatusAccepted {
		if err := json.NewDecoder(res.Body).Decode(&ack); err != nil {
			t.Fatal(err)
		}
	}
	return res, ack
}

func TestCollection(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		e := newEnv(t, nil)
		res, ack := e.postCollection(t, `{"prompt": "lo-fi study beats", "count": 4, "seed": 42}`, "")
		if res.StatusCode != 202 || len(ack.Jobs) != 4 || ack.PollURL != "/collections/"+ack.CollectionID || res.Header.Get("Location") != ack.PollURL {
			t.Fatalf("%d %+v (Location %q)", res.StatusCode, ack, res.Header.Get("Location"))
		}
		seeds := map[uint64]bool{}
		for i, p := range ack.Jobs {
			if string(p.JobID) != request.PieceJobID(ack.CollectionID, i) || p.PollURL != "/jobs/"+string(p.JobID) {
				t.Fatalf("piece %d: %+v", i, p)
			}
			j, err := e.Store.Job(t.Context(), p.JobID)
			if err != nil {
				t.Fatal(err)
			}
			seeds[j.Seed()] = true
			if i == 0 && j.Seed() != 42 {
				t.Fatalf("the first piece's seed %d, want the asked 42", j.Seed())
			}
		}
		if len(seeds) != 4 {
			t.Fatalf("the pieces share seeds: %v", seeds)
		}
		if e.queued(t) != 4 {
			t.Fatal("not every piece was queued")
		}
		e.process(t, string(ack.Jobs[2].JobID))
		_, m := e.do(t, "GET", ack.Jobs[2].PollURL, e.Key, nil)
		if m["collection_id"] != ack.CollectionID || m["collection_index"] != 2.0 || m["status"] != "completed" {
			t.Fatalf("piece body %v", m)
		}
		res, m = e.do(t, "GET", ack.PollURL, e.Key, nil)
		if res.StatusCode != 200 || m["count"] != 4.0 || m["completed"] != 1.0 || m["running"] != 3.0 || len(m["jobs"].([]any)) != 4 {
			t.Fatalf("collection %d %v", res.StatusCode, m)
		}
		if got := m["jobs"].([]any)[2].(map[string]any)["job_id"]; got != string(ack.Jobs[2].JobID) {
			t.Fatalf("pieces out of order: %v", got)
		}
		// A deleted piece is left out; the rest stay listed.
		if res, _ := e.do(t, "DELETE", ack.Jobs[2].PollURL, e.Key, nil); res.StatusCode != 204 {
			t.Fatalf("delete: %d", res.StatusCode)
		}
		if _, m = e.do(t, "GET", ack.PollURL, e.Key, nil); len(m["jobs"].([]any)) != 3 {
			t.Fatalf("after a delete: %v", m)
		}
	})
	t.Run("Count1IsOneJob", func(t *testing.T) {
		e := newEnv(t, nil)
		res, m := e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt": "lo-fi", "count": 1}`))
		if res.StatusCode != 202 || m["job_id"] == nil || m["collection_id"] != nil {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
	})
	t.Run("ErrTooManyJobs", func(t *testing.T) {
		e := newEnv(t, func(c *jobs.Config) { c.Limits = jobs.Limits{MaxActive: 3} })
		e.Svc.Admit = e.Store
		e.submit(t, "one already running")
		res, _ := e.postCollection(t, `{"prompt": "lo-fi", "count": 3}`, "")
		if res.StatusCode != 429 {
			t.Fatalf("3 pieces beside 1 job under a cap of 3: %d", res.StatusCode)
		}
		if n := e.jobCount(t); n != 1 {
			t.Fatalf("%d jobs stored after a refused collection, want 1", n)
		}
		if res, ack := e.postCollection(t, `{"prompt": "lo-fi", "count": 2}`, ""); res.StatusCode != 202 || len(ack.Jobs) != 2 {
			t.Fatalf("2 pieces that fit: %d", res.StatusCode)
		}
	})
	t.Run("Idempotent", func(t *testing.T) {
		e := newEnv(t, nil)
		_, first := e.postCollection(t, `{"prompt": "lo-fi", "count": 3}`, "c-1")
		res, again := e.postCollection(t, `{"prompt": "lo-fi", "count": 3}`, "c-1")
		if res.StatusCode != 202 || again.CollectionID != first.CollectionID || len(again.Jobs) != 3 {
			t.Fatalf("replay %d %+v, want %+v", res.StatusCode, again, first)
		}
		if res, _ := e.postCollection(t, `{"prompt": "lo-fi", "count": 2}`, "c-1"); res.StatusCode != 409 {
			t.Fatalf("same key, other count: %d", res.StatusCode)
		}
		if n := e.jobCount(t); n != 3 {
			t.Fatalf("%d jobs, want 3", n)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		e := newEnv(t, nil)
		_, ack := e.postCollection(t, `{"prompt": "lo-fi", "count": 2}`, "")
		for _, c := range []struct{ path, key string }{{ack.PollURL, e.Other}, {"/collections/" + string(ack.Jobs[0].JobID), e.Key}, {"/collections/x", e.Key}} {
			res, m := e.do(t, "GET", c.path, c.key, nil)
			assertErrorBody(t, 404, res, m)
		}
	})
}
