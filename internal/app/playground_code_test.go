package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/songsmith/songsmith/internal/testutil"
)

// testPlaygroundCode reads the curl command and the Go program the page
// shows after its submission (prompt, bpm 97, the MIDI output and the
// timeline, which the page asks for by default): exactly
// that body, the key left to $SONGSMITH_API_KEY (never the real one), Go
// that gofmt leaves as it is. Then it runs both, with the key in the
// environment, against the server: each submits a job of that prompt.
func testPlaygroundCode(t *testing.T, ctx context.Context, r *running) {
	const prompt = "a song that cannot be played"
	var curl, goSrc string
	if err := chromedp.Run(ctx,
		chromedp.WaitVisible("#code", chromedp.ByID),
		chromedp.Text("#code-curl", &curl, chromedp.ByID),
		chromedp.Text("#code-go", &goSrc, chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	wantCurl := "curl -s -X POST '" + r.URL + "/generate' \\\n" +
		"  -H \"Authorization: Bearer $SONGSMITH_API_KEY\" \\\n" +
		"  -H \"Content-Type: application/json\" \\\n" +
		`  -d '{"prompt":"` + prompt + `","bpm":97,"outputs":["midi","timeline"]}'`
	if curl != wantCurl {
		t.Errorf("curl command:\n%s\nwant:\n%s", curl, wantCurl)
	}
	wantGo := "\tc := client.New(\"" + r.URL + "\", os.Getenv(\"SONGSMITH_API_KEY\"))\n" +
		"\tsub, err := c.Generate(context.Background(), \"" + prompt + "\",\n" +
		"\t\tclient.WithBPM(97),\n\t\tclient.WithMIDI(),\n\t\tclient.WithTimeline(),\n\t)\n"
	if !strings.Contains(goSrc, wantGo) {
		t.Errorf("Go program:\n%s\nwant it to contain:\n%s", goSrc, wantGo)
	}
	if formatted, err := format.Source([]byte(goSrc)); err != nil || string(formatted) != goSrc {
		t.Errorf("the Go program is not gofmt's (%v):\n%s", err, formatted)
	}
	if strings.Contains(curl+goSrc, r.Key) {
		t.Error("the code shows the real API key")
	}

	env := append(os.Environ(), "SONGSMITH_API_KEY="+r.Key)
	sh := exec.Command(testutil.RequireTool(t, "bash"), "-c", curl)
	sh.Env = env
	out, err := sh.Output()
	var ack struct {
		JobID string `json:"job_id"`
	}
	if err != nil || json.Unmarshal(out, &ack) != nil || ack.JobID == "" {
		t.Fatalf("running the curl command: %v: %s", err, out)
	}
	checkPrompt(t, r, ack.JobID, prompt, "curl")

	dir := t.TempDir()
	main := filepath.Join(dir, "main.go")
	if err := os.WriteFile(main, []byte(goSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	run := exec.Command(testutil.RequireTool(t, "go"), "run", main)
	run.Dir = filepath.Join("..", "..") // the module: resolves the client package
	run.Env = env
	out, err = run.CombinedOutput()
	if err != nil {
		t.Fatalf("go run of the Go program: %v: %s", err, out)
	}
	checkPrompt(t, r, strings.TrimSpace(string(out)), prompt, "the Go program")
}

// checkPrompt checks job id exists with prompt.
func checkPrompt(t *testing.T, r *running, id, prompt, by string) {
	t.Helper()
	code, job, err := r.call("GET", "/jobs/"+id, nil)
	if err != nil || code != 200 || job["prompt"] != prompt {
		t.Errorf("the job %s submitted by %s: %d %v %v", id, by, code, job, err)
	}
}

// testPlaygroundHistoryPages fills the key's history to 12 jobs through the
// API, refreshes the page's list: 10 jobs, in the API's order (newest
// first), and "Show more",
// which follows next_cursor to the last two and then hides.
func testPlaygroundHistoryPages(t *testing.T, ctx context.Context, r *running, shots string) {
	for i := range 9 {
		code, ack, err := r.call("POST", "/generate", map[string]any{"prompt": fmt.Sprintf("history %d", i)})
		if err != nil || code != 202 {
			t.Fatalf("POST /generate: %d %v %v", code, ack, err)
		}
	}
	_, page, err := r.call("GET", "/jobs?limit=100", nil)
	if err != nil {
		t.Fatal(err)
	}
	all, _ := page["jobs"].([]any)
	if len(all) != 12 {
		t.Fatalf("the key has %d jobs, want 12", len(all))
	}
	newest, _ := all[0].(map[string]any)["job_id"].(string)
	count := func(n int) chromedp.Action {
		return chromedp.Poll(fmt.Sprintf(`document.querySelectorAll("#recent li").length === %d`, n), nil,
			chromedp.WithPollingTimeout(30*time.Second))
	}
	var first string
	var moreHidden bool
	if err := chromedp.Run(ctx,
		chromedp.Click("#recent-refresh", chromedp.ByID),
		count(10),
		chromedp.WaitVisible("#recent-more", chromedp.ByID),
		chromedp.AttributeValue("#recent li", "data-id", &first, nil, chromedp.ByQuery),
		chromedp.Click("#recent-more", chromedp.ByID),
		count(12),
		chromedp.Evaluate(`document.getElementById("recent-more").hidden`, &moreHidden),
		shot(t, shots, "playground-history-more-desktop.png", 1280, 1400, false),
	); err != nil {
		t.Fatal(err)
	}
	if first != newest || !moreHidden {
		t.Errorf("history: first %q, want the newest %q; Show more hidden after the last page: %v", first, newest, moreHidden)
	}
}
