package httpapi_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"
)

func TestListJobs(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		e := newEnv(t, nil)
		var ids []string
		for _, p := range []string{"first", "second", "third", "fourth", "fifth"} {
			ids = append(ids, e.submit(t, p))
			e.Clock.Add(time.Second)
		}
		e.process(t, ids[1])
		e.submit(t, "x") // e.Key's; the other key submits its own
		body := []byte(`{"prompt":"other key's"}`)
		if res, m := e.do(t, "POST", "/generate", e.Other, body); res.StatusCode != 202 {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
		var got []string
		var statuses = map[string]any{}
		cursor := ""
		for range 10 {
			path := "/jobs?limit=2"
			if cursor != "" {
				path += "&cursor=" + url.QueryEscape(cursor)
			}
			res, m := e.do(t, "GET", path, e.Key, nil)
			if res.StatusCode != 200 {
				t.Fatalf("%d %v", res.StatusCode, m)
			}
			list := m["jobs"].([]any)
			if len(list) > 2 {
				t.Fatalf("page of %d", len(list))
			}
			for _, it := range list {
				j := it.(map[string]any)
				got = append(got, j["job_id"].(string))
				statuses[j["job_id"].(string)] = j
			}
			c, ok := m["next_cursor"].(string)
			if !ok {
				break
			}
			cursor = c
		}
		if len(got) != 6 {
			t.Fatalf("listed %d jobs, want 6 of this key: %v", len(got), got)
		}
		// Newest first: "x" (submitted last), then fifth ... first.
		for i, id := range []string{ids[4], ids[3], ids[2], ids[1], ids[0]} {
			if got[i+1] != id {
				t.Fatalf("order %v, want ... %v", got, ids)
			}
		}
		done := statuses[ids[1]].(map[string]any)
		if done["status"] != "completed" || done["result"].(map[string]any)["song_url"] == "" {
			t.Fatalf("completed job listed as %v", done)
		}
		if running := statuses[ids[0]].(map[string]any); running["status"] != "running" || running["result"] != nil {
			t.Fatalf("running job listed as %v", running)
		}
	})
	t.Run("Empty", func(t *testing.T) {
		e := newEnv(t, nil)
		res, m := e.do(t, "GET", "/jobs", e.Key, nil)
		if res.StatusCode != 200 || len(m["jobs"].([]any)) != 0 || m["next_cursor"] != nil {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		e := newEnv(t, nil)
		for _, q := range []string{"limit=0", "limit=101", "limit=x", "cursor=zzz", "cursor=" + url.QueryEscape("a b")} {
			res, m := e.do(t, "GET", "/jobs?"+q, e.Key, nil)
			assertErrorBody(t, http.StatusBadRequest, res, m)
		}
	})
	t.Run("ErrUnauthorized", func(t *testing.T) {
		e := newEnv(t, nil)
		res, m := e.do(t, "GET", "/jobs", "", nil)
		assertErrorBody(t, http.StatusUnauthorized, res, m)
		res, m = e.do(t, "POST", "/jobs", e.Key, nil)
		assertErrorBody(t, http.StatusMethodNotAllowed, res, m)
	})
}
