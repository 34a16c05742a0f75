package app_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// Through the API Lambda on moto: submissions with options, a completed
// job with the extension result, and GET /jobs paging newest first over
// the owner index; every answer valid against openapi.json.
func TestAWSExtensions(t *testing.T) {
	_, st, b, log, c := newAWSAPI(t, nil)
	ctx := context.Background()
	key := newAWSKey(t, b, "ext")
	var ids []jobs.JobID
	for _, body := range []string{`{"prompt": "first"}`, `{"prompt": "second", "seed": 5, "outputs": ["midi"], "format": "flac"}`, `{"prompt": "third", "bpm": 90}`} {
		var ack struct {
			JobID jobs.JobID `json:"job_id"`
		}
		if err := json.Unmarshal(c.do(202, "POST", "/generate", key, []byte(body), nil, true), &ack); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ack.JobID)
		time.Sleep(1100 * time.Millisecond) // start times are whole seconds
	}
	c.do(400, "POST", "/generate", key, []byte(`{"prompt": "x", "format": "aac"}`), nil, false)
	c.do(400, "POST", "/generate", key, []byte(`{"prompt": "x", "webhook_url": "https://127.0.0.1/hook"}`), nil, false) // no webhook queue configured
	w := app.NewWorker(st.Config, b, &jobstest.Generator{}, log)
	if out, err := w.Process(ctx, ids[1], 1); err != nil {
		t.Fatalf("%s %v", out, err)
	}
	var done struct {
		Result map[string]any `json:"result"`
	}
	if err := json.Unmarshal(c.do(200, "GET", "/jobs/"+string(ids[1]), key, nil, nil, true), &done); err != nil {
		t.Fatal(err)
	}
	if done.Result["seed"] != float64(5) || done.Result["midi_url"] == nil {
		t.Fatalf("result %v", done.Result)
	}
	var got []jobs.JobID
	cursor := ""
	for range 5 {
		path := "/jobs?limit=2"
		if cursor != "" {
			path += "&cursor=" + cursor
		}
		var page struct {
			Jobs []struct {
				JobID jobs.JobID `json:"job_id"`
			} `json:"jobs"`
			NextCursor string `json:"next_cursor"`
		}
		if err := json.Unmarshal(c.do(200, "GET", path, key, nil, nil, true), &page); err != nil {
			t.Fatal(err)
		}
		for _, j := range page.Jobs {
			got = append(got, j.JobID)
		}
		if cursor = page.NextCursor; cursor == "" {
			break
		}
	}
	if len(got) != 3 || got[0] != ids[2] || got[1] != ids[1] || got[2] != ids[0] {
		t.Fatalf("history %v, want %v newest first", got, ids)
	}
	c.do(400, "GET", "/jobs?cursor=bogus", key, nil, nil, false)
}
