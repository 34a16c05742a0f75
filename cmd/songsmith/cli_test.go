package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/testutil"
)

// result is one finished run of the binary.
type result struct {
	code           int
	stdout, stderr string
	took           time.Duration
}

// runCLI runs the binary in dir (a fresh temp dir when "") with env added
// to a clean environment (no SONGSMITH_* from the caller).
func runCLI(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	cmd := exec.Command(binPath, args...)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SONGSMITH_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String(), took: time.Since(start)}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %v: %v", args, err)
	}
	return r
}

func (r result) want(t *testing.T, code int, args ...string) {
	t.Helper()
	if r.code != code {
		t.Fatalf("%v: exit %d, want %d\nstdout: %s\nstderr: %s", args, r.code, code, r.stdout, r.stderr)
	}
	if strings.Contains(r.stderr, "songsmith: songsmith:") {
		t.Errorf("%v: doubled prefix in %q", args, r.stderr)
	}
}

// --help, --version and completion exit 0 at every level and create no
// file (in particular no ./data/songsmith.db).
func TestHelpTouchesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: every command's help, each in a fresh process")
	}
	cases := [][]string{{}, {"--help"}, {"-h"}, {"help"}, {"help", "keys"}, {"--version"}, {"serve", "--help"},
		{"generate", "--help"}, {"generate", "-h"}, {"render", "--help"}, {"jobs"}, {"jobs", "--help"}, {"jobs", "get", "--help"},
		{"jobs", "wait", "--help"}, {"jobs", "download", "--help"}, {"jobs", "list", "--help"}, {"keys"}, {"keys", "--help"}, {"keys", "create", "--help"},
		{"keys", "list", "--help"}, {"keys", "revoke", "--help"}, {"keys", "rotate", "-h"},
		{"completion", "bash"}, {"completion", "zsh"}, {"completion", "fish"},
		{"aws"}, {"aws", "--help"}, {"aws", "init", "--help"}, {"help", "aws", "init"}, {"backup", "--help"}, {"restore", "-h"}}
	for _, args := range cases {
		dir := t.TempDir()
		r := runCLI(t, dir, nil, args...)
		r.want(t, 0, args...)
		if r.stdout == "" {
			t.Errorf("%v: no output", args)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%v created %s", args, entries[0].Name())
		}
	}
	if r := runCLI(t, "", nil, "--version"); !strings.HasPrefix(r.stdout, "songsmith ") {
		t.Errorf("--version printed %q", r.stdout)
	}
	if r := runCLI(t, "", nil, "completion", "bash"); !strings.Contains(r.stdout, "__start_songsmith") {
		t.Error("bash completion script lacks its entry function")
	}
	// What the completion scripts ask the binary: commands, flag values.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"__complete", ""}, "aws\nbackup\ncompletion\ngenerate\nhelp\njobs\nkeys\nrender\nrestore\nserve\n:4\n"},
		{[]string{"__complete", "jobs", ""}, "cancel\ndelete\ndownload\nedit\nget\nhistory\nlist\nwait\n:4\n"},
		{[]string{"__complete", "render", "x", "--format", ""}, "mp3\nwav\nflac\nogg\n:4\n"},
		{[]string{"__complete", "serve", "--backend", ""}, "embedded\naws\n:4\n"},
		{[]string{"__complete", "keys", "list", "--backend", "a"}, "embedded\naws\n:4\n"},
		{[]string{"__complete", "generate", "x", "--out", ""}, ":16\n"},
	} {
		r := runCLI(t, "", nil, tc.args...)
		r.want(t, 0, tc.args...)
		got := ""
		for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
			name, _, _ := strings.Cut(line, "\t") // drop the descriptions
			got += name + "\n"
		}
		if got != tc.want {
			t.Errorf("%v: completions %q, want %q", tc.args, r.stdout, tc.want)
		}
	}
}

// The version set at build time is what --version prints.
func TestVersionFromLdflags(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a build with -ldflags")
	}
	bin := filepath.Join(t.TempDir(), "songsmith")
	out, err := exec.Command("go", "build", "-ldflags", "-X main.version=v9.8.7", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	got, err := exec.Command(bin, "--version").Output()
	if err != nil || string(got) != "songsmith v9.8.7\n" {
		t.Fatalf("--version = %q, %v", got, err)
	}
}

// Usage errors exit 2 with one message naming the fix, before any work.
func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"bogus"}, `unknown command "bogus"`},
		{[]string{"keys", "bogus"}, `unknown command "bogus" for "songsmith keys"`},
		{[]string{"generate", "x", "--bogus"}, "unknown flag: --bogus"},
		{[]string{"generate"}, "give the prompt as an argument"},
		{[]string{"render", "x", "--bitrate", "100"}, "--bitrate 100 is not an MP3 bitrate"},
		{[]string{"render", "x", "--format", "aac"}, "--format must be mp3, wav, flac or ogg"},
		{[]string{"keys", "create"}, "give the key a name"},
		{[]string{"jobs", "get"}, "wants one job id"},
		{[]string{"jobs", "wait", "a", "b"}, "wants one job id"},
		{[]string{"generate", "x", "--url", "localhost:8080", "--key", "k"}, "e.g. http://localhost:8080"},
		{[]string{"serve", "extra"}, "takes no arguments"},
		{[]string{"aws", "bogus"}, `unknown command "bogus" for "songsmith aws"`},
		{[]string{"aws", "init", "now"}, "takes no arguments"},
		{[]string{"keys", "create", "a", "b"}, "one name"},
		{[]string{"jobs", "wait", "x", "--timeout", "soon"}, `invalid argument "soon" for "--timeout"`},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		r := runCLI(t, dir, nil, tc.args...)
		r.want(t, 2, tc.args...)
		if strings.Count(r.stderr, tc.msg) != 1 || !strings.HasPrefix(r.stderr, "songsmith: ") || !strings.Contains(r.stderr, "--help' for usage") {
			t.Errorf("%v: stderr %q, want %q once and a pointer to --help", tc.args, r.stderr, tc.msg)
		}
		if r.stdout != "" {
			t.Errorf("%v: stdout %q", tc.args, r.stdout)
		}
		if r.took > 3*time.Second {
			t.Errorf("%v took %v: the error should come before any work", tc.args, r.took)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%v created %s", tc.args, entries[0].Name())
		}
	}
}

// Failures of API calls exit with their own codes and messages, fast.
func TestClientExitCodes(t *testing.T) {
	failed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if a := r.Header.Get("Authorization"); a != "Bearer ss_0123456789ab_secret" && a != "Bearer k" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"error":{"code":"unauthorized","message":"Authorization header must have the form 'Bearer <API_KEY>'"}}`))
			return
		}
		if r.Method == http.MethodPost {
			w.WriteHeader(http.StatusAccepted)
			_, _ = w.Write([]byte(`{"message":"ok","job_id":"6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d","poll_url":"/jobs/6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d"}`))
			return
		}
		_, _ = w.Write([]byte(`{"status":"failed","prompt":"x","result":null,"error":"generation failed","started_at":"2026-01-01 10:00:00","finished_at":"2026-01-01 10:00:05"}`))
	}))
	defer failed.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()
	key := "SONGSMITH_API_KEY=ss_0123456789ab_secret"
	cases := []struct {
		name string
		env  []string
		args []string
		code int
		msg  string
	}{
		{"NoKey", nil, []string{"generate", "x", "--url", failed.URL}, 3, "no API key: pass --key KEY or set SONGSMITH_API_KEY"},
		{"EmptyKeyFlag", nil, []string{"generate", "x", "--url", failed.URL, "--key", ""}, 3, "no API key: pass --key KEY or set SONGSMITH_API_KEY"},
		{"EmptyKeyVariable", []string{"SONGSMITH_API_KEY="}, []string{"jobs", "get", "x", "--url", failed.URL}, 3, "no API key: pass --key KEY or set SONGSMITH_API_KEY"},
		{"BlankKey", []string{"SONGSMITH_API_KEY= \t"}, []string{"jobs", "wait", "x", "--url", failed.URL}, 3, "`songsmith serve` prints a key for the local server"},
		{"KeyPastedWithNewline", []string{"SONGSMITH_API_KEY=ss_0123456789ab_secret\n", "SONGSMITH_URL=" + failed.URL}, []string{"jobs", "get", "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d", "-q"}, 0, ""},
		{"KeyWithSpace", []string{"SONGSMITH_API_KEY=ss_0123 456789ab_secret"}, []string{"generate", "x", "--url", failed.URL}, 3, "is not a key: character ' ' at position 8; a key looks like ss_<id>_<secret>"},
		{"WrongKey", []string{"SONGSMITH_API_KEY=ss_0123456789ab_wrong"}, []string{"jobs", "get", "x", "--url", failed.URL}, 3, "the server refused the API key"},
		{"DeprecatedKeyName", []string{"SONGSMITH_KEY=k", "SONGSMITH_URL=" + failed.URL}, []string{"jobs", "get", "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d", "-q"}, 0, ""},
		{"Unreachable", []string{key}, []string{"generate", "x", "--url", closedURL}, 6, "cannot reach the API at " + closedURL + ": connection refused"},
		{"UnknownHost", []string{key}, []string{"jobs", "get", "x", "--url", "http://songsmith.invalid:8080"}, 6, `no such host "songsmith.invalid". Check the host name in --url or SONGSMITH_URL.`},
		{"HTTPSAgainstHTTP", []string{key}, []string{"jobs", "get", "x", "--url", strings.Replace(failed.URL, "http:", "https:", 1)}, 6, "answers plain HTTP, not HTTPS: use http://"},
		{"JobFailed", []string{key, "SONGSMITH_URL=" + failed.URL}, []string{"generate", "x"}, 7, "job 6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d failed: generation failed"},
		{"WaitFailed", []string{key, "SONGSMITH_URL=" + failed.URL}, []string{"jobs", "wait", "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d", "--json"}, 7, "failed: generation failed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", tc.env, tc.args...)
			r.want(t, tc.code, tc.args...)
			if tc.msg != "" && (strings.Count(r.stderr, tc.msg) != 1 || strings.Count(r.stderr, "\n") != 1) {
				t.Errorf("stderr %q, want one line with %q", r.stderr, tc.msg)
			}
			if r.took > 8*time.Second {
				t.Errorf("took %v", r.took)
			}
		})
	}
	// --json still prints the failed job.
	r := runCLI(t, "", []string{key, "SONGSMITH_URL=" + failed.URL}, "jobs", "wait", "6f1c2a9e-1b7d-4c4e-9a51-3f0f6a1b2c3d", "--json")
	var j map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || j["status"] != "failed" || j["error"] != "generation failed" {
		t.Errorf("--json of a failed job: %q (%v)", r.stdout, err)
	}
}

// generate against a real server: files named after the title, never
// overwritten; quiet on a pipe; jobs get/wait/download; exit codes 3, 4, 8.
func TestGenerateAndJobs(t *testing.T) {
	p := startServe(t, t.TempDir(), freeAddr(t))
	env := []string{"SONGSMITH_URL=" + p.URL, "SONGSMITH_API_KEY=" + p.Key, "XDG_STATE_HOME=" + t.TempDir()}
	out := t.TempDir()
	prompt := []string{"generate", "dreamy", "synthwave,", "100", "bpm,", "15", "seconds", "--out", out}
	r := runCLI(t, "", env, prompt...)
	r.want(t, 0, prompt...)
	if r.stderr != "" {
		t.Errorf("stderr is not a terminal, yet got %q", r.stderr)
	}
	if !strings.Contains(r.stdout, "bpm") || !strings.Contains(r.stdout, "saved ") {
		t.Errorf("stdout %q", r.stdout)
	}
	r = runCLI(t, "", env, "generate", "lo-fi piano, 15 seconds", "--no-wait", "-q")
	r.want(t, 0)
	id := strings.TrimSpace(r.stdout)
	if len(id) != 36 {
		t.Fatalf("--no-wait -q printed %q, want the job id", r.stdout)
	}
	// jobs list: the way back to both, newest first, without a request.
	r = runCLI(t, "", env, "jobs", "list", "--json")
	r.want(t, 0)
	var listed []struct {
		JobID       string `json:"job_id"`
		URL, Prompt string
	}
	if err := json.Unmarshal([]byte(r.stdout), &listed); err != nil || len(listed) != 2 || listed[0].JobID != id ||
		listed[1].Prompt != "dreamy synthwave, 100 bpm, 15 seconds" || listed[0].URL != p.URL {
		t.Errorf("jobs list --json: %q (%v)", r.stdout, err)
	}
	r = runCLI(t, "", env, "jobs", "list", "-n", "1")
	r.want(t, 0)
	if !strings.HasPrefix(r.stdout, "JOB ID") || !strings.Contains(r.stdout, id) || strings.Count(r.stdout, "\n") != 2 {
		t.Errorf("jobs list -n 1: %q", r.stdout)
	}
	r = runCLI(t, "", env, "jobs", "wait", id, "--json")
	r.want(t, 0)
	var job struct {
		JobID, Status string
		Result        struct{ Title string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &job); err != nil || job.Status != "completed" {
		t.Fatalf("jobs wait --json: %q (%v)", r.stdout, err)
	}
	// The same job downloaded twice: the second set gets -1, nothing is overwritten.
	var first, second map[string]map[string]string
	r = runCLI(t, "", env, "jobs", "download", id, "--out", out, "--json")
	r.want(t, 0)
	_ = json.Unmarshal([]byte(r.stdout), &first)
	song := first["files"]["song"]
	if err := os.WriteFile(song, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runCLI(t, "", env, "jobs", "download", id, "-o", out, "--json")
	r.want(t, 0)
	_ = json.Unmarshal([]byte(r.stdout), &second)
	if b, _ := os.ReadFile(song); string(b) != "mine" {
		t.Error("the second download overwrote the first song")
	}
	base := strings.TrimSuffix(song, ".mp3")
	for kind, ext := range map[string]string{"song": ".mp3", "cover": ".jpg", "json": ".json"} {
		if want := base + "-1" + ext; second["files"][kind] != want {
			t.Errorf("second %s = %q, want %q", kind, second["files"][kind], want)
		}
	}
	if b, _ := os.ReadFile(base + "-1.mp3"); !bytes.HasPrefix(b, []byte("ID3")) {
		t.Error("song is not an MP3 with an ID3 tag")
	}
	if b, _ := os.ReadFile(base + "-1.jpg"); !bytes.HasPrefix(b, []byte("\xff\xd8\xff")) {
		t.Error("cover is not a JPEG (the server's cover.jpg, saved under its own extension)")
	}
	var saved struct {
		JobID  string `json:"job_id"`
		Status string
		Files  struct{ Song string }
	}
	if b, _ := os.ReadFile(base + "-1.json"); json.Unmarshal(b, &saved) != nil || saved.JobID != id || saved.Files.Song != filepath.Base(base)+"-1.mp3" {
		t.Errorf("saved JSON %+v", saved)
	}
	if want := filepath.Join(out, strings.Join(strings.Fields(strings.ToLower(strings.NewReplacer("'", "", "’", "").Replace(job.Result.Title))), "-")); !strings.HasPrefix(base, want[:len(want)/2]) {
		t.Errorf("file stem %q not derived from the title %q", base, job.Result.Title)
	}

	r = runCLI(t, "", env, "jobs", "get", "00000000-0000-4000-8000-000000000000")
	r.want(t, 4)
	r = runCLI(t, "", []string{"SONGSMITH_URL=" + p.URL, "SONGSMITH_API_KEY=ss_0123456789ab_wrong"}, "jobs", "get", id)
	r.want(t, 3)
	if !strings.Contains(r.stderr, "refused the API key") || !strings.Contains(r.stderr, "request id") {
		t.Errorf("401 message %q", r.stderr)
	}
	// The submission is answered within the second even on a busy machine; the
	// three-minute song takes longer.
	r = runCLI(t, "", env, "generate", "slow ambient drone, 3 minutes", "--timeout", "1s", "--out", t.TempDir())
	r.want(t, 8)
	if !strings.Contains(r.stderr, "songsmith jobs wait ") {
		t.Errorf("timeout message %q lacks the way back", r.stderr)
	}
}

// Ctrl-C exits 130 (SIGTERM 143) without a message and leaves no partial
// files.
func TestInterrupt(t *testing.T) {
	p := startServe(t, t.TempDir(), freeAddr(t))
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
		args []string
	}{
		{syscall.SIGINT, 130, []string{"generate", "epic orchestral soundtrack, 90 seconds"}},
		{syscall.SIGTERM, 143, []string{"generate", "slow ambient drone, 90 seconds", "--json"}},
	} {
		out := t.TempDir()
		cmd := exec.Command(binPath, append(tc.args, "--out", out)...)
		cmd.Env = append(os.Environ(), "SONGSMITH_URL="+p.URL, "SONGSMITH_API_KEY="+p.Key)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		_ = cmd.Process.Signal(tc.sig)
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != tc.code {
			t.Fatalf("%v: exit %v, want %d", tc.sig, err, tc.code)
		}
		if stderr.Len() != 0 || stdout.Len() != 0 {
			t.Errorf("%v: stdout %q, stderr %q, want nothing", tc.sig, stdout.String(), stderr.String())
		}
		if entries, _ := os.ReadDir(out); len(entries) != 0 {
			t.Errorf("%v: left %s behind", tc.sig, entries[0].Name())
		}
	}
}

// On a terminal (a pty from util-linux script), generate draws its
// progress line: state, elapsed time, countdown; then blanks it.
func TestProgressOnTerminal(t *testing.T) {
	script := testutil.RequireTool(t, "script")
	p := startServe(t, t.TempDir(), freeAddr(t))
	out := t.TempDir()
	line := binPath + " generate 'lo-fi piano, 20 seconds' --out " + out
	cmd := exec.Command(script, "-qec", line, "/dev/null")
	cmd.Env = append(os.Environ(), "SONGSMITH_URL="+p.URL, "SONGSMITH_API_KEY="+p.Key)
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	s := string(got)
	for _, want := range []string{"\rsubmitting · 0s", " running · 0s · next check in 1s", "saved " + out} {
		if !strings.Contains(s, want) {
			t.Errorf("terminal output lacks %q:\n%q", want, s)
		}
	}
}

// render: JSON on stdout, the summary on stderr, files named after the
// title and never overwritten.
func TestRender(t *testing.T) {
	out := t.TempDir()
	var songs []string
	for range 2 {
		r := runCLI(t, "", nil, "render", "lo-fi piano, 8 seconds", "--seed", "3", "--out", out)
		r.want(t, 0)
		var res struct {
			Title   string `json:"title"`
			SongURL string `json:"song_url"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || res.Title == "" {
			t.Fatalf("stdout is not the result JSON: %q (%v)", r.stdout, err)
		}
		if !strings.Contains(r.stderr, "saved ") {
			t.Errorf("stderr %q lacks the summary", r.stderr)
		}
		songs = append(songs, strings.TrimPrefix(res.SongURL, "file://"))
	}
	if filepath.Ext(songs[0]) != ".mp3" || strings.TrimSuffix(songs[0], ".mp3")+"-1.mp3" != songs[1] {
		t.Errorf("songs %v, want <title>.mp3 then <title>-1.mp3", songs)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 6 {
		t.Errorf("%d files, want 6", len(entries))
	}
}

// render --format flac writes a FLAC file (its stream marker) and says so
// in the result JSON's song_url.
func TestRenderFLAC(t *testing.T) {
	out := t.TempDir()
	r := runCLI(t, "", nil, "render", "lo-fi piano, 8 seconds", "--format", "flac", "--out", out)
	r.want(t, 0)
	var res struct {
		SongURL string `json:"song_url"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || filepath.Ext(res.SongURL) != ".flac" {
		t.Fatalf("render --format flac: %q (%v)", r.stdout, err)
	}
	b, err := os.ReadFile(strings.TrimPrefix(res.SongURL, "file://"))
	if err != nil || len(b) < 1000 || string(b[:4]) != "fLaC" {
		t.Fatalf("render --format flac wrote %d bytes starting %q (%v)", len(b), b[:min(len(b), 4)], err)
	}
}
