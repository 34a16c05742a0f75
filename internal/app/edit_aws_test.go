package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/worker"
)

// TestAWSEdit runs edits on the AWS backend (DynamoDB, SQS and S3 on moto)
// through the API Lambda's handler, every answer checked against
// openapi.json, and the worker Lambda's code: the edit's job item carries
// its source (prompt, seed, options) through DynamoDB, and its MIDI in S3
// is the source's song with the changes; a section the song lacks fails
// the new job; every documented outcome of POST /jobs/{job_id}/edit (202,
// 400, 401, 404, 405, 409, 413, 429, 500, 503) is exercised.
func TestAWSEdit(t *testing.T) {
	v, st, b, log, c := newAWSAPI(t, nil)
	ctx := context.Background()
	key, other := newAWSKey(t, b, "edits"), newAWSKey(t, b, "edits-other")
	w := app.NewWorker(st.Config, b, scoreGen(), log)
	post := func(want int, path, body string) jobs.JobID {
		var ack struct {
			JobID jobs.JobID `json:"job_id"`
		}
		_ = json.Unmarshal(c.do(want, "POST", path, key, []byte(body), nil, want < 300), &ack)
		return ack.JobID
	}
	run := func(id jobs.JobID, want worker.Outcome) {
		t.Helper()
		if out, err := w.Process(ctx, id, 1); out != want {
			t.Fatalf("process %s: %s %v", id, out, err)
		}
	}
	midiOf := func(id jobs.JobID) []byte {
		t.Helper()
		var j struct {
			Prompt string
			Result struct {
				MIDIURL string `json:"midi_url"`
			}
		}
		if err := json.Unmarshal(c.do(200, "GET", "/jobs/"+string(id), key, nil, nil, true), &j); err != nil || j.Result.MIDIURL == "" {
			t.Fatalf("job %s: %+v %v", id, j, err)
		}
		_, body := download(t, j.Result.MIDIURL)
		return body
	}
	const prompt = "happy pop song with piano"
	src := post(202, "/generate", `{"prompt": "`+prompt+`", "seed": 11, "duration_seconds": 60, "outputs": ["midi"]}`)
	c.do(409, "POST", "/jobs/"+string(src)+"/edit", key, []byte(`{"bpm": 90}`), nil, true) // running
	run(src, worker.Completed)
	srcMIDI := midiOf(src)

	ed := post(202, "/jobs/"+string(src)+"/edit", `{"key": "F", "instruments": {"drums": null, "chords": "organ"}, "regenerate": ["chorus 2"], "outputs": ["midi"]}`)
	j, err := b.Jobs.Job(ctx, ed)
	if err != nil || j.Prompt != prompt || j.Options.Source == nil || j.Options.Source.Seed != 11 || j.Options.Source.JobID != src || j.Options.Source.Options.Seconds != 60 ||
		j.Options.Instruments["drums"] != "" || j.Options.Instruments["chords"] != "organ" {
		t.Fatalf("the edit's job item: %+v %v", j, err)
	}
	run(ed, worker.Completed)
	change := engine.Edit{HasKey: true, KeyRoot: 5, Instruments: map[string]string{"drums": "", "chords": "organ"}, Regenerate: []string{"chorus 2"}}
	want, err := writtenMIDI(prompt, 11, engine.Options{Seconds: 60, Edits: []engine.Edit{change}})
	if err != nil {
		t.Fatal(err)
	}
	if got := midiOf(ed); !bytes.Equal(got, want) || bytes.Equal(got, srcMIDI) {
		t.Fatal("the edit's MIDI is not the source's song with the changes")
	}
	bad := post(202, "/jobs/"+string(src)+"/edit", `{"regenerate": ["solo"]}`)
	run(bad, worker.Failed)
	var fj apiJob
	_ = json.Unmarshal(c.do(200, "GET", "/jobs/"+string(bad), key, nil, nil, true), &fj)
	if fj.Status != "failed" || fj.Error == nil || !strings.Contains(*fj.Error, `no section "solo"`) {
		t.Fatalf("regenerate an unknown section: %+v", fj)
	}
	c.do(409, "POST", "/jobs/"+string(bad)+"/edit", key, nil, nil, true) // failed
	c.do(400, "POST", "/jobs/"+string(src)+"/edit", key, []byte(`{"instruments": {"lead": "kazoo"}}`), nil, false)
	c.do(400, "POST", "/jobs/"+string(src)+"/edit", key, []byte(`{"prompt": "other"}`), nil, false)
	c.do(404, "POST", "/jobs/"+string(src)+"/edit", other, nil, nil, true)
	c.do(401, "POST", "/jobs/"+string(src)+"/edit", "", nil, nil, false)
	c.do(405, "GET", "/jobs/"+string(src)+"/edit", key, nil, nil, false)
	c.do(413, "POST", "/jobs/"+string(src)+"/edit", key, []byte(`{"key": "`+strings.Repeat("x", 1<<20)+`"}`), nil, false)

	// Rate limits and a failing store.
	tight := st.Config
	tight.Service.SubmitRate = jobs.Rate{N: 1, Per: time.Hour}
	tc := &lambdaClient{t: t, v: v, h: app.NewAPIHandler(tight, b, log)}
	key3 := newAWSKey(t, b, "edits-tight")
	var ack struct {
		JobID jobs.JobID `json:"job_id"`
	}
	_ = json.Unmarshal(tc.do(202, "POST", "/generate", key3, []byte(`{"prompt": "one song an hour"}`), nil, true), &ack)
	run(ack.JobID, worker.Completed)
	tc.do(429, "POST", "/jobs/"+string(ack.JobID)+"/edit", key3, nil, nil, true)
	withBrokenStore(t, v, st.Config, b, log, func(bc *lambdaClient, status int) {
		bc.do(status, "POST", "/jobs/"+string(src)+"/edit", key, nil, nil, true)
	})
	if miss := v.Missing(nil, "editJob"); len(miss) > 0 {
		t.Errorf("documented outcomes never exercised on AWS: %v", miss)
	}
}
