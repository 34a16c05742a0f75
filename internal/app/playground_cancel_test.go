package app_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// The playground's cancel button: shown while a job runs (a render that
// only a cancellation ends), a click cancels it, the page then shows the
// job "Cancelled." in grey (not the red of a failure, no error) and hides
// the button again; the list of jobs says cancelled.
func TestPlaygroundCancel(t *testing.T) {
	ctx := browser(t)
	gen := &jobstest.Generator{Func: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	r := startServer(t, t.TempDir(), gen, nil)
	var status, recent, color, failColor string
	var hidden, errHidden bool
	if err := chromedp.Run(ctx,
		chromedp.Navigate(r.URL+"/"),
		chromedp.WaitVisible("#key", chromedp.ByID),
		saveKey(r.Key),
		chromedp.SendKeys("#prompt", "an endless song", chromedp.ByID),
		chromedp.Click("#generate", chromedp.ByID),
		chromedp.WaitVisible("#cancel", chromedp.ByID),
		chromedp.Click("#cancel", chromedp.ByID),
		chromedp.WaitVisible(`#status[data-state="cancelled"]`, chromedp.ByQuery),
		chromedp.Text("#status", &status, chromedp.ByID),
		chromedp.Text("#recent", &recent, chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("cancel").hidden`, &hidden),
		chromedp.Evaluate(`document.getElementById("error").hidden`, &errHidden),
		chromedp.Evaluate(`getComputedStyle(document.getElementById("status")).color`, &color),
		chromedp.Evaluate(`getComputedStyle(document.getElementById("error")).color`, &failColor),
	); err != nil {
		t.Fatal(err)
	}
	if status != "Cancelled." || !strings.Contains(recent, "cancelled") || !hidden || !errHidden || color == failColor {
		t.Errorf("after cancel: status %q (color %s, a failure's %s), list %q, cancel button hidden %v, error hidden %v",
			status, color, failColor, recent, hidden, errHidden)
	}
}
