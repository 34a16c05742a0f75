package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/spf13/pflag"

	"github.com/songsmith/songsmith/client"
)

// melodySent parses generate's flags args and returns the melody member
// the request sends.
func melodySent(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var x extFlags
	fs := pflag.NewFlagSet("generate", pflag.ContinueOnError)
	x.bind(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	var body struct {
		Melody map[string]any `json:"melody"`
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &body)
		w.WriteHeader(http.StatusAccepted)
		_, _ = io.WriteString(w, `{"message":"ok","job_id":"x","poll_url":"/jobs/x"}`)
	}))
	defer srv.Close()
	if _, err := client.New(srv.URL, "ss_k").Generate(context.Background(), "folk", x.options()...); err != nil {
		t.Fatal(err)
	}
	return body.Melody
}

// --melody sends an .abc file as ABC text and a .mid file as base64 MIDI,
// with --melody-track and --transpose.
func TestMelodyFlag(t *testing.T) {
	abc, _ := os.ReadFile("testdata/twinkle.abc")
	if m := melodySent(t, "--melody", "testdata/twinkle.abc", "--transpose", "-3"); m["abc"] != string(abc) || m["transpose"] != -3.0 || m["midi"] != nil {
		t.Errorf("abc sent as %v", m)
	}
	mid, _ := os.ReadFile("testdata/tune.mid")
	if m := melodySent(t, "--melody", "testdata/tune.mid", "--melody-track", "2"); m["midi"] != base64.StdEncoding.EncodeToString(mid) || m["track"] != 2.0 {
		t.Errorf("midi sent as %v", m)
	}
	if m := melodySent(t, "--bpm", "90"); m != nil {
		t.Errorf("no --melody sent %v", m)
	}
	var x extFlags
	fs := pflag.NewFlagSet("generate", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	x.bind(fs)
	if err := fs.Parse([]string{"--melody", "testdata/no-such.abc"}); err == nil {
		t.Error("a missing --melody file is no error")
	}
}
