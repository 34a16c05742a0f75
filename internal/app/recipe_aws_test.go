package app_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/worker"
)

// TestRecipeAWS: on the AWS stack (moto: DynamoDB, SQS, S3; the API
// Lambda's handler and the worker), a result's engine_version, recipe and
// license survive the DynamoDB record, and a job submitted with the
// recipe (its options stored in DynamoDB, read back by the worker)
// renders the same decoded audio. A recipe of another engine version, or
// with a field out of bounds (hostileRecipes: a tempo of 1e9 ...), is a
// 400 from the generate Lambda, which does not link the engine, and the
// heap does not grow. Every
// exchange is checked against openapi.json.
func TestRecipeAWS(t *testing.T) {
	_, st, b, log, c := newAWSAPI(t, nil)
	ctx := context.Background()
	lic := st.Config.OutputLicense
	w := app.NewWorker(st.Config, b, &studio.Studio{Format: "wav", Synth: synth.Options{Bank: synth.NoBank}, License: &lic}, log)
	key := newAWSKey(t, b, "recipe")
	run := func(body map[string]any) map[string]any {
		t.Helper()
		raw, _ := json.Marshal(body)
		var ack struct {
			JobID jobs.JobID `json:"job_id"`
		}
		if err := json.Unmarshal(c.do(202, "POST", "/generate", key, raw, nil, true), &ack); err != nil {
			t.Fatal(err)
		}
		if out, err := w.Process(ctx, ack.JobID, 1); out != worker.Completed {
			t.Fatalf("process: %s %v", out, err)
		}
		var j struct {
			Status string         `json:"status"`
			Result map[string]any `json:"result"`
		}
		if err := json.Unmarshal(c.do(200, "GET", "/jobs/"+string(ack.JobID), key, nil, nil, true), &j); err != nil || j.Status != "completed" {
			t.Fatalf("job %+v %v", j, err)
		}
		return j.Result
	}
	r1 := run(map[string]any{"prompt": "calm ambient soundscape, 10 seconds", "seed": 42})
	rec, _ := r1["recipe"].(map[string]any)
	l, _ := r1["license"].(map[string]any)
	if r1["engine_version"] != recipe.Version || rec["engine_version"] != recipe.Version || l["id"] != lic.ID || l["url"] != lic.URL || l["warranty"] == "" {
		t.Fatalf("provenance from DynamoDB: %v %v %v", r1["engine_version"], rec, l)
	}
	r2 := run(map[string]any{"prompt": "another prompt", "recipe": rec})
	if a, b := wavSamplesHash(t, r1), wavSamplesHash(t, r2); a != b || r1["title"] != r2["title"] {
		t.Fatalf("the recipe's song differs on AWS: %s %q, want %s %q", b, r2["title"], a, r1["title"])
	}
	before := heapInUse()
	for _, h := range hostileRecipes(rec) {
		raw, _ := json.Marshal(map[string]any{"prompt": "x", "recipe": h.recipe})
		var e map[string]string
		if err := json.Unmarshal(c.do(h.status(), "POST", "/generate", key, raw, nil, false), &e); err != nil ||
			e["error"] != h.code() || !strings.Contains(e["message"], h.says) {
			t.Errorf("%s: %v %v, want %d saying %q", h.name, e, err, h.status(), h.says)
		}
	}
	if grew := heapInUse() - before; grew > maxHostileGrowth {
		t.Errorf("the hostile recipes grew the heap by %d MiB", grew>>20)
	}
	rec["engine_version"] = "0.0.0"
	raw, _ := json.Marshal(map[string]any{"prompt": "x", "recipe": rec})
	var e map[string]string
	if err := json.Unmarshal(c.do(400, "POST", "/generate", key, raw, nil, false), &e); err != nil || !strings.Contains(e["message"], "engine version") {
		t.Fatalf("another engine version: %v %v", e, err)
	}
}
