package main_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/client"
)

// generate --count against a real serve: the pieces of a collection are
// rendered, saved side by side and differ; each piece's webhook arrives
// once, naming its collection.
func TestGenerateCount(t *testing.T) {
	dataDir := t.TempDir()
	p := startServe(t, dataDir, freeAddr(t), "SONGSMITH_WEBHOOK_ALLOW_LOOPBACK=true")
	env := []string{"SONGSMITH_URL=" + p.URL, "SONGSMITH_API_KEY=" + p.Key, "XDG_STATE_HOME=" + t.TempDir(), "SONGSMITH_DATA_DIR=" + dataDir}
	r := runCLI(t, "", env, "keys", "create", "pieces", "--json")
	r.want(t, 0, "keys create")
	var nk struct {
		Key           string `json:"key"`
		WebhookSecret string `json:"webhook_secret"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &nk); err != nil || nk.Key == "" {
		t.Fatalf("keys create --json: %q (%v)", r.stdout, err)
	}
	env = append(env, "SONGSMITH_API_KEY="+nk.Key)
	var mu sync.Mutex
	hooks := map[string]*client.Job{}
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		j, err := client.VerifyWebhook(nk.WebhookSecret, req.Header, body, time.Now(), time.Minute)
		if err != nil {
			t.Errorf("webhook: %v", err)
			w.WriteHeader(400)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if hooks[j.JobID] != nil {
			t.Errorf("a second webhook for %s", j.JobID)
		}
		hooks[j.JobID] = j
	}))
	defer recv.Close()

	out := t.TempDir()
	args := []string{"generate", "calm acoustic guitar", "--count", "2", "--duration", "10s", "--format", "wav", "--webhook", recv.URL + "/hook", "--json", "--out", out}
	r = runCLI(t, "", env, args...)
	r.want(t, 0, args...)
	var col struct {
		CollectionID string `json:"collection_id"`
		Jobs         []struct {
			JobID           string `json:"job_id"`
			Status          string `json:"status"`
			CollectionID    string `json:"collection_id"`
			CollectionIndex *int   `json:"collection_index"`
			Result          struct {
				BPM  float64 `json:"bpm"`
				Tags string  `json:"tags"`
			} `json:"result"`
			Files struct{ Song string } `json:"files"`
		} `json:"jobs"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &col); err != nil || len(col.Jobs) != 2 || col.CollectionID == "" {
		t.Fatalf("generate --count 2 --json: %q (%v)", r.stdout, err)
	}
	for i, j := range col.Jobs {
		b, err := os.ReadFile(j.Files.Song)
		if j.Status != "completed" || j.CollectionID != col.CollectionID || j.CollectionIndex == nil || *j.CollectionIndex != i ||
			err != nil || !strings.HasPrefix(string(b), "RIFF") {
			t.Fatalf("piece %d: %+v (%v)", i, j, err)
		}
	}
	a, b := col.Jobs[0].Result, col.Jobs[1].Result
	if a.BPM == b.BPM && a.Tags == b.Tags {
		t.Errorf("the pieces share tempo and tags: %+v %+v", a, b)
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		mu.Lock()
		n := len(hooks)
		mu.Unlock()
		if n >= 2 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, j := range col.Jobs {
		if h := hooks[j.JobID]; h == nil || h.CollectionID != col.CollectionID || h.Status != "completed" {
			t.Errorf("webhook of %s: %+v", j.JobID, h)
		}
	}
	r = runCLI(t, "", env, "generate", "x", "--count", "11")
	if r.code == 0 || !strings.Contains(r.stderr, "--count") {
		t.Errorf("--count 11: exit %d, %q", r.code, r.stderr)
	}
}
