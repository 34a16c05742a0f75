package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/request"
)

func TestRequestOptions(t *testing.T) {
	t.Run("ErrInvalid", func(t *testing.T) {
		e := newEnv(t, nil)
		for _, body := range []string{
			`{"prompt":"jazz","seed":-1}`,
			`{"prompt":"jazz","seed":1.5}`,
			`{"prompt":"jazz","seed":"7"}`,
			`{"prompt":"jazz","seed":9007199254740992}`,
			`{"prompt":"jazz","format":"aac"}`,
			`{"prompt":"jazz","format":3}`,
			`{"prompt":"jazz","duration_seconds":5}`,
			`{"prompt":"jazz","duration_seconds":"60"}`,
			`{"prompt":"jazz","duration_seconds":0}`,
			`{"prompt":"jazz","bpm":300}`,
			`{"prompt":"jazz","key":"H minor"}`,
			`{"prompt":"jazz","key":""}`,
			`{"prompt":"jazz","outputs":"stems"}`,
			`{"prompt":"jazz","outputs":["vocals"]}`,
			`{"prompt":"jazz","webhook_url":"https://example.com/hook"}`, // webhooks not enabled on this service
			`{"prompt":"jazz","webhook_url":7}`,
			// Issue 20 item 3: an exact length needs the length.
			`{"prompt":"jazz","exact_duration":true}`,
			`{"prompt":"jazz","exact_duration":"yes","duration_seconds":30}`,
			`{"prompt":"jazz","sample_rate":96000}`,
			`{"prompt":"jazz","sample_rate":"48000"}`,
			`{"prompt":"jazz","outputs":["timeline","loops"]}`,
			// Issue 20 item 2: a loop from 4 s, not with an exact length.
			`{"prompt":"jazz","loop":true,"duration_seconds":3.5}`,
			`{"prompt":"jazz","loop":true,"duration_seconds":8,"exact_duration":true}`,
			`{"prompt":"jazz","loop":"yes"}`,
			`{"prompt":"jazz","duration_seconds":8}`, // under 10 s without loop
			// Issue 30 item 1: chords that read, in known sections.
			`{"prompt":"jazz","chords":"Am Hx7"}`,
			`{"prompt":"jazz","chords":{"solo":"C"}}`,
			`{"prompt":"jazz","chords":7}`,
			// Issue 30 item 2: a melody that reads, alone.
			`{"prompt":"jazz","melody":{"abc":"K:C\nC D | E h |"}}`,
			`{"prompt":"jazz","melody":"C D E F"}`,
			`{"prompt":"jazz","melody":{"abc":"C D E F","midi":"TVRoZA=="}}`,
			`{"prompt":"jazz","melody":{"abc":"C D E F"},"loop":true}`,
		} {
			res, m := e.do(t, "POST", "/generate", e.Key, []byte(body))
			assertErrorBody(t, http.StatusBadRequest, res, m)
			if m["error"] != "invalid_request" {
				t.Errorf("%s: %v", body, m)
			}
		}
		if n := e.jobCount(t); n != 0 {
			t.Fatalf("%d jobs created by invalid requests", n)
		}
		_, m := e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"jazz","chords":{"verse":"Am F Hx7 G"}}`))
		if want := "'chords.verse': 'Hx7' at bar 3 is not a chord"; !strings.Contains(fmt.Sprint(m["message"]), want) {
			t.Errorf("bad chords: %v, want a message with %q", m, want)
		}
		res, m := e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"jazz","chords":{"verse":"ii7 V7 | Imaj7 %"}}`))
		if res.StatusCode != http.StatusAccepted {
			t.Errorf("good chords: %d %v", res.StatusCode, m)
		}
		_, m = e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"jazz","melody":{"abc":"X:1\nK:G\nG A B c | d2 H2 |"}}`))
		if want := "'melody': line 3, bar 2, 'H' is not a note"; !strings.Contains(fmt.Sprint(m["message"]), want) {
			t.Errorf("bad melody: %v, want a message with %q", m, want)
		}
		res, m = e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"jazz","melody":{"abc":"X:1\nM:3/4\nK:G\nD | G2 B | A2 G |","transpose":-2}}`))
		if res.StatusCode != http.StatusAccepted {
			t.Errorf("good melody: %d %v", res.StatusCode, m)
		}
	})
	t.Run("ExactDurationAndSampleRate", func(t *testing.T) {
		e := newEnv(t, nil)
		res, m := e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"jazz","exact_duration":true,"duration_seconds":20.5,"sample_rate":48000,"outputs":["timeline"]}`))
		if res.StatusCode != http.StatusAccepted {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
		j, _ := e.Store.Job(context.Background(), jobs.JobID(m["job_id"].(string)))
		if o := j.Options; o == nil || !o.ExactDuration || o.Seconds != 20.5 || o.SampleRate == nil || *o.SampleRate != 48000 || !o.Wants(request.OutputTimeline) {
			t.Fatalf("options %+v", j.Options)
		}
		res, m = e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"jazz","loop":true,"duration_seconds":4}`))
		if res.StatusCode != http.StatusAccepted {
			t.Fatalf("a 4 s loop: %d %v", res.StatusCode, m)
		}
		id := m["job_id"].(string)
		e.process(t, id)
		_, m = e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		if r, _ := m["result"].(map[string]any); r == nil || r["loop_start"] != 0.0 || r["loop_end"] == nil {
			t.Fatalf("loop result %v", m["result"])
		}
		res, m = e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"jazz","exact_duration":true}`))
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(m["message"].(string), "duration_seconds") {
			t.Fatalf("exact_duration without duration_seconds: %d %v", res.StatusCode, m)
		}
	})
	t.Run("UnknownMembersIgnored", func(t *testing.T) {
		e := newEnv(t, nil)
		res, m := e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"jazz","temperature":0.7,"make_instrumental":true}`))
		if res.StatusCode != http.StatusAccepted {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
		j, _ := e.Store.Job(context.Background(), jobs.JobID(m["job_id"].(string)))
		if j.Options != nil {
			t.Fatalf("unknown members made options %+v", j.Options)
		}
	})
	// A spec-only job's result has the spec's six members, unchanged, plus
	// exactly the provenance every completed result carries (issue 20
	// items 5 and 7; docs/api-extensions.md): engine_version, recipe and
	// license, and the measured block (issue 30). No option-driven
	// extension appears.
	t.Run("SpecOnlyJobHasOnlyProvenance", func(t *testing.T) {
		e := newEnv(t, nil)
		id := e.submit(t, "jazz")
		e.process(t, id)
		_, m := e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		r := m["result"].(map[string]any)
		var names []string
		for k := range r {
			names = append(names, k)
		}
		slices.Sort(names)
		want := []string{"bpm", "duration", "engine_version", "image_url", "license", "measured", "recipe", "song_url", "tags", "title"}
		if !slices.Equal(names, want) {
			t.Fatalf("result of a spec-only job has members %v, want %v", names, want)
		}
		if _, ok := r["title"].(string); !ok {
			t.Fatalf("title %v", r["title"])
		}
		if _, ok := r["duration"].(float64); !ok {
			t.Fatalf("duration %v", r["duration"])
		}
		lic, _ := r["license"].(map[string]any)
		rec, _ := r["recipe"].(map[string]any)
		if r["engine_version"] != jobstest.TestEngineVersion || lic["id"] != "CC0-1.0" || lic["url"] == "" || rec["engine_version"] != jobstest.TestEngineVersion {
			t.Fatalf("provenance %v %v %v", r["engine_version"], lic, rec)
		}
	})
	t.Run("OK", func(t *testing.T) {
		e := newEnv(t, nil)
		body := `{"prompt":"jazz","seed":9007199254740991,"format":"FLAC","duration_seconds":42.5,"bpm":97,"key":"f# minor","outputs":["midi"]}`
		res, m := e.do(t, "POST", "/generate", e.Key, []byte(body))
		if res.StatusCode != http.StatusAccepted {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
		id := m["job_id"].(string)
		j, _ := e.Store.Job(context.Background(), jobs.JobID(id))
		o := j.Options
		if o == nil || *o.Seed != request.MaxSeed || o.Format != "flac" || o.Seconds != 42.5 || o.BPM != 97 || o.Key != "F# minor" || !o.Wants("midi") || o.Wants("stems") {
			t.Fatalf("stored options %+v", o)
		}
		var gotSeed uint64
		var gotOpts jobs.Options
		e.Gen.Func = func(ctx context.Context, prompt string, seed uint64, o jobs.Options) (*jobs.Song, error) {
			gotSeed, gotOpts = seed, o
			e.Gen.Func = nil
			return e.Gen.Generate(ctx, prompt, seed, o)
		}
		e.process(t, id)
		if gotSeed != request.MaxSeed || gotOpts.Key != "F# minor" {
			t.Fatalf("generator got seed %d options %+v", gotSeed, gotOpts)
		}
		_, m = e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		r := m["result"].(map[string]any)
		if r["seed"] != float64(request.MaxSeed) || r["format"] != "wav" || r["midi_url"] == nil || r["stems_url"] != nil {
			t.Fatalf("result %v", r)
		}
	})
	t.Run("StemsAndMIDIURLs", func(t *testing.T) {
		e := newEnv(t, nil)
		res, m := e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"jazz","outputs":["stems","midi"]}`))
		if res.StatusCode != http.StatusAccepted {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
		id := m["job_id"].(string)
		e.process(t, id)
		_, m = e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		r := m["result"].(map[string]any)
		for member, ctype := range map[string]string{"stems_url": "application/zip", "midi_url": "audio/midi"} {
			u, _ := r[member].(string)
			got, err := http.Get(u)
			if err != nil {
				t.Fatal(err)
			}
			got.Body.Close()
			if got.StatusCode != 200 || got.Header.Get("Content-Type") != ctype {
				t.Fatalf("%s %q: %d %q", member, u, got.StatusCode, got.Header.Get("Content-Type"))
			}
		}
	})
	t.Run("DerivedSeedReturned", func(t *testing.T) {
		e := newEnv(t, nil)
		res, m := e.do(t, "POST", "/generate", e.Key, []byte(`{"prompt":"jazz","bpm":100}`))
		if res.StatusCode != http.StatusAccepted {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
		id := m["job_id"].(string)
		e.process(t, id)
		_, m = e.do(t, "GET", "/jobs/"+id, e.Key, nil)
		if got := m["result"].(map[string]any)["seed"]; got != float64((&jobs.Job{ID: jobs.JobID(id)}).Seed()) {
			t.Fatalf("seed %v, want %d", got, (&jobs.Job{ID: jobs.JobID(id)}).Seed())
		}
	})
	t.Run("ErrConflictIdempotentOtherOptions", func(t *testing.T) {
		e := newEnv(t, nil)
		send := func(body string) (*http.Response, map[string]any) {
			req, _ := http.NewRequest("POST", e.URL+"/generate", strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+e.Key)
			req.Header.Set("Idempotency-Key", "abc")
			return send(t, req)
		}
		if res, m := send(`{"prompt":"jazz","bpm":100}`); res.StatusCode != 202 {
			t.Fatalf("%d %v", res.StatusCode, m)
		}
		if res, m := send(`{"prompt":"jazz","bpm":100.0}`); res.StatusCode != 202 {
			t.Fatalf("same options: %d %v", res.StatusCode, m)
		}
		res, m := send(`{"prompt":"jazz","bpm":101}`)
		assertErrorBody(t, http.StatusConflict, res, m)
	})
}
