package app_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/worker"
)

// TestAWSCollection runs collections (count) on the AWS backend (DynamoDB,
// SQS and S3 on moto) through the API Lambda's handler, every answer
// checked against openapi.json: the pieces are admitted in one DynamoDB
// transaction and each piece's SQS message is sent (no outbox record is
// left); GET /collections/{id} lists them; a collection over the key's cap
// is 429 with nothing stored; every documented outcome of getCollection is
// exercised.
func TestAWSCollection(t *testing.T) {
	v, st, b, log, c := newAWSAPI(t, func(cfg *app.Config) { cfg.Service.Limits = jobs.Limits{MaxActive: 3} })
	ctx := context.Background()
	key, other := newAWSKey(t, b, "pieces"), newAWSKey(t, b, "pieces-other")
	var ack struct {
		CollectionID string `json:"collection_id"`
		PollURL      string `json:"poll_url"`
		Jobs         []struct {
			JobID jobs.JobID `json:"job_id"`
		} `json:"jobs"`
	}
	if err := json.Unmarshal(c.do(202, "POST", "/generate", key, []byte(`{"prompt": "lo-fi", "count": 3}`), nil, true), &ack); err != nil || len(ack.Jobs) != 3 {
		t.Fatalf("ack %+v %v", ack, err)
	}
	queued := map[string]bool{}
	for deadline := time.Now().Add(15 * time.Second); len(queued) < 3 && time.Now().Before(deadline); {
		ev := st.receive(t, st.Config.QueueURL, st.QueueARN, 2*time.Second)
		for _, r := range ev.Records {
			queued[r.Body] = true
		}
	}
	if len(queued) != 3 {
		t.Fatalf("%d of 3 pieces queued: %v", len(queued), queued)
	}
	if stale, err := b.Admit.(jobs.Outbox).Undelivered(ctx, time.Now().Add(time.Hour), 10); err != nil || len(stale) != 0 {
		t.Fatalf("outbox records left: %v %v", stale, err)
	}
	c.do(429, "POST", "/generate", key, []byte(`{"prompt": "lo-fi", "count": 2}`), nil, true) // 3 running: none fits
	w := app.NewWorker(st.Config, b, &jobstest.Generator{}, log)
	for _, p := range ack.Jobs {
		if out, err := w.Process(ctx, p.JobID, 1); out != worker.Completed {
			t.Fatalf("process %s: %s %v", p.JobID, out, err)
		}
	}
	var col struct {
		Count, Completed int
		Jobs             []apiJob
	}
	if err := json.Unmarshal(c.do(200, "GET", ack.PollURL, key, nil, nil, true), &col); err != nil || col.Count != 3 || col.Completed != 3 || len(col.Jobs) != 3 || col.Jobs[2].JobID != ack.Jobs[2].JobID {
		t.Fatalf("collection %+v %v", col, err)
	}
	c.do(429, "POST", "/generate", key, []byte(`{"prompt": "lo-fi", "count": 4}`), nil, true) // more than the cap of 3, whatever runs
	c.do(404, "GET", ack.PollURL, other, nil, nil, true)
	c.do(401, "GET", ack.PollURL, "", nil, nil, false)
	c.do(405, "POST", ack.PollURL, key, nil, nil, false)
	tight := st.Config
	tight.Service.PollRate = jobs.Rate{N: 1, Per: time.Hour}
	tc := &lambdaClient{t: t, v: v, h: app.NewAPIHandler(tight, b, log)}
	key3 := newAWSKey(t, b, "pieces-tight")
	tc.do(404, "GET", ack.PollURL, key3, nil, nil, true)
	tc.do(429, "GET", ack.PollURL, key3, nil, nil, true)
	withBrokenStore(t, v, st.Config, b, log, func(bc *lambdaClient, status int) {
		bc.do(status, "GET", ack.PollURL, key, nil, nil, true)
	})
	if miss := v.Missing(nil, "getCollection"); len(miss) > 0 {
		t.Errorf("documented outcomes never exercised on AWS: %v", miss)
	}
}
