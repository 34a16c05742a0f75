package main_test

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
)

// The CLI's extensions against a real serve: generate with options, stems,
// MIDI and a webhook to a receiver on loopback (verified with the secret
// keys list shows), and jobs history paging the API's GET /jobs.
func TestGenerateExtensions(t *testing.T) {
	dataDir := t.TempDir()
	p := startServe(t, dataDir, freeAddr(t), "SONGSMITH_WEBHOOK_ALLOW_LOOPBACK=true")
	env := []string{"SONGSMITH_URL=" + p.URL, "SONGSMITH_API_KEY=" + p.Key, "XDG_STATE_HOME=" + t.TempDir(), "SONGSMITH_DATA_DIR=" + dataDir}

	// A new key: create prints its webhook signing secret (list never does).
	r := runCLI(t, "", env, "keys", "create", "hooks", "--json")
	r.want(t, 0, "keys create")
	var nk struct {
		Key           string `json:"key"`
		WebhookSecret string `json:"webhook_secret"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &nk); err != nil || nk.Key == "" || !strings.HasPrefix(nk.WebhookSecret, "whsec_") {
		t.Fatalf("keys create --json: %q (%v)", r.stdout, err)
	}
	secret := nk.WebhookSecret
	env = append(env, "SONGSMITH_API_KEY="+nk.Key)
	r = runCLI(t, "", env, "keys", "list", "--json")
	r.want(t, 0, "keys list")
	if strings.Contains(r.stdout, "whsec_") || !strings.Contains(r.stdout, `"webhooks": true`) {
		t.Fatalf("keys list --json shows a signing secret, or no webhooks flag: %s", r.stdout)
	}
	r = runCLI(t, "", env, "keys", "list")
	r.want(t, 0, "keys list")
	if strings.Contains(r.stdout, "whsec_") {
		t.Fatalf("keys list shows a signing secret: %s", r.stdout)
	}

	var mu sync.Mutex
	var hooks []*client.Job
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		j, err := client.VerifyWebhook(secret, req.Header, body, time.Now(), time.Minute)
		if err != nil {
			t.Errorf("webhook: %v", err)
			w.WriteHeader(400)
			return
		}
		mu.Lock()
		hooks = append(hooks, j)
		mu.Unlock()
	}))
	defer recv.Close()

	saveDir := t.TempDir()
	args := []string{"generate", "lo-fi piano", "--seed", "42", "--format", "flac", "--duration", "12s", "--bpm", "100",
		"--song-key", "D minor", "--stems", "--midi", "--timeline", "--musicxml", "--exact-duration", "--sample-rate", "48000", "--webhook", recv.URL + "/hook", "--json", "--out", saveDir}
	r = runCLI(t, "", env, args...)
	r.want(t, 0, args...)
	var job struct {
		JobID  string `json:"job_id"`
		Status string `json:"status"`
		Result struct {
			BPM      float64 `json:"bpm"`
			Seed     *uint64 `json:"seed"`
			Format   string  `json:"format"`
			SongURL  string  `json:"song_url"`
			StemsURL string  `json:"stems_url"`
			MIDIURL  string  `json:"midi_url"`
			Timeline string  `json:"timeline_url"`
			MusicXML string  `json:"musicxml_url"`
			Duration float64 `json:"duration"`
		} `json:"result"`
		Files struct {
			Song, Stems, MIDI, MusicXML, JSON string
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &job); err != nil || job.Status != "completed" {
		t.Fatalf("generate --json: %q (%v)", r.stdout, err)
	}
	// --stems and --midi save the zip and the MIDI file beside the song.
	for path, magic := range map[string]string{job.Files.Stems: "PK\x03\x04", job.Files.MIDI: "MThd", job.Files.Song: "fLaC", job.Files.MusicXML: "<?xml"} {
		b, err := os.ReadFile(path)
		if err != nil || !strings.HasPrefix(string(b), magic) || filepath.Dir(path) != saveDir {
			t.Errorf("saved %q: %d bytes starting %q (%v), want a %q file in %s", path, len(b), b[:min(len(b), 4)], err, magic, saveDir)
		}
	}
	if !strings.HasSuffix(job.Files.Stems, ".stems.zip") || !strings.HasSuffix(job.Files.MIDI, ".mid") || !strings.HasSuffix(job.Files.MusicXML, ".musicxml") {
		t.Errorf("files %+v", job.Files)
	}
	res := job.Result
	if res.BPM != 100 || res.Seed == nil || *res.Seed != 42 || res.Format != "flac" || res.StemsURL == "" || res.MIDIURL == "" || res.Timeline == "" || res.MusicXML == "" {
		t.Fatalf("result %+v", res)
	}
	for url, ctype := range map[string]string{res.SongURL: "audio/flac", res.StemsURL: "application/zip", res.MIDIURL: "audio/midi", res.Timeline: "application/json",
		res.MusicXML: "application/vnd.recordare.musicxml+xml"} {
		got, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		got.Body.Close()
		if got.StatusCode != 200 || got.Header.Get("Content-Type") != ctype {
			t.Errorf("%s: %d %s, want %s", url, got.StatusCode, got.Header.Get("Content-Type"), ctype)
		}
	}
	// The timeline: the requested tempo's grid over the song's length.
	tl, err := client.New(p.URL, p.Key).Timeline(context.Background(), &client.Result{TimelineURL: res.Timeline})
	if err != nil {
		t.Fatal(err)
	}
	if res.Duration != 12 {
		t.Errorf("--exact-duration --duration 12s: duration %v", res.Duration)
	}
	if tl.Tempo.BPM != 100 || tl.Duration != res.Duration || len(tl.Beats) < 16 || math.Abs(tl.Beats[1]-tl.Beats[0]-0.6) > 1e-6 ||
		tl.Key.Name != "D minor" || len(tl.Sections) == 0 || len(tl.Chords) == 0 || len(tl.Parts) == 0 {
		t.Errorf("timeline %+v", tl)
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		mu.Lock()
		n := len(hooks)
		mu.Unlock()
		if n > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	mu.Lock()
	if len(hooks) != 1 || hooks[0].JobID != job.JobID || hooks[0].Status != "completed" {
		t.Errorf("webhooks %+v, want one for %s", hooks, job.JobID)
	}
	mu.Unlock()

	r = runCLI(t, "", env, "generate", "a second one, 10 seconds", "--no-wait", "-q")
	r.want(t, 0)
	second := strings.TrimSpace(r.stdout)
	r = runCLI(t, "", env, "jobs", "history", "-n", "1")
	r.want(t, 0, "jobs history")
	if !strings.HasPrefix(r.stdout, "JOB ID") || !strings.Contains(r.stdout, second) || !strings.Contains(r.stdout, "More: songsmith jobs history -n 1 --cursor ") {
		t.Fatalf("jobs history -n 1: %q", r.stdout)
	}
	cursor := strings.TrimSpace(r.stdout[strings.LastIndex(r.stdout, "--cursor ")+len("--cursor "):])
	r = runCLI(t, "", env, "jobs", "history", "-n", "1", "--cursor", cursor, "-q")
	r.want(t, 0)
	if strings.TrimSpace(r.stdout) != job.JobID {
		t.Fatalf("second page %q, want %s", r.stdout, job.JobID)
	}
	r = runCLI(t, "", env, "generate", "x", "--bpm", "999", "--no-wait")
	if r.code == 0 || !strings.Contains(r.stderr, "bpm") {
		t.Fatalf("bpm 999: exit %d, stderr %q", r.code, r.stderr)
	}
}
