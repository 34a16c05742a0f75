package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
)

func TestStem(t *testing.T) {
	for title, want := range map[string]string{
		"Rain on Glass":             "rain-on-glass",
		"Yesterday's Window Lights": "yesterdays-window-lights",
		"  Café / Nocturne #2 ":     "café-nocturne-2",
		"../../etc/passwd":          "etc-passwd",
		"":                          "fallback",
		"!!!":                       "fallback",
		strings.Repeat("long ", 40): strings.TrimSuffix(strings.Repeat("long-", 12), "-"),
	} {
		if got := stem(title, "fallback"); got != want {
			t.Errorf("stem(%q) = %q, want %q", title, got, want)
		}
	}
}

func TestReserveNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	// Only the cover of the first name and the JSON of the second exist.
	for _, name := range []string{"song.png", "song-1.json"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("keep"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, err := reserve(dir, "song", ".mp3", ".png", ".json")
	if err != nil {
		t.Fatal(err)
	}
	for i, ext := range []string{".mp3", ".png", ".json"} {
		if want := filepath.Join(dir, "song-2"+ext); files[i].Name() != want {
			t.Errorf("file %d = %s, want %s", i, files[i].Name(), want)
		}
		files[i].Close()
	}
	for _, name := range []string{"song.mp3", "song-1.mp3", "song-1.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
			t.Errorf("%s left behind by a failed reservation", name)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "song.png")); string(b) != "keep" {
		t.Error("existing file changed")
	}
}

func TestProgressText(t *testing.T) {
	id := "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d"
	rate := &client.APIError{StatusCode: 429, Code: "rate_limited"}
	cases := []struct {
		p            client.Progress
		phase        string
		elapsed, ago time.Duration
		want         string
	}{
		{client.Progress{State: "submitting"}, "", 300 * time.Millisecond, 0, "submitting · 0s"},
		{client.Progress{JobID: id, State: "running", Next: 4 * time.Second}, "", 12 * time.Second, 1500 * time.Millisecond, "job 6f1c2a9e running · 12s · next check in 3s"},
		{client.Progress{JobID: id, State: "running", Next: 30 * time.Second, Retry: rate}, "", 41 * time.Second, 3 * time.Second, "job 6f1c2a9e running · 41s · rate limited (429), retrying in 27s"},
		{client.Progress{State: "submitting", Next: 2 * time.Second, Retry: &client.APIError{StatusCode: 503}}, "", 5 * time.Second, 0, "submitting · 5s · server error 503, retrying in 2s"},
		{client.Progress{JobID: id, State: "completed"}, "downloading", 61 * time.Second, 0, "job 6f1c2a9e downloading · 1m1s"},
	}
	for _, tc := range cases {
		if got := progressText(tc.p, tc.phase, tc.elapsed, tc.ago); got != tc.want {
			t.Errorf("progressText = %q, want %q", got, tc.want)
		}
	}
}

// A progress line that is off writes nothing; one that is on ends blank.
func TestProgressLine(t *testing.T) {
	var off strings.Builder
	l := newProgressLine(&off, false)
	l.update(client.Progress{State: "running", Next: time.Second})
	l.close()
	if off.Len() != 0 {
		t.Errorf("off line wrote %q", off.String())
	}
	var on syncBuilder
	l = newProgressLine(&on, true)
	l.update(client.Progress{JobID: "abc", State: "running", Next: 5 * time.Second})
	time.Sleep(300 * time.Millisecond)
	l.close()
	out := on.String()
	if !strings.Contains(out, "\rjob abc running · 0s · next check in 5s") || !strings.HasSuffix(out, "\r") {
		t.Errorf("on line wrote %q", out)
	}
}

func TestExplainCodes(t *testing.T) {
	base := "http://127.0.0.1:8080"
	cases := []struct {
		err  error
		code int
	}{
		{&client.APIError{StatusCode: 401, Code: "unauthorized"}, exitAuth},
		{&client.APIError{StatusCode: 404, Code: "not_found"}, exitNotFound},
		{&client.APIError{StatusCode: 429, Code: "rate_limited", RetryAfter: 30 * time.Second}, exitRateLimited},
		{&client.APIError{StatusCode: 500, Code: "internal", RequestID: "r1"}, exitServer},
		{&client.APIError{StatusCode: 503, Code: "unavailable"}, exitServer},
		{&client.APIError{StatusCode: 400, Code: "invalid_request"}, exitUsage},
		{&client.JobError{JobID: "j", Message: "boom"}, exitJobFailed},
		{client.ErrNoAPIKey, exitAuth},
		{fmt.Errorf("songsmith: %w: character %q", client.ErrInvalidAPIKey, ' '), exitAuth},
		{errors.New("disk full"), exitFailure},
	}
	for _, tc := range cases {
		code, msg := describe(explain(tc.err, base))
		if code != tc.code || strings.HasPrefix(msg, "songsmith:") {
			t.Errorf("%v: code %d msg %q, want code %d", tc.err, code, msg, tc.code)
		}
	}
	if _, msg := describe(explain(&client.APIError{StatusCode: 429, Code: "rate_limited", RetryAfter: 30 * time.Second}, base)); !strings.Contains(msg, "try again in 30s") {
		t.Errorf("429 message %q", msg)
	}
}

// syncBuilder is a strings.Builder safe for the progress goroutine.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuilder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The exit-code table of docs/cli.md and the root help list every code.
func TestExitCodesDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	var help strings.Builder
	root := newRoot(&help, &help)
	root.SetArgs([]string{"--help"})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	for _, code := range []int{exitOK, exitFailure, exitUsage, exitAuth, exitNotFound, exitRateLimited, exitServer, exitJobFailed, exitTimeout, exitInterrupted} {
		if !strings.Contains(string(readme), fmt.Sprintf("\n| %d | ", code)) {
			t.Errorf("docs/cli.md's exit-code table lacks %d", code)
		}
		if !strings.Contains(help.String(), fmt.Sprintf("%d ", code)) {
			t.Errorf("root help lacks exit code %d", code)
		}
	}
}

// A server that keeps answering 429 or 5xx: once the SDK's retries are used
// up (its waits skipped here), the command exits 5 or 6 with one line that
// names the cause, the fix and the request id.
func TestRetriesUsedUpExitCodes(t *testing.T) {
	sdkOptions = []client.Option{client.WithSleep(func(ctx context.Context, _ time.Duration) error { return ctx.Err() })}
	t.Cleanup(func() { sdkOptions = nil })
	cases := []struct {
		status int
		header map[string]string
		code   int
		msg    []string
	}{
		{429, map[string]string{"Retry-After": "42"}, exitRateLimited, []string{"still rate limited after retrying", "try again in 42s", "req-429"}},
		{500, nil, exitServer, []string{"the server failed", "Try again later", "req-500"}},
		{503, map[string]string{"Retry-After": "1"}, exitServer, []string{"the server failed", "req-503"}},
	}
	for _, tc := range cases {
		var calls atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			for k, v := range tc.header {
				w.Header().Set(k, v)
			}
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("X-Request-Id", fmt.Sprintf("req-%d", tc.status))
			w.WriteHeader(tc.status)
			fmt.Fprintf(w, `{"error":{"code":"e%d","message":"answer %d"}}`, tc.status, tc.status)
		}))
		for _, args := range [][]string{
			{"generate", "lo-fi piano", "--url", srv.URL, "--key", "ss_0123456789ab_secret", "--out", t.TempDir()},
			{"jobs", "get", "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d", "--url", srv.URL, "--key", "ss_0123456789ab_secret"},
		} {
			calls.Store(0)
			var stdout, stderr strings.Builder
			code := run(context.Background(), args, &stdout, &stderr)
			if code != tc.code {
				t.Errorf("%d %v: exit %d, want %d; stderr %q", tc.status, args[:2], code, tc.code, stderr.String())
			}
			if n := calls.Load(); n != 1+int32(cliRetry.MaxRetries) {
				t.Errorf("%d %v: %d requests, want 1 + %d retries", tc.status, args[:2], n, cliRetry.MaxRetries)
			}
			msg := stderr.String()
			if strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "songsmith: ") || strings.Contains(msg, "songsmith: songsmith:") {
				t.Errorf("%d: stderr %q, want one line", tc.status, msg)
			}
			for _, want := range tc.msg {
				if !strings.Contains(msg, want) {
					t.Errorf("%d: stderr %q lacks %q", tc.status, msg, want)
				}
			}
		}
		srv.Close()
	}
}

// The start banner points to the playground, and with a key gives the
// variables the CLI and SDK read and a generate line.
func TestWelcome(t *testing.T) {
	var b strings.Builder
	printWelcome(&b, "http://127.0.0.1:8080", "ss_0123456789ab_secret", "whsec_c2VjcmV0")
	for _, want := range []string{"Playground: open http://127.0.0.1:8080/ in a browser.", "Webhook signing secret: whsec_c2VjcmV0",
		"export SONGSMITH_URL=http://127.0.0.1:8080 SONGSMITH_API_KEY=ss_0123456789ab_secret", " generate \""} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("banner lacks %q:\n%s", want, b.String())
		}
	}
	b.Reset()
	printWelcome(&b, "http://127.0.0.1:8080", "", "")
	if !strings.Contains(b.String(), " keys create NAME") || strings.Contains(b.String(), "ss_") {
		t.Errorf("banner without a key:\n%s", b.String())
	}
}

// The job history: newest first, bounded, unreadable lines skipped, and an
// empty list when nothing was submitted.
func TestHistory(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: 300 synced history writes")
	}
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	if got, err := recentJobs(0); err != nil || len(got) != 0 {
		t.Fatalf("empty history: %v %v", got, err)
	}
	long := strings.Repeat("x", 2000) // 300 of these pass trimHistoryBytes
	for i := range 300 {
		recordJob("http://h", &client.Submission{JobID: fmt.Sprintf("job-%03d", i)}, long)
	}
	path, _ := historyPath()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("not json\n")
	f.Close()
	recordJob("http://h", &client.Submission{JobID: "job-last"}, "lo-fi")
	all, err := recentJobs(0)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) > maxHistory+trimHistoryBytes/len(long) || len(all) < maxHistory {
		t.Errorf("%d entries kept, want about %d", len(all), maxHistory)
	}
	if all[0].JobID != "job-last" || all[0].Prompt != "lo-fi" || all[0].URL != "http://h" || all[1].JobID != "job-299" {
		t.Errorf("newest entries %+v %+v", all[0].JobID, all[1].JobID)
	}
	if _, err := time.Parse(client.TimeLayout, all[0].SubmittedAt); err != nil {
		t.Errorf("submitted_at %q: %v", all[0].SubmittedAt, err)
	}
	if got, _ := recentJobs(3); len(got) != 3 || got[2].JobID != "job-298" {
		t.Errorf("recentJobs(3) = %v", got)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("history file mode: %v", err)
	}
}

// A signal during a request exits 128+signal without a word, although
// net/http reports the context's cause rather than context.Canceled.
func TestSignalDuringRequestIsQuiet(t *testing.T) {
	arrived := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body) // then the server notices the client leave
		arrived <- struct{}{}
		<-r.Context().Done()
	}))
	defer srv.Close()
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		ctx, cancel := context.WithCancelCause(context.Background())
		go func() {
			<-arrived
			cancel(signalError{sig})
		}()
		var stdout, stderr strings.Builder
		code := run(ctx, []string{"generate", "x", "--url", srv.URL, "--key", "ss_0123456789ab_secret", "--out", t.TempDir()}, &stdout, &stderr)
		if code != 128+int(sig) || stdout.Len() != 0 || stderr.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", sig, code, stdout.String(), stderr.String())
		}
	}
}

// When the server fails after accepting the job, the error says how to
// come back to it.
func TestFailureAfterSubmissionNamesTheJob(t *testing.T) {
	sdkOptions = []client.Option{client.WithSleep(func(ctx context.Context, _ time.Duration) error { return ctx.Err() })}
	t.Cleanup(func() { sdkOptions = nil })
	id := "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodPost {
			w.WriteHeader(http.StatusAccepted)
			fmt.Fprintf(w, `{"message":"ok","job_id":%q,"poll_url":"/jobs/%[1]s"}`, id)
			return
		}
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(`{"error":"service_unavailable","message":"down"}`))
	}))
	defer srv.Close()
	var stdout, stderr strings.Builder
	code := run(context.Background(), []string{"generate", "x", "--url", srv.URL, "--key", "ss_0123456789ab_secret", "--out", t.TempDir()}, &stdout, &stderr)
	if code != exitServer || !strings.Contains(stderr.String(), "The job may still finish: songsmith jobs wait "+id) {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}
