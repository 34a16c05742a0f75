package app_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/songsmith/songsmith/internal/testutil"
)

// ScreenshotEnv names a directory where TestPlaygroundInBrowser keeps its
// screenshots; by default they go to build/screenshots at the repository
// root (ignored by git), where `make test` leaves them as artefacts.
const ScreenshotEnv = "SONGSMITH_SCREENSHOTS"

// browserTimeout bounds a whole browser test. It is generous on purpose:
// every wait inside is on a state of the page, never on the clock, so a
// slow, loaded machine only makes the test slower. (make test runs the
// pass without -race beside the race pass: the song view's test, which
// renders and edits songs, took the whole 6 minutes of an earlier bound
// at load 10.)
const browserTimeout = 12 * time.Minute

// browser starts headless Chromium for the test and returns its context.
// Without chromium the test is skipped, or fails under CI=true.
func browser(t *testing.T) context.Context {
	if testing.Short() {
		t.Skip("-short: the playground in a browser (chromium)")
	}
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
	ctx, cancelC := context.WithTimeout(ctx, browserTimeout)
	t.Cleanup(func() { cancelC(); cancelB(); cancelA() })
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// screenshotDir returns where screenshots go (see ScreenshotEnv).
func screenshotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(ScreenshotEnv)
	if dir == "" {
		dir = filepath.Join("..", "..", "build", "screenshots")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// settledJS resolves once the fonts are loaded, every image has loaded or
// failed, and two frames have been painted: the page as a person sees it.
const settledJS = `(async () => {
  await document.fonts.ready;
  await Promise.all([...document.images].filter((i) => i.src && !i.complete)
    .map((i) => new Promise((r) => { i.onload = r; i.onerror = r; })));
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return true;
})()`

// shot sizes the viewport (CSS pixels; mobile emulates a phone), waits for
// the page to settle and saves a full-page PNG in dir.
func shot(t *testing.T, dir, name string, width, height int64, mobile bool) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var buf []byte
		var ok bool
		err := chromedp.Run(ctx,
			emulation.SetDeviceMetricsOverride(width, height, 1, mobile),
			chromedp.Evaluate(settledJS, &ok, awaitPromise),
			chromedp.FullScreenshot(&buf, 100))
		if err != nil {
			return err
		}
		p := filepath.Join(dir, name)
		t.Logf("screenshot %s", p)
		return os.WriteFile(p, buf, 0o644)
	})
}

// awaitPromise makes Evaluate wait for the promise the script returns.
func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// limitProxy stands between the browser and a local server whose poll
// limit is one request per window. Before forwarding the page's first poll
// it spends the window's budget with a poll of its own, so the page gets
// the server's real 429 and Retry-After; it holds the page's next poll
// until release is called, so the test can look at the waiting page; and
// it records when the 429 went out and when the next poll came in.
type limitProxy struct {
	*httptest.Server
	rp   *httputil.ReverseProxy
	host string // the server's host:port

	mu         sync.Mutex
	polls      int
	firstCode  int       // the status of the page's first poll (429)
	limitedAt  time.Time // when it was answered
	retryAfter int       // its Retry-After
	nextAt     time.Time // when the page's next poll arrived
	released   chan struct{}
	once       sync.Once
}

// newLimitProxy starts the proxy; its URL is known before the server's
// (the server's media URLs must name the proxy, the page's origin).
func newLimitProxy(t *testing.T) *limitProxy {
	p := &limitProxy{released: make(chan struct{})}
	p.Server = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(func() { p.release(); p.Close() })
	return p
}

// target sets the server the proxy forwards to.
func (p *limitProxy) target(raw string) {
	u, _ := url.Parse(raw)
	p.mu.Lock()
	p.rp, p.host = httputil.NewSingleHostReverseProxy(u), u.Host
	p.mu.Unlock()
}

func (p *limitProxy) release() { p.once.Do(func() { close(p.released) }) }

func (p *limitProxy) serve(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	rp := p.rp
	n := p.polls
	if strings.HasPrefix(r.URL.Path, "/jobs/") {
		p.polls++
		if n == 1 {
			p.nextAt = time.Now()
		}
	}
	p.mu.Unlock()
	switch {
	case strings.HasPrefix(r.URL.Path, "/jobs/") && n == 0:
		// Spend the budget, then forward; should a window boundary fall
		// between the two, do it again in the new window.
		var rec *httptest.ResponseRecorder
		for range 3 {
			spend := r.Clone(context.Background())
			spend.RequestURI = ""
			spend.URL.Scheme, spend.URL.Host = "http", p.rpHost()
			if res, err := http.DefaultClient.Do(spend); err == nil {
				res.Body.Close()
			}
			rec = httptest.NewRecorder()
			rp.ServeHTTP(rec, r)
			if rec.Code == http.StatusTooManyRequests {
				break
			}
		}
		p.mu.Lock()
		p.firstCode, p.limitedAt = rec.Code, time.Now()
		p.retryAfter, _ = strconv.Atoi(rec.Header().Get("Retry-After"))
		p.mu.Unlock()
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
		return
	case strings.HasPrefix(r.URL.Path, "/jobs/") && n == 1:
		select {
		case <-p.released:
		case <-r.Context().Done():
			return
		}
	}
	rp.ServeHTTP(w, r)
}

func (p *limitProxy) rpHost() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.host
}

// browserDownload clicks the link sel in the page as a person would and waits for
// the browser to finish saving the file; it returns the name the browser
// suggested (the link's download attribute) and the saved bytes.
func browserDownload(ctx context.Context, t *testing.T, sel string) (string, []byte) {
	t.Helper()
	dir := t.TempDir()
	begun := make(chan string, 1)  // suggested file name
	done := make(chan string, 1)   // guid of the completed download
	failed := make(chan string, 1) // a canceled download
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	chromedp.ListenTarget(lctx, func(ev any) {
		switch e := ev.(type) {
		case *cdpbrowser.EventDownloadWillBegin:
			select {
			case begun <- e.SuggestedFilename:
			default:
			}
		case *cdpbrowser.EventDownloadProgress:
			var ch chan string
			switch e.State {
			case cdpbrowser.DownloadProgressStateCompleted:
				ch = done
			case cdpbrowser.DownloadProgressStateCanceled:
				ch = failed
			}
			if ch != nil {
				select {
				case ch <- e.GUID:
				default:
				}
			}
		}
	})
	if err := chromedp.Run(ctx,
		cdpbrowser.SetDownloadBehavior(cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName).WithDownloadPath(dir).WithEventsEnabled(true),
		chromedp.Click(sel, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	var name, guid string
	for name == "" || guid == "" {
		select {
		case name = <-begun:
		case guid = <-done:
		case g := <-failed:
			t.Fatalf("download %s (%s) was canceled", sel, g)
		case <-ctx.Done():
			t.Fatalf("download %s: %v", sel, ctx.Err())
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, guid))
	if err != nil {
		t.Fatal(err)
	}
	return name, b
}
