package main_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/testutil"
)

var binPath string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "songsmith-e2e")
	if err != nil {
		panic(err)
	}
	binPath = filepath.Join(dir, "songsmith")
	// generate's job history goes here, not into the home directory.
	os.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "build: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// proc is a running `songsmith serve`.
type proc struct {
	cmd  *exec.Cmd
	URL  string
	Key  string
	logs *bytes.Buffer

	mu     sync.Mutex
	stdout []string // the lines serve printed
}

// printed returns the lines serve has printed on stdout so far.
func (p *proc) printed() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.stdout)
}

var keyRE = regexp.MustCompile(`API key: (ss_\S+)`)

func startServe(t *testing.T, dataDir, addr string, env ...string) *proc {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: a songsmith serve process rendering songs")
	}
	cmd := exec.Command(binPath, "serve")
	cmd.Env = append(os.Environ(), append([]string{"SONGSMITH_DATA_DIR=" + dataDir, "SONGSMITH_ADDR=" + addr,
		"SONGSMITH_WORKERS=1", "SONGSMITH_SUBMIT_RATE=off", "SONGSMITH_POLL_RATE=off"}, env...)...)
	stdout, _ := cmd.StdoutPipe()
	p := &proc{cmd: cmd, URL: "http://" + addr, logs: &bytes.Buffer{}}
	cmd.Stderr = p.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			p.mu.Lock()
			p.stdout = append(p.stdout, sc.Text())
			p.mu.Unlock()
			if m := keyRE.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			} else if strings.Contains(sc.Text(), "Use a key from") {
				found <- "" // no working key to show
			}
		}
		close(found)
	}()
	select {
	case p.Key = <-found:
	case <-time.After(30 * time.Second):
		t.Fatalf("serve printed no API key; logs:\n%s", p.logs)
	}
	for i := 0; i < 100; i++ {
		if res, err := http.Get(p.URL + "/healthz"); err == nil && res.StatusCode == 200 {
			res.Body.Close()
			return p
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("server not healthy; logs:\n%s", p.logs)
	return nil
}

func (p *proc) call(t *testing.T, method, path, body string) map[string]any {
	t.Helper()
	req, _ := http.NewRequest(method, p.URL+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+p.Key)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var m map[string]any
	if err := json.NewDecoder(res.Body).Decode(&m); err != nil {
		t.Fatalf("%s %s: %d, undecodable body", method, path, res.StatusCode)
	}
	return m
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// Jobs accepted before a kill -9 complete after the restart: nothing
// accepted is lost.
func TestRestartAfterKillCompletesJobs(t *testing.T) {
	dir, addr := t.TempDir(), freeAddr(t)
	p := startServe(t, dir, addr)
	var ids []string
	for i := 0; i < 4; i++ {
		m := p.call(t, "POST", "/generate", fmt.Sprintf(`{"prompt": "dreamy synthwave number %d, 110 bpm, 20 seconds"}`, i))
		ids = append(ids, m["job_id"].(string))
	}
	running := 0
	for _, id := range ids {
		if p.call(t, "GET", "/jobs/"+id, "")["status"] == "running" {
			running++
		}
	}
	if running == 0 {
		t.Fatal("all jobs finished before the kill; the test proves nothing")
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = p.cmd.Wait()

	p2 := startServe(t, dir, addr)
	if p2.Key != p.Key {
		t.Fatalf("dev key changed across restarts: %s → %s", p.Key, p2.Key)
	}
	deadline := time.Now().Add(3 * time.Minute)
	for _, id := range ids {
		for {
			m := p2.call(t, "GET", "/jobs/"+id, "")
			if m["status"] == "completed" {
				break
			}
			if m["status"] == "failed" || time.Now().After(deadline) {
				t.Fatalf("job %s after restart: %v\nlogs:\n%s", id, m, p2.logs)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// The served song is an MP3 that ffprobe reads with the reported duration,
// and the cover a JPEG; a graceful stop (SIGTERM) exits cleanly.
func TestServeDownloadsAndGracefulStop(t *testing.T) {
	ffprobe := testutil.RequireTool(t, "ffprobe")
	p := startServe(t, t.TempDir(), freeAddr(t))
	id := p.call(t, "POST", "/compose", `{"prompt": "energetic drum and bass with reese bass, 174 bpm, 15 seconds"}`)["job_id"].(string)
	var job map[string]any
	for deadline := time.Now().Add(2 * time.Minute); ; {
		job = p.call(t, "GET", "/jobs/"+id, "")
		if job["status"] != "running" || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	r, ok := job["result"].(map[string]any)
	if job["status"] != "completed" || !ok {
		t.Fatalf("job %v", job)
	}
	song := filepath.Join(t.TempDir(), "song.mp3")
	fetch(t, r["song_url"].(string), song, "audio/mpeg")
	out, err := exec.Command(ffprobe, "-v", "error", "-show_entries", "format=start_time,duration", "-of", "csv=p=0", song).Output()
	if err != nil {
		t.Fatalf("ffprobe: %v", err)
	}
	// ffprobe's duration counts the encoder padding its start_time skips.
	var start, dur float64
	fmt.Sscanf(strings.TrimSpace(string(out)), "%g,%g", &start, &dur)
	if d := dur - start - r["duration"].(float64); d > 1152.0/44100 || d < -1152.0/44100 {
		t.Fatalf("ffprobe duration %.3f (start %.3f), reported %.3f: more than one frame apart", dur, start, r["duration"])
	}
	cover := filepath.Join(t.TempDir(), "cover.jpg")
	fetch(t, r["image_url"].(string), cover, "image/jpeg")
	if b, _ := os.ReadFile(cover); !bytes.HasPrefix(b, []byte("\xff\xd8\xff")) {
		t.Fatal("cover is not a JPEG")
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	if err := p.cmd.Wait(); err != nil {
		t.Fatalf("SIGTERM exit: %v\n%s", err, p.logs)
	}
	if strings.Contains(p.logs.String(), strings.SplitN(p.Key, "_", 3)[2]) {
		t.Fatal("the API key secret appears in the server logs")
	}
}

func fetch(t *testing.T, url, path, contentType string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != contentType {
		t.Fatalf("GET %s: %d %s", url, res.StatusCode, res.Header.Get("Content-Type"))
	}
	f, _ := os.Create(path)
	defer f.Close()
	_, _ = io.Copy(f, res.Body)
}

func TestKeysCommands(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(binPath, append([]string{"keys"}, args...)...)
		cmd.Env = append(os.Environ(), "SONGSMITH_DATA_DIR="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("keys %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	created := run("create", "ci")
	full := regexp.MustCompile(`ss_[0-9a-f]+_\S+`).FindString(created)
	id := strings.SplitN(full, "_", 3)[1]
	if full == "" || !strings.Contains(run("list"), id) {
		t.Fatalf("create/list: %s", created)
	}
	rotated := run("rotate", id, "--grace", "1h")
	if !strings.Contains(rotated, "replaces "+id) {
		t.Fatalf("rotate: %s", rotated)
	}
	list := run("list")
	if !strings.Contains(list, "active until") {
		t.Fatalf("old key should be in its grace period: %s", list)
	}
	run("revoke", id)
	if !strings.Contains(run("list"), "revoked") {
		t.Fatal("revoked key not listed as revoked")
	}
	// The revoked key is refused by a server on the same data, and its
	// start banner does not offer it as the working key.
	p := startServe(t, dir, freeAddr(t), "SONGSMITH_API_KEYS="+full)
	if p.Key != "" {
		t.Fatalf("banner shows key %s, which is revoked", p.Key)
	}
	req, _ := http.NewRequest("GET", p.URL+"/jobs/00000000-0000-4000-8000-000000000000", nil)
	req.Header.Set("Authorization", "Bearer "+full)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 401 {
		t.Fatalf("revoked key answered %d, want 401", res.StatusCode)
	}
}

// A kill -9 during a generation does not use up the job's attempts: with
// SONGSMITH_MAX_ATTEMPTS=1 the job interrupted by the crash still
// completes after the restart (it waits the restart delay first).
func TestKillDoesNotUseUpAttempts(t *testing.T) {
	dir, addr := t.TempDir(), freeAddr(t)
	p := startServe(t, dir, addr, "SONGSMITH_MAX_ATTEMPTS=1")
	id := p.call(t, "POST", "/generate", `{"prompt": "slow cinematic ambient with strings, 70 bpm, 90 seconds"}`)["job_id"].(string)
	time.Sleep(300 * time.Millisecond) // the one worker has taken it
	if st := p.call(t, "GET", "/jobs/"+id, "")["status"]; st != "running" {
		t.Fatalf("job %s before the kill; the test proves nothing", st)
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = p.cmd.Wait()

	p2 := startServe(t, dir, addr, "SONGSMITH_MAX_ATTEMPTS=1")
	deadline := time.Now().Add(3 * time.Minute)
	for {
		m := p2.call(t, "GET", "/jobs/"+id, "")
		if m["status"] == "completed" {
			return
		}
		if m["status"] == "failed" || time.Now().After(deadline) {
			t.Fatalf("job after the crash: %v\nlogs:\n%s", m, p2.logs)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
