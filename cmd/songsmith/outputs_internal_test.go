package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/client"
)

// schemaProps returns the properties of a schema of the OpenAPI document.
func schemaProps(t *testing.T, doc map[string]any, name string) map[string]map[string]any {
	t.Helper()
	s, _ := doc["components"].(map[string]any)["schemas"].(map[string]any)[name].(map[string]any)
	props, _ := s["properties"].(map[string]any)
	if len(props) == 0 {
		t.Fatalf("openapi.json: schema %s has no properties", name)
	}
	out := map[string]map[string]any{}
	for k, v := range props {
		out[k], _ = v.(map[string]any)
	}
	return out
}

// sampleOf is a value of a schema property: URLs on base (named after the
// property), the first of an enum, an object with every required member.
func sampleOf(name string, p map[string]any, base string) any {
	if enum, ok := p["enum"].([]any); ok {
		return enum[0]
	}
	switch p["type"] {
	case "string":
		if p["format"] == "uri" {
			return base + "/" + name
		}
		return "sample " + name
	case "number":
		return 12.5
	case "integer":
		return 7
	case "boolean":
		return true
	case "object":
		o := map[string]any{}
		props, _ := p["properties"].(map[string]any)
		for k, v := range props {
			vp, _ := v.(map[string]any)
			o[k] = sampleOf(k, vp, base)
		}
		return o
	}
	return "sample " + name
}

// Every field of a job and of its result in the API (the OpenAPI
// document's Job, Result and WebhookState schemas) is surfaced by the SDK
// (decoding a job without it gives another client.Job), by the CLI's
// --json (the same member in jobJSON) and, for each URL, by a file that
// generate and jobs download save. A field the API gains that a client
// drops fails here.
func TestEveryResultFieldSurfaced(t *testing.T) {
	raw, err := os.ReadFile("../../internal/httpapi/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "timeline_url") {
			_, _ = w.Write([]byte(`{"version":1,"meter":{"signature":"4/4"},"sections":[{"label":"intro","start":0,"end":8}],"chords":[{"symbol":"Am","start":0,"end":2}]}`))
			return
		}
		_, _ = w.Write([]byte("bytes of " + r.URL.Path))
	}))
	defer srv.Close()

	result := map[string]any{}
	for name, p := range schemaProps(t, doc, "Result") {
		result[name] = sampleOf(name, p, srv.URL)
	}
	webhook := map[string]any{}
	for name, p := range schemaProps(t, doc, "WebhookState") {
		webhook[name] = sampleOf(name, p, srv.URL)
	}
	job := map[string]any{"status": "completed", "prompt": "p", "result": result, "error": nil,
		"started_at": "2026-11-28 10:00:00", "finished_at": "2026-11-28 10:00:05", "webhook": webhook}
	for name, p := range schemaProps(t, doc, "Job") {
		if _, ok := job[name]; !ok {
			job[name] = sampleOf(name, p, srv.URL) // a member added since (edited_from ...)
		}
	}
	decode := func(m map[string]any) *client.Job {
		t.Helper()
		b, _ := json.Marshal(m)
		var j client.Job
		if err := json.Unmarshal(b, &j); err != nil {
			t.Fatalf("client.Job of %s: %v", b, err)
		}
		j.JobID = "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d"
		return &j
	}
	full := decode(job)
	without := func(m map[string]any, name string) map[string]any {
		c := map[string]any{}
		for k, v := range m {
			if k != name {
				c[k] = v
			}
		}
		return c
	}
	var cli map[string]any
	b, _ := json.Marshal(toJSON(full))
	if err := json.Unmarshal(b, &cli); err != nil {
		t.Fatal(err)
	}
	for name := range job {
		if name == "error" {
			continue // null in a completed job; a failed one's is the test below
		}
		if reflect.DeepEqual(decode(without(job, name)), full) {
			t.Errorf("the SDK's client.Job drops the job member %q", name)
		}
		if _, ok := cli[name]; !ok {
			t.Errorf("the CLI's --json lacks the job member %q", name)
		}
	}
	cliResult, _ := cli["result"].(map[string]any)
	cliWebhook, _ := cli["webhook"].(map[string]any)
	for name := range result {
		j := without(job, "result")
		j["result"] = without(result, name)
		if reflect.DeepEqual(decode(j), full) {
			t.Errorf("the SDK's client.Result drops the result member %q", name)
		}
		if _, ok := cliResult[name]; !ok {
			t.Errorf("the CLI's --json lacks the result member %q", name)
		}
	}
	for name := range webhook {
		j := without(job, "webhook")
		j["webhook"] = without(webhook, name)
		if reflect.DeepEqual(decode(j), full) {
			t.Errorf("the SDK's client.WebhookState drops the webhook member %q", name)
		}
		if _, ok := cliWebhook[name]; !ok {
			t.Errorf("the CLI's --json lacks the webhook member %q", name)
		}
	}
	failed := decode(map[string]any{"status": "failed", "prompt": "p", "result": nil, "error": "boom", "started_at": "2026-11-28 10:00:00", "finished_at": "2026-11-28 10:00:05"})
	if failed.Error == nil || *failed.Error != "boom" || toJSON(failed).Error == nil {
		t.Errorf("a failed job's error is not surfaced: %+v", failed)
	}

	// Every URL of a result is saved as a file by generate / jobs download.
	dir := t.TempDir()
	files, err := saveJob(context.Background(), client.New(srv.URL, "ss_a_b"), full, dir)
	if err != nil {
		t.Fatal(err)
	}
	saved := map[string]string{"song_url": files.Song, "image_url": files.Cover, "stems_url": files.Stems,
		"midi_url": files.MIDI, "timeline_url": files.Timeline, "musicxml_url": files.MusicXML,
		"layers_url": files.Layers, "segments_url": files.Segments}
	var urls []string
	for name := range result {
		if strings.HasSuffix(name, "_url") {
			urls = append(urls, name)
		}
	}
	sort.Strings(urls)
	for _, name := range urls {
		path, ok := saved[name]
		if !ok || path == "" {
			t.Errorf("the result member %s is saved to no file (saveJob, filesJSON)", name)
			continue
		}
		if b, err := os.ReadFile(path); err != nil || len(b) == 0 {
			t.Errorf("%s saved as %s: %v", name, path, err)
		}
	}
	var out strings.Builder
	printTimelineFile(&out, files.Timeline)
	if !strings.Contains(out.String(), "sections: intro 0:00") || !strings.Contains(out.String(), "chords:   Am") {
		t.Errorf("the timeline summary: %q", out.String())
	}
}
