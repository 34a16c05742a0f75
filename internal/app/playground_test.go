package app_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/studio"
)

// playJS plays the song until its clock passes 0.3 s, pauses it and
// returns the position (or the error's text when it cannot play).
const playJS = `(async () => {
  const a = document.getElementById("player");
  await a.play();
  await new Promise((r) => { const f = () => (a.currentTime > 0.3 || a.ended) ? r() : setTimeout(f, 50); f(); });
  a.pause();
  return a.currentTime;
})()`

// a11yJS lists what a screen reader would miss on the page as shown.
const a11yJS = `(() => {
  const bad = [];
  const visible = (e) => e.offsetParent !== null || e.getClientRects().length > 0;
  const named = (e) => (e.labels && [...e.labels].some((l) => l.textContent.trim())) ||
    (e.getAttribute("aria-label") || "").trim() || (e.getAttribute("aria-labelledby") || "").trim() ||
    (e.tagName !== "INPUT" && e.tagName !== "TEXTAREA" && e.textContent.trim());
  for (const e of document.querySelectorAll("input, textarea, select, button, a[href], audio")) {
    if (visible(e) && !named(e)) bad.push(e.tagName.toLowerCase() + "#" + e.id + " has no name");
  }
  for (const i of document.images) if (visible(i) && !i.alt.trim()) bad.push("img#" + i.id + " has no alt text");
  if (!document.documentElement.lang) bad.push("html has no lang");
  if (document.querySelectorAll("h1").length !== 1) bad.push("not one h1");
  if (!document.querySelector('[role="status"][aria-live]')) bad.push("no live status region");
  return bad;
})()`

// fetch returns the body of GET url.
func fetch(t *testing.T, url string) []byte {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %v", url, res.StatusCode, err)
	}
	return b
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
	Target      string  `json:"target"`
	RecentCount int     `json:"recentCount"`
}

const audioStateJS = `new Promise((resolve) => {
  const a = document.getElementById("player"), img = document.getElementById("cover");
  const report = () => resolve({
    readyState: a.readyState, duration: a.duration || 0, error: a.error ? a.error.code : 0,
    canPlay: a.canPlayType("audio/mpeg"), src: a.currentSrc || a.src,
    coverWidth: img.naturalWidth, coverAlt: img.alt,
    download: document.getElementById("download-song").getAttribute("download") || "",
    target: document.getElementById("download-song").target,
    recentCount: document.querySelectorAll("#recent li").length,
  });
  const ready = () => a.readyState >= 1 && img.complete && img.naturalWidth > 0;
  if (ready()) { report(); return; }
  const t = setInterval(() => { if (ready() || a.error) { clearInterval(t); report(); } }, 100);
  setTimeout(() => { clearInterval(t); report(); }, 120000); // reports what failed
})`

// TestPlaygroundInBrowser opens the playground of a real local server
// (embedded storage, the real engine) in headless Chromium. It checks the
// keyboard order, a refused key (failed state, focus back on the key),
// then saves the right key, submits a prompt from the keyboard, waits for
// the job to complete and checks the player has a playable MP3 and plays
// it, the cover, accessibility basics, and both downloads through the
// page's links (file names and bytes), the song's licence, engine version
// and recipe (testPlaygroundRights, testPlaygroundUseRecipe: the recipe
// downloaded and used again); it reloads the page (key and recent jobs
// kept) and re-opens the job from the list. Then a job that fails,
// and last, behind a proxy that makes the server's poll limit bite, the
// page shows the wait and polls again no sooner than Retry-After. Every
// wait is on a state of the page, never a fixed time, so a loaded machine
// makes the test slower, not flaky. Screenshots at desktop and phone
// widths are kept (see ScreenshotEnv).
func TestPlaygroundInBrowser(t *testing.T) {
	ctx := browser(t)
	// A licence other than the default, with an attribution: the page
	// shows what the result says.
	lic := jobs.License{ID: "CC-BY-4.0", URL: "https://creativecommons.org/licenses/by/4.0/",
		Attribution: `Credit "Music: Songsmith" as the terms ask.`, Warranty: app.Warranty}
	r := startServer(t, t.TempDir(), &studio.Studio{License: &lic}, nil)
	shots := screenshotDir(t)

	// Keyboard: Tab from the top reaches the key field, its buttons, then
	// the prompt and the Generate button, in reading order.
	var order []string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(r.URL+"/"),
		chromedp.WaitVisible("#key", chromedp.ByID),
		shot(t, shots, "playground-empty-desktop.png", 1280, 900, false),
		shot(t, shots, "playground-empty-phone.png", 390, 844, true),
		emulation.SetDeviceMetricsOverride(1280, 900, 1, false),
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

	// A wrong key: Save checks it with the API, which refuses it (401); the
	// page says so, keeps the focus on the key and does not store it.
	var focused, status, errText, stored string
	if err := chromedp.Run(ctx,
		chromedp.SendKeys("#key", "ss_000000000000_wrongwrongwrongwrong0000"+kb.Enter, chromedp.ByID),
		chromedp.WaitVisible("#key-error", chromedp.ByID),
		chromedp.Text("#key-error", &errText, chromedp.ByID),
		chromedp.Evaluate(`document.activeElement.id`, &focused),
		chromedp.Evaluate(`localStorage.getItem("songsmith.key") || ""`, &stored),
		shot(t, shots, "playground-wrong-key-desktop.png", 1280, 900, false),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errText, "refused this key") || !strings.Contains(errText, "not saved") || focused != "key" || stored != "" {
		t.Errorf("wrong key on Save: error %q, focus on %q (want the key field), stored %q (want nothing)", errText, focused, stored)
	}

	// A stored key the server refuses later (revoked): the submission fails
	// (401), the page says so in its failed state and puts the focus back on
	// the key.
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`localStorage.setItem("songsmith.key", JSON.stringify("ss_000000000000_revokedrevokedrevoked00")); true`, nil),
		chromedp.Reload(),
		chromedp.WaitVisible("#key", chromedp.ByID),
		chromedp.SendKeys("#prompt", "pop, 10 seconds", chromedp.ByID),
		chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(2)), // Ctrl
		chromedp.WaitVisible(`#status[data-state="failed"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	_ = chromedp.Run(ctx, chromedp.Poll(`document.activeElement.id === "key"`, nil, chromedp.WithPollingTimeout(10*time.Second)))
	if err := chromedp.Run(ctx,
		chromedp.Text("#error", &errText, chromedp.ByID),
		chromedp.Evaluate(`document.activeElement.id`, &focused),
		shot(t, shots, "playground-refused-key-desktop.png", 1280, 900, false),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errText, "key was refused") || focused != "key" {
		t.Errorf("refused key: error %q, focus on %q (want the key field)", errText, focused)
	}

	// Another device: a job submitted with the key straight to the API. On
	// Save the page lists it (GET /jobs), before this browser submits anything.
	code, ack, err := r.call("POST", "/generate", map[string]any{"prompt": "calm ambient from another device, 10 seconds"})
	if err != nil || code != http.StatusAccepted {
		t.Fatalf("POST /generate: %d %v %v", code, ack, err)
	}
	otherID, _ := ack["job_id"].(string)
	other := r.waitTerminal(t, otherID)
	otherResult, _ := other["result"].(map[string]any)
	otherTitle, _ := otherResult["title"].(string)
	if otherTitle == "" {
		t.Fatalf("the other device's job: %v", other)
	}
	otherRow := `#recent li[data-id="` + otherID + `"]`

	// The right key, saved with Enter; submit the prompt with Ctrl+Enter.
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.getElementById("key").value = ""; true`, nil),
		chromedp.SendKeys("#key", r.Key+kb.Enter, chromedp.ByID),
		chromedp.WaitVisible(otherRow, chromedp.ByQuery),
		chromedp.Evaluate(`document.activeElement.id`, &focused),
		shot(t, shots, "playground-history-desktop.png", 1280, 900, false),
		chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(2)),
		chromedp.WaitVisible(`#status[data-state="completed"]`, chromedp.ByQuery),
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
	if !strings.HasSuffix(st.Download, ".mp3") || st.Target != "" || st.RecentCount != 2 {
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
	// Accessibility basics: every control has a name a screen reader reads
	// (a label, aria-label or text), images have alt text, the page has a
	// language, one h1, and a live region for the status.
	var unnamed []string
	if err := chromedp.Run(ctx, chromedp.Evaluate(a11yJS, &unnamed)); err != nil {
		t.Fatal(err)
	}
	if len(unnamed) > 0 {
		t.Errorf("accessibility: %q", unnamed)
	}

	// Play: the player's clock moves (audio muted, autoplay allowed).
	var played float64
	if err := chromedp.Run(ctx, chromedp.Evaluate(playJS, &played, awaitPromise)); err != nil {
		t.Fatal(err)
	}
	if played < 0.3 {
		t.Errorf("the player stopped at %.2f s", played)
	}
	// Download both files with the page's links: the names the page gives
	// and the bytes the server holds.
	for _, l := range []struct{ sel, ext string }{{"#download-song", ".mp3"}, {"#download-cover", ".jpg"}} {
		name, got := browserDownload(ctx, t, l.sel)
		var link struct {
			Href string `json:"href"`
			Name string `json:"name"`
		}
		if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const a = document.querySelector("`+l.sel+`");
			return {href: a.href, name: a.getAttribute("download")}; })()`, &link)); err != nil {
			t.Fatal(err)
		}
		want := fetch(t, link.Href)
		if name != link.Name || !strings.HasSuffix(name, l.ext) || !bytes.Equal(got, want) {
			t.Errorf("%s: saved %q, %d bytes, want %q (%s), %d bytes", l.sel, name, len(got), link.Name, l.ext, len(want))
		}
		t.Logf("downloaded %q, %d bytes", name, len(got))
	}
	testPlaygroundRights(t, ctx, r)
	if err := chromedp.Run(ctx, shot(t, shots, "playground-completed-desktop.png", 1280, 900, false),
		shot(t, shots, "playground-completed-phone.png", 390, 844, true),
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}),
		shot(t, shots, "playground-completed-phone-dark.png", 390, 844, true),
		shot(t, shots, "playground-completed-desktop-dark.png", 1280, 900, false),
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}),
		emulation.SetDeviceMetricsOverride(1280, 900, 1, false)); err != nil {
		t.Fatal(err)
	}
	testPlaygroundUseRecipe(t, ctx, r, shots)

	// Reload: the key survives and the history is loaded again; "Open" on
	// the other device's job polls it and shows its song.
	var keyValue, title string
	if err := chromedp.Run(ctx,
		emulation.SetDeviceMetricsOverride(1280, 900, 1, false),
		chromedp.Reload(),
		chromedp.WaitVisible(otherRow+" button", chromedp.ByQuery),
		chromedp.Value("#key", &keyValue, chromedp.ByID),
		chromedp.Click(otherRow+" button", chromedp.ByQuery),
		chromedp.WaitVisible(`#status[data-state="completed"]`, chromedp.ByQuery),
		chromedp.WaitVisible("#song", chromedp.ByID),
		chromedp.Text("#status", &status, chromedp.ByID),
		chromedp.Text("#song-title", &title, chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	if keyValue != r.Key || !strings.HasPrefix(status, "Completed") || title != otherTitle {
		t.Errorf("after reload: key kept %v, status %q, opened %q, want the other device's %q", keyValue == r.Key, status, title, otherTitle)
	}

	testPlaygroundFailedJob(t, ctx, shots)
	testPlaygroundRateLimited(t, ctx, shots)
}

// testPlaygroundFailedJob submits, with two fields of the options form
// filled in, to a server whose generator fails: the options reach the
// generator, the page shows the failed state with the job's error, and
// lists the job as failed; then the code it shows for the submission
// (testPlaygroundCode) and the pages of the history
// (testPlaygroundHistoryPages).
func testPlaygroundFailedJob(t *testing.T, ctx context.Context, shots string) {
	const reason = "This prompt cannot be played."
	got := make(chan jobs.Options, 1)
	gen := &jobstest.Generator{Func: func(_ context.Context, _ string, _ uint64, o jobs.Options) (*jobs.Song, error) {
		select {
		case got <- o:
		default:
		}
		return nil, jobs.Errorf(jobs.EInvalid, reason)
	}}
	r := startServer(t, t.TempDir(), gen, nil)
	var status, errText, recent string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(r.URL+"/"),
		chromedp.WaitVisible("#key", chromedp.ByID),
		saveKey(r.Key),
		chromedp.SendKeys("#prompt", "a song that cannot be played", chromedp.ByID),
		chromedp.Click(".options summary", chromedp.ByQuery),
		chromedp.WaitVisible("#opt-bpm", chromedp.ByID),
		chromedp.SendKeys("#opt-bpm", "97", chromedp.ByID),
		chromedp.Click(`#options input[value="midi"]`, chromedp.ByQuery),
		shot(t, shots, "playground-options-desktop.png", 1280, 1400, false),
		chromedp.Click("#generate", chromedp.ByID),
		chromedp.WaitVisible(`#status[data-state="failed"]`, chromedp.ByQuery),
		chromedp.WaitVisible("#error", chromedp.ByID),
		chromedp.Text("#status", &status, chromedp.ByID),
		chromedp.Text("#error", &errText, chromedp.ByID),
		chromedp.Text("#recent", &recent, chromedp.ByID),
		shot(t, shots, "playground-failed-job-desktop.png", 1280, 1100, false),
	); err != nil {
		t.Fatal(err)
	}
	testPlaygroundCode(t, ctx, r)
	testPlaygroundHistoryPages(t, ctx, r, shots)
	if status != "Failed." || !strings.Contains(errText, reason) || !strings.Contains(recent, "failed") {
		t.Errorf("failed job: status %q, error %q, recent %q", status, errText, recent)
	}
	select {
	case o := <-got:
		if o.BPM != 97 || !o.Wants(request.OutputMIDI) || o.Wants(request.OutputStems) || o.Key != "" || o.Seed != nil {
			t.Errorf("the options form sent %+v, want bpm 97 and midi only", o)
		}
	default:
		t.Error("the generator never ran")
	}
}

// testPlaygroundRateLimited serves the page through a limitProxy from a
// server that allows one poll per 6 s: the page's first poll gets the
// server's 429, the page shows that it waits (screenshot), and polls again
// no sooner than Retry-After says, then completes.
func testPlaygroundRateLimited(t *testing.T, ctx context.Context, shots string) {
	px := newLimitProxy(t)
	slow := startServer(t, t.TempDir(), &studio.Studio{}, func(c *app.Config) {
		c.Service.PollRate = jobs.Rate{N: 1, Per: 6 * time.Second}
		c.BaseURL = px.URL // the page's origin: media URLs must be 'self'
	})
	px.target(slow.URL)
	var states []struct {
		State string `json:"s"`
	}
	var waitText string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(px.URL+"/"),
		chromedp.WaitVisible("#key", chromedp.ByID),
		chromedp.Evaluate(`window.__states = []; new MutationObserver(() => {
			const s = document.getElementById("status").dataset.state, l = window.__states;
			if (!l.length || l[l.length - 1].s !== s) l.push({s: s});
		}).observe(document.getElementById("status"), {attributes: true, childList: true, subtree: true}); true`, nil),
		saveKey(slow.Key),
		chromedp.SendKeys("#prompt", "calm ambient, 10 seconds", chromedp.ByID),
		chromedp.Click("#generate", chromedp.ByID),
		chromedp.WaitVisible(`#status[data-state="waiting"]`, chromedp.ByQuery),
		chromedp.Text("#status", &waitText, chromedp.ByID),
		shot(t, shots, "playground-rate-limited-desktop.png", 1280, 900, false),
		chromedp.ActionFunc(func(context.Context) error { px.release(); return nil }),
		chromedp.WaitVisible(`#status[data-state="completed"]`, chromedp.ByQuery),
		chromedp.WaitVisible("#song", chromedp.ByID),
		chromedp.Evaluate(`window.__states`, &states),
	); err != nil {
		t.Fatal(err)
	}
	var seq []string
	for _, s := range states {
		seq = append(seq, s.State)
	}
	if got := strings.Join(seq, ","); !strings.Contains(got, "running,waiting") || !strings.HasSuffix(got, "completed") {
		t.Errorf("states %q, want running, a wait on the 429, then completed", got)
	}
	if !strings.Contains(waitText, "rate limit") {
		t.Errorf("waiting status %q does not name the rate limit", waitText)
	}
	px.mu.Lock()
	code, ra, gap := px.firstCode, px.retryAfter, px.nextAt.Sub(px.limitedAt)
	px.mu.Unlock()
	if code != http.StatusTooManyRequests || ra < 1 {
		t.Fatalf("the page's first poll got %d with Retry-After %d, want the server's 429", code, ra)
	}
	// Browser timers may fire a little early; 100 ms of slack.
	if gap < time.Duration(ra)*time.Second-100*time.Millisecond {
		t.Errorf("the page polled again %v after a 429 with Retry-After: %d", gap.Round(time.Millisecond), ra)
	}
	t.Logf("states %v; polled again %v after a 429 with Retry-After: %d", seq, gap.Round(time.Millisecond), ra)
}
