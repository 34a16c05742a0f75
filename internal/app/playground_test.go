package app_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/studio"
	"github.com/songsmith/songsmith/internal/testutil"
)

// ScreenshotEnv names a directory where TestPlaygroundInBrowser keeps its
// screenshots (a temporary directory otherwise; the test logs the paths).
const ScreenshotEnv = "SONGSMITH_SCREENSHOTS"

// browser starts headless Chromium for the test and returns its context.
func browser(t *testing.T) context.Context {
	t.Helper()
	bin := testutil.RequireTool(t, "chromium")
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(bin),
		chromedp.NoSandbox, // tests may run as root
		chromedp.Flag("autoplay-policy", "no-user-gesture-required"),
		chromedp.Flag("mute-audio", true),
		chromedp.WindowSize(1280, 900),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelC := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelC(); cancelB(); cancelA() })
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// audioState is what the page's <audio> and cover report once loaded.
type audioState struct {
	ReadyState  int     `json:"readyState"`
	Duration    float64 `json:"duration"`
	Error       int     `json:"error"`
	CanPlay     string  `json:"canPlay"`
	Src         string  `json:"src"`
	CoverWidth  int     `json:"coverWidth"`
	CoverAlt    string  `json:"coverAlt"`
	Download    string  `json:"download"`
	RecentCount int     `json:"recentCount"`
	Stored      string  `json:"stored"`
}

const audioStateJS = `new Promise((resolve) => {
  const a = document.getElementById("player"), img = document.getElementById("cover");
  const report = () => resolve({
    readyState: a.readyState, duration: a.duration || 0, error: a.error ? a.error.code : 0,
    canPlay: a.canPlayType("audio/mpeg"), src: a.currentSrc || a.src,
    coverWidth: img.naturalWidth, coverAlt: img.alt,
    download: document.getElementById("download-song").getAttribute("download") || "",
    recentCount: document.querySelectorAll("#recent li").length,
    stored: localStorage.getItem("songsmith.jobs") || "",
  });
  const ready = () => a.readyState >= 1 && img.complete && img.naturalWidth > 0;
  if (ready()) { report(); return; }
  const t = setInterval(() => { if (ready() || a.error) { clearInterval(t); report(); } }, 100);
  setTimeout(() => { clearInterval(t); report(); }, 20000);
})`

// TestPlaygroundInBrowser opens the playground of a real local server
// (embedded storage, the real engine) in headless Chromium: it saves a
// key, submits a prompt from the keyboard, waits for the job to complete,
// and checks the player has a playable MP3 and the cover; then it reloads
// the page (key and recent jobs kept) and re-polls the job from the list.
// Screenshots at desktop and phone widths are kept (see ScreenshotEnv).
func TestPlaygroundInBrowser(t *testing.T) {
	ctx := browser(t)
	r := startServer(t, t.TempDir(), &studio.Studio{}, nil)
	shots := os.Getenv(ScreenshotEnv)
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	shot := func(name string, width, height int64, mobile bool) chromedp.Action {
		return chromedp.ActionFunc(func(ctx context.Context) error {
			var buf []byte
			err := chromedp.Run(ctx,
				emulation.SetDeviceMetricsOverride(width, height, 1, mobile),
				chromedp.Sleep(300*time.Millisecond),
				chromedp.FullScreenshot(&buf, 100))
			if err != nil {
				return err
			}
			p := filepath.Join(shots, name)
			t.Logf("screenshot %s", p)
			return os.WriteFile(p, buf, 0o644)
		})
	}

	// Keyboard: Tab from the top reaches the key field, its buttons, then
	// the prompt and the Generate button, in reading order.
	var order []string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(r.URL+"/"),
		chromedp.WaitVisible("#key", chromedp.ByID),
		shot("playground-empty-desktop.png", 1280, 900, false),
		chromedp.ActionFunc(func(ctx context.Context) error {
			for range 8 {
				var id string
				if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Tab),
					chromedp.Evaluate(`document.activeElement.id || document.activeElement.textContent.trim()`, &id)); err != nil {
					return err
				}
				order = append(order, id)
			}
			return nil
		}),
	); err != nil {
		t.Fatal(err)
	}
	want := []string{"Skip to the prompt", "OpenAPI document", "key", "Save key", "key-forget", "prompt", "generate"}
	if strings.Join(order[:len(want)], "|") != strings.Join(want, "|") {
		t.Errorf("focus order %q, want it to start %q", order, want)
	}

	// Save the key with Enter, type a prompt, submit with Ctrl+Enter.
	var focused, status string
	if err := chromedp.Run(ctx,
		chromedp.SendKeys("#key", r.Key+kb.Enter, chromedp.ByID),
		chromedp.Evaluate(`document.activeElement.id`, &focused),
		chromedp.SendKeys("#prompt", "pop, 10 seconds", chromedp.ByID),
		chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(2)), // Ctrl
		chromedp.WaitVisible("#song", chromedp.ByID),
		chromedp.Text("#status", &status, chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	if focused != "prompt" {
		t.Errorf("after saving the key focus is on %q, want the prompt", focused)
	}
	if !strings.HasPrefix(status, "Completed") {
		t.Errorf("status %q", status)
	}
	var st audioState
	if err := chromedp.Run(ctx, chromedp.Evaluate(audioStateJS, &st, awaitPromise)); err != nil {
		t.Fatal(err)
	}
	t.Logf("audio: %+v", st)
	if st.ReadyState < 1 || st.Duration < 9 || st.Duration > 12 || st.Error != 0 || st.CanPlay == "" {
		t.Errorf("audio element not playable: %+v", st)
	}
	if st.CoverWidth != 1024 || !strings.HasPrefix(st.CoverAlt, "Cover art of") {
		t.Errorf("cover: %+v", st)
	}
	if !strings.HasSuffix(st.Download, ".mp3") || st.RecentCount != 1 || !strings.Contains(st.Stored, `"completed"`) {
		t.Errorf("download/recent: %+v", st)
	}
	res, err := http.Head(st.Src)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "audio/mpeg" {
		t.Errorf("HEAD %s: %d %q", st.Src, res.StatusCode, res.Header.Get("Content-Type"))
	}
	if err := chromedp.Run(ctx, shot("playground-completed-desktop.png", 1280, 900, false),
		shot("playground-completed-phone.png", 390, 844, true)); err != nil {
		t.Fatal(err)
	}

	// Reload: the key and the recent job survive; "Open" polls it again.
	var keyValue string
	if err := chromedp.Run(ctx,
		emulation.SetDeviceMetricsOverride(1280, 900, 1, false),
		chromedp.Reload(),
		chromedp.WaitVisible("#recent li button", chromedp.ByQuery),
		chromedp.Value("#key", &keyValue, chromedp.ByID),
		chromedp.Click("#recent li button", chromedp.ByQuery),
		chromedp.WaitVisible("#song", chromedp.ByID),
		chromedp.Text("#status", &status, chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	if keyValue != r.Key || !strings.HasPrefix(status, "Completed") {
		t.Errorf("after reload: key kept %v, status %q", keyValue == r.Key, status)
	}

	// A server that allows one poll per 5 s, whose budget the test spends
	// just after a window starts: the page's first poll gets a 429, and it
	// waits as Retry-After says (about 5 s), shows it, then completes.
	const window = 5 * time.Second
	slow := startServer(t, t.TempDir(), &studio.Studio{}, func(c *app.Config) {
		c.Service.PollRate = jobs.Rate{N: 1, Per: window}
	})
	var states []struct {
		State string  `json:"s"`
		At    float64 `json:"t"`
	}
	if err := chromedp.Run(ctx,
		chromedp.Navigate(slow.URL+"/"),
		chromedp.WaitVisible("#key", chromedp.ByID),
		chromedp.Evaluate(`window.__states = []; new MutationObserver(() => {
			const s = document.getElementById("status").dataset.state, l = window.__states;
			if (!l.length || l[l.length - 1].s !== s) l.push({s: s, t: Date.now()});
		}).observe(document.getElementById("status"), {attributes: true, childList: true, subtree: true}); true`, nil),
		chromedp.SendKeys("#key", slow.Key+kb.Enter, chromedp.ByID),
		chromedp.SendKeys("#prompt", "calm ambient, 10 seconds", chromedp.ByID),
		chromedp.ActionFunc(func(context.Context) error {
			time.Sleep(time.Until(time.Now().Truncate(window).Add(window + 50*time.Millisecond)))
			if code, _, _ := slow.call("GET", "/jobs/00000000-0000-4000-8000-000000000000", nil); code != 404 {
				t.Errorf("spending the poll budget: %d", code)
			}
			return nil
		}),
		chromedp.Click("#generate", chromedp.ByID),
		chromedp.WaitVisible("#song", chromedp.ByID),
		chromedp.Evaluate(`window.__states`, &states),
	); err != nil {
		t.Fatal(err)
	}
	var seq []string
	var waited float64
	for i, s := range states {
		seq = append(seq, s.State)
		if s.State == "waiting" && i+1 < len(states) {
			waited = (states[i+1].At - s.At) / 1000
		}
	}
	if got := strings.Join(seq, ","); !strings.Contains(got, "waiting") || !strings.HasSuffix(got, "completed") {
		t.Errorf("states %q, want a wait on the 429, then completed", got)
	}
	if waited < 3 {
		t.Errorf("the page polled again %.1f s after a 429 with Retry-After of about 5 s", waited)
	}
	t.Logf("states %v, waited %.1f s after the 429", seq, waited)
}

// awaitPromise makes Evaluate wait for the promise the script returns.
func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }
