package app_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/worker"
)

// TestAWSCancelAndDelete runs the job controls on the AWS backend (DynamoDB,
// SQS and S3 on moto) through the API Lambda's handler, every answer
// checked against openapi.json: the worker Lambda's handler renders a job
// that only a cancellation ends; POST /jobs/{id}/cancel answers 202, the
// worker (polling the job item every app.CancelPoll) stops within the poll
// interval plus 2 s of slack, acks the message, and the S3 objects of the
// job are gone; a second cancel is 200; DELETE removes the cancelled job
// and a completed one with its S3 objects; every other documented outcome
// of both operations (401, 404, 405, 409, 429, 500, 503) is exercised.
func TestAWSCancelAndDelete(t *testing.T) {
	v, st, b, log, c := newAWSAPI(t, nil)
	ctx := context.Background()
	key, other := newAWSKey(t, b, "controls"), newAWSKey(t, b, "controls-other")
	started := make(chan struct{}, 1)
	stopped := make(chan time.Time, 1)
	gen := &jobstest.Generator{Func: func(ctx context.Context, prompt string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
		if prompt != "endless" {
			return jobstest.TinySong(), nil
		}
		started <- struct{}{}
		<-ctx.Done()
		stopped <- time.Now()
		return nil, ctx.Err()
	}}
	w := app.NewWorker(st.Config, b, gen, log)
	h := app.NewSQSHandler(st.Config, b, w, log)
	submit := func(prompt string) jobs.JobID {
		var ack struct {
			JobID jobs.JobID `json:"job_id"`
		}
		if err := json.Unmarshal(c.do(202, "POST", "/generate", key, []byte(`{"prompt": "`+prompt+`"}`), nil, true), &ack); err != nil {
			t.Fatal(err)
		}
		return ack.JobID
	}

	id := submit("endless")
	path := "/jobs/" + string(id)
	c.do(409, "DELETE", path, key, nil, nil, true) // running
	ev := st.receive(t, st.Config.QueueURL, st.QueueARN, 10*time.Second)
	if len(ev.Records) != 1 {
		t.Fatalf("%d records", len(ev.Records))
	}
	handled := make(chan error, 1)
	go func() {
		res, err := h.Handle(ctx, ev)
		if err == nil && len(res.BatchItemFailures) != 0 {
			err = errors.New("the cancelled job's record was reported for redelivery")
		}
		st.settle(t, st.Config.QueueURL, ev, res)
		handled <- err
	}()
	<-started
	stray := mediakey.Song(id, "wav")
	if err := b.Media.PutMedia(ctx, stray, "audio/wav", strings.NewReader("partial"), 7); err != nil {
		t.Fatal(err)
	}
	var j apiJob
	if err := json.Unmarshal(c.do(202, "POST", path+"/cancel", key, nil, nil, true), &j); err != nil || j.Status != "failed" || j.Error == nil || *j.Error != "canceled" {
		t.Fatalf("cancel: %+v %v", j, err)
	}
	answered := time.Now()
	select {
	case at := <-stopped:
		lag := at.Sub(answered)
		t.Logf("the worker stopped rendering %v after the cancel answer (poll interval %v)", lag.Round(time.Millisecond), app.CancelPoll)
		if lag > app.CancelPoll+2*time.Second {
			t.Errorf("the worker stopped %v after the cancellation", lag)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the worker did not stop within 20 s")
	}
	if err := <-handled; err != nil {
		t.Fatal(err)
	}
	u, _ := b.Media.MediaURL(ctx, stray, time.Hour)
	if res, err := http.Get(u); err != nil || res.StatusCode < 400 {
		t.Errorf("the attempt's S3 object survived the cancellation: %v %v", res.StatusCode, err)
	}
	c.do(200, "POST", path+"/cancel", key, nil, nil, true)
	c.do(404, "POST", path+"/cancel", other, nil, nil, true)
	c.do(404, "DELETE", path, other, nil, nil, true)
	c.do(401, "POST", path+"/cancel", "", nil, nil, false)
	c.do(401, "DELETE", path, "", nil, nil, false)
	c.do(405, "GET", path+"/cancel", key, nil, nil, false)
	c.do(204, "DELETE", path, key, nil, nil, true)
	c.do(404, "GET", path, key, nil, nil, true)
	c.do(404, "DELETE", path, key, nil, nil, true)

	// A completed job: cancel is 409, delete removes its S3 objects.
	done := submit("short")
	if out, err := w.Process(ctx, done, 1); out != worker.Completed {
		t.Fatalf("process: %s %v", out, err)
	}
	var cj apiJob
	_ = json.Unmarshal(c.do(200, "GET", "/jobs/"+string(done), key, nil, nil, true), &cj)
	if _, body := download(t, cj.Result.SongURL); len(body) == 0 {
		t.Fatal("empty song")
	}
	c.do(409, "POST", "/jobs/"+string(done)+"/cancel", key, nil, nil, true)
	c.do(204, "DELETE", "/jobs/"+string(done), key, nil, nil, true)
	if res, err := http.Get(cj.Result.SongURL); err != nil || res.StatusCode < 400 {
		t.Errorf("song after delete: %v %v", res.StatusCode, err)
	}

	// Rate limits and a failing store.
	tight := st.Config
	tight.Service.PollRate = jobs.Rate{N: 1, Per: time.Hour}
	key3 := newAWSKey(t, b, "controls-tight")
	tc := &lambdaClient{t: t, v: v, h: app.NewAPIHandler(tight, b, log)}
	tc.do(404, "POST", path+"/cancel", key3, nil, nil, true)
	tc.do(429, "POST", path+"/cancel", key3, nil, nil, true)
	tc.do(429, "DELETE", path, key3, nil, nil, true)
	withBrokenStore(t, v, st.Config, b, log, func(bc *lambdaClient, status int) {
		bc.do(status, "POST", path+"/cancel", key, nil, nil, true)
		bc.do(status, "DELETE", path, key, nil, nil, true)
	})
	if miss := v.Missing(nil, "cancelJob", "deleteJob"); len(miss) > 0 {
		t.Errorf("documented outcomes never exercised on AWS: %v", miss)
	}
}
