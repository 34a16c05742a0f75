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
// job failed with the error "canceled" and hides the button again.
func TestPlaygroundCancel(t *testing.T) {
	ctx := browser(t)
	gen := &jobstest.Generator{Func: func(ctx context.Context, _ string, _ uint64, _ jobs.Options) (*jobs.Song, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	r := startServer(t, t.TempDir(), gen, nil)
	var errText string
	var hidden bool
	if err := chromedp.Run(ctx,
		chromedp.Navigate(r.URL+"/"),
		chromedp.WaitVisible("#key", chromedp.ByID),
		saveKey(r.Key),
		chromedp.SendKeys("#prompt", "an endless song", chromedp.ByID),
		chromedp.Click("#generate", chromedp.ByID),
		chromedp.WaitVisible("#cancel", chromedp.ByID),
		chromedp.Click("#cancel", chromedp.ByID),
		chromedp.WaitVisible(`#status[data-state="failed"]`, chromedp.ByQuery),
		chromedp.Text("#error", &errText, chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("cancel").hidden`, &hidden),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errText, "canceled") || !hidden {
		t.Errorf("after cancel: error %q, button hidden %v", errText, hidden)
	}
}
