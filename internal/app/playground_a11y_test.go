package app_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// consoleErrors collects what the page reports as an error: uncaught
// exceptions, console.error and the browser's own error entries (a failed
// load, a CSP refusal).
type consoleErrors struct {
	mu   sync.Mutex
	list []string
}

func (c *consoleErrors) listen(ctx context.Context) chromedp.Action {
	chromedp.ListenTarget(ctx, func(ev any) {
		var msg string
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			msg = "exception: " + e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				msg = "console.error: " + strings.Join(parts, " ")
			}
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.LevelError {
				msg = "log: " + e.Entry.Text + " " + e.Entry.URL
			}
		}
		if msg != "" {
			c.mu.Lock()
			c.list = append(c.list, msg)
			c.mu.Unlock()
		}
	})
	return chromedp.Tasks{runtime.Enable(), cdplog.Enable()}
}

func (c *consoleErrors) get() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.list)
}

// testViewKeyboard tabs from the top of the page through every control
// of the drawn song and the job: each is reached, each shows a visible
// focus ring.
func testViewKeyboard(t *testing.T, ctx context.Context) {
	var controls []string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll(
		"#view button, #view input, #view [tabindex='0'], #song a[href], #song button, #job-card button")]
		.filter((e) => e.getClientRects().length > 0 && !e.disabled && !(e.type === "radio" && !e.checked))
		.map((e) => e.id || e.getAttribute("aria-label") || e.textContent.trim())`, &controls)); err != nil {
		t.Fatal(err)
	}
	reached := map[string]bool{}
	var noRing []string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.activeElement.blur(); window.scrollTo(0, 0); true`, nil),
		chromedp.ActionFunc(func(ctx context.Context) error {
			for range 120 {
				var f struct {
					Name string `json:"name"`
					Ring bool   `json:"ring"`
				}
				if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Tab), chromedp.Evaluate(`(() => {
					const e = document.activeElement, s = getComputedStyle(e);
					if (e === document.body) return {name: "", ring: true};
					return {name: e.id || e.getAttribute("aria-label") || e.textContent.trim(),
						ring: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2}; })()`, &f)); err != nil {
					return err
				}
				if f.Name != "" && !f.Ring && !slices.Contains(noRing, f.Name) {
					noRing = append(noRing, f.Name)
				}
				reached[f.Name] = true
			}
			return nil
		}),
	); err != nil {
		t.Fatal(err)
	}
	for _, c := range controls {
		if !reached[c] {
			t.Errorf("Tab never reaches %q", c)
		}
	}
	if len(noRing) > 0 {
		t.Errorf("no visible focus on %q", noRing)
	}
	t.Logf("Tab reaches all %d controls of the song", len(controls))
}

// contrastJS returns the lowest contrast ratio of the drawn song's texts
// against the card.
const contrastJS = `(() => {
  const rgb = (s) => (s.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = c.map((x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const bg = rgb(getComputedStyle(document.getElementById("view")).backgroundColor);
  let worst = 99, what = "";
  for (const e of document.querySelectorAll("#view h2, #view-time, #view-chord, #view-sections .section:not(.tight), #view-chords .chord:not(.tight), #mixer-parts .part-name, #status, #song-title")) {
    const a = lum(rgb(getComputedStyle(e).color)), b = lum(bg);
    const r = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (r < worst) { worst = r; what = e.id || e.className; }
  }
  return {ratio: worst, what: what, dark: matchMedia("(prefers-color-scheme: dark)").matches};
})()`

// testViewDark turns on dark mode: the page follows it, every text of the
// drawn song reads at a contrast of 4.5:1 at least; screenshots.
func testViewDark(t *testing.T, ctx context.Context, shots string) {
	var c struct {
		Ratio float64 `json:"ratio"`
		What  string  `json:"what"`
		Dark  bool    `json:"dark"`
	}
	for _, scheme := range []string{"light", "dark"} {
		if err := chromedp.Run(ctx,
			emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}),
			chromedp.Evaluate(contrastJS, &c),
		); err != nil {
			t.Fatal(err)
		}
		if c.Dark != (scheme == "dark") || c.Ratio < 4.5 {
			t.Errorf("%s mode (dark %v): the lowest contrast is %.2f:1 (%s), want 4.5:1", scheme, c.Dark, c.Ratio, c.What)
		}
		t.Logf("%s mode: lowest contrast %.2f:1 (%s)", scheme, c.Ratio, c.What)
		if scheme == "dark" {
			screens(t, ctx, shots, "song-dark")
		}
	}
	if err := chromedp.Run(ctx, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}})); err != nil {
		t.Fatal(err)
	}
}
