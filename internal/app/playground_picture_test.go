package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/songsmith/songsmith/internal/studio"
)

// padPoint is a point of the Energy field the pad writes.
type padPoint struct {
	At    float64 `json:"at"`
	Value float64 `json:"value"`
}

// padHit is a hit of the Hit points field.
type padHit struct {
	At   float64 `json:"at"`
	Kind string  `json:"kind"`
}

// drawOnPad drags the mouse across the energy pad from (x0, y0) to (x1,
// y1), fractions of its box (y down), in steps, as a person draws.
func drawOnPad(x0, y0, x1, y1 float64) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var box struct{ X, Y, W, H float64 }
		if err := chromedp.Evaluate(`(() => { const r = document.getElementById("energy-pad").getBoundingClientRect();
			return {X: r.left, Y: r.top, W: r.width, H: r.height}; })()`, &box).Do(ctx); err != nil {
			return err
		}
		pos := func(f float64) (float64, float64) {
			return box.X + box.W*(x0+f*(x1-x0)), box.Y + box.H*(y0+f*(y1-y0))
		}
		x, y := pos(0)
		if err := input.DispatchMouseEvent(input.MousePressed, x, y).WithButton(input.Left).WithButtons(1).WithClickCount(1).Do(ctx); err != nil {
			return err
		}
		for i := 1; i <= 40; i++ {
			x, y = pos(float64(i) / 40)
			if err := input.DispatchMouseEvent(input.MouseMoved, x, y).WithButton(input.Left).WithButtons(1).Do(ctx); err != nil {
				return err
			}
		}
		return input.DispatchMouseEvent(input.MouseReleased, x, y).WithButton(input.Left).WithClickCount(1).Do(ctx)
	})
}

// clickPad clicks the pad at fractions (fx, fy) of its box.
func clickPad(fx, fy float64) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var box struct{ X, Y, W, H float64 }
		if err := chromedp.Evaluate(`(() => { const r = document.getElementById("energy-pad").getBoundingClientRect();
			return {X: r.left, Y: r.top, W: r.width, H: r.height}; })()`, &box).Do(ctx); err != nil {
			return err
		}
		return chromedp.MouseClickXY(box.X+box.W*fx, box.Y+box.H*fy).Do(ctx)
	})
}

// fieldJSON reads the JSON of an options field into v.
func fieldJSON(ctx context.Context, t *testing.T, id string, v any) {
	t.Helper()
	var s string
	if err := chromedp.Run(ctx, chromedp.Value("#"+id, &s, chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(s), v); err != nil {
		t.Fatalf("#%s holds %q: %v", id, s, err)
	}
}

// energyDrawnJS reads, for each section of the timeline, the energy the
// page's energy lane draws: the topmost pixel of the accent-coloured line
// in the section's middle column, mapped back to 0..1.
const energyDrawnJS = `((secs, dur) => {
  const c = document.getElementById("energy-canvas"), g = c.getContext("2d"), d = window.devicePixelRatio || 1;
  const probe = document.createElement("canvas").getContext("2d");
  probe.fillStyle = getComputedStyle(document.documentElement).getPropertyValue("--accent").trim();
  probe.fillRect(0, 0, 1, 1);
  const acc = probe.getImageData(0, 0, 1, 1).data, pad = 2 * d;
  return secs.map((sc) => {
    const x = Math.floor((sc.start + sc.end) / 2 / dur * c.width), col = g.getImageData(x, 0, 1, c.height).data;
    for (let y = 0; y < c.height; y++) {
      const p = col.slice(4 * y, 4 * y + 4);
      if (p[3] > 200 && Math.abs(p[0] - acc[0]) + Math.abs(p[1] - acc[1]) + Math.abs(p[2] - acc[2]) < 40)
        return 1 - (y + 1.25 * d - pad) / (c.height - 2 * pad);
    }
    return -1;
  });
})`

// TestPlaygroundPicture draws an energy curve (a rising stroke) and places
// an accent hit on the options' pad, generates a short song with the real
// engine, and checks in headless Chromium that the song's energy lane
// draws the energy each section played (the timeline's), that the hit is
// marked where it landed with the time asked beside it, that a hit added
// at the playhead goes into the Hit points option, and that typed JSON is
// drawn on the pad; no console errors. Screenshots at desktop and phone.
func TestPlaygroundPicture(t *testing.T) {
	ctx := browser(t)
	shots := screenshotDir(t)
	r := startServer(t, t.TempDir(), &studio.Studio{}, nil)
	var errs consoleErrors
	if err := chromedp.Run(ctx,
		errs.listen(ctx),
		chromedp.Navigate(r.URL+"/"),
		chromedp.WaitVisible("#key", chromedp.ByID),
		saveKey(r.Key),
		chromedp.SendKeys("#prompt", "upbeat pop with drums", chromedp.ByID),
		chromedp.Click(".options summary", chromedp.ByQuery),
		chromedp.SendKeys("#opt-duration", "16", chromedp.ByID),
		chromedp.ScrollIntoView("#energy-pad", chromedp.ByID),
		drawOnPad(0.02, 0.9, 0.98, 0.08),
		chromedp.Click("#pad-mode", chromedp.ByID),
		chromedp.Click(`#pad-kinds button[data-kind="accent"]`, chromedp.ByQuery),
		clickPad(0.5, 0.5),
		shot(t, shots, "playground-picture-pad.png", 1280, 800, false),
	); err != nil {
		t.Fatal(err)
	}
	var curve []padPoint
	var hits []padHit
	fieldJSON(ctx, t, "opt-energy", &curve)
	fieldJSON(ctx, t, "opt-hits", &hits)
	if len(curve) < 8 || len(curve) > 64 || curve[0].Value > 0.25 || curve[len(curve)-1].Value < 0.75 || curve[len(curve)-1].At < 14 {
		t.Errorf("the drawn stroke wrote %v, want a rising curve over 0-16 s", curve)
	}
	for i := 1; i < len(curve); i++ {
		if curve[i].At <= curve[i-1].At || curve[i].Value < curve[i-1].Value-0.05 {
			t.Errorf("the drawn curve is not in time order or not rising: %v", curve)
			break
		}
	}
	if len(hits) != 1 || hits[0].Kind != "accent" || math.Abs(hits[0].At-8) > 0.3 {
		t.Fatalf("a click on the pad's middle wrote hits %v, want one accent at 8 s", hits)
	}
	if err := chromedp.Run(ctx,
		chromedp.Click("#generate", chromedp.ByID),
		chromedp.WaitVisible(`#status[data-state="completed"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#view[data-ready="true"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	_, job, err := r.call("GET", "/jobs/"+shownJobID(ctx, t), nil)
	if err != nil {
		t.Fatal(err)
	}
	var tl studio.Timeline
	if err := json.Unmarshal(fetch(t, job["result"].(map[string]any)["timeline_url"].(string)), &tl); err != nil {
		t.Fatal(err)
	}
	if n := len(tl.Sections); n < 2 || tl.Sections[0].Energy >= tl.Sections[n-1].Energy || len(tl.Hits) != 1 {
		t.Fatalf("the song does not play the drawn request: sections %+v, hits %+v", tl.Sections, tl.Hits)
	}
	testPictureLanes(t, ctx, tl)

	// A hit at the playhead (a click at a quarter of the waveform) joins
	// the Hit points option.
	var note string
	var box struct{ X, Y, W, H float64 }
	if err := chromedp.Run(ctx,
		chromedp.ScrollIntoView("#view-wave", chromedp.ByID),
		chromedp.Evaluate(`(() => { const r = document.getElementById("view-wave").getBoundingClientRect();
			return {X: r.left, Y: r.top, W: r.width, H: r.height}; })()`, &box)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(ctx,
		chromedp.MouseClickXY(box.X+box.W*0.25, box.Y+box.H/2),
		chromedp.SetValue("#hit-kind", "stop", chromedp.ByID),
		chromedp.Click("#hit-add", chromedp.ByID),
		chromedp.Text("#hit-add-note", &note, chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	t.Logf("added: %s", note)
	fieldJSON(ctx, t, "opt-hits", &hits)
	if len(hits) != 2 || hits[0].Kind != "stop" || math.Abs(hits[0].At-0.25*tl.Duration) > 0.3 || hits[1].Kind != "accent" {
		t.Errorf("after adding a stop at the playhead (%.2f s): hits %v", 0.25*tl.Duration, hits)
	}
	// Typed JSON is drawn on the pad; a per-section energy is named.
	var points, padHits string
	if err := chromedp.Run(ctx,
		chromedp.SetValue("#opt-energy", `[{"bar":1,"value":0.2},{"bar":4,"value":1},{"bar":8,"value":0.4}]`, chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("opt-energy").dispatchEvent(new Event("input")); true`, nil),
		chromedp.AttributeValue("#energy-pad", "data-points", &points, nil, chromedp.ByID),
		chromedp.AttributeValue("#energy-pad", "data-hits", &padHits, nil, chromedp.ByID),
		chromedp.SetValue("#opt-energy", `{"verse": 0.3, "chorus": 1}`, chromedp.ByID),
		chromedp.Evaluate(`document.getElementById("opt-energy").dispatchEvent(new Event("input")); true`, nil),
		chromedp.Text("#pad-note", &note, chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	if points != "3" || padHits != "2" || !strings.Contains(note, "per section") {
		t.Errorf("typed: the pad draws %s points and %s hits (want 3 and 2), note %q", points, padHits, note)
	}
	if e := errs.get(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// testPictureLanes checks the drawn song's energy lane against the
// timeline's section energies, and the hit markers (flag where it landed,
// the dashed line where asked, the line across the waveform), then saves
// the screenshots.
func testPictureLanes(t *testing.T, ctx context.Context, tl studio.Timeline) {
	secs, _ := json.Marshal(tl.Sections)
	var drawn []float64
	var flags []map[string]string
	var asked int
	var lineAlpha, offAlpha int
	h := tl.Hits[0]
	if err := chromedp.Run(ctx,
		chromedp.WaitVisible("#view-energy", chromedp.ByID),
		chromedp.Evaluate(fmt.Sprintf("%s(%s, %g)", energyDrawnJS, secs, tl.Duration), &drawn),
		chromedp.Evaluate(`[...document.querySelectorAll("#view-hits .hit")].map((b) => ({...b.dataset, left: b.style.left, label: b.getAttribute("aria-label")}))`, &flags),
		chromedp.Evaluate(`document.querySelectorAll("#view-hits .hit-asked").length`, &asked),
		chromedp.Evaluate(fmt.Sprintf(`(() => { const c = document.getElementById("wave-canvas");
			return c.getContext("2d").getImageData(Math.round(%g / %g * c.width), 1, 1, 1).data[3]; })()`, h.At, tl.Duration), &lineAlpha),
		chromedp.Evaluate(fmt.Sprintf(`(() => { const c = document.getElementById("wave-canvas");
			return c.getContext("2d").getImageData(Math.round(%g / %g * c.width), 1, 1, 1).data[3]; })()`, h.At-1, tl.Duration), &offAlpha),
	); err != nil {
		t.Fatal(err)
	}
	for i, sc := range tl.Sections {
		if i >= len(drawn) || math.Abs(drawn[i]-sc.Energy) > 0.06 {
			t.Errorf("the energy lane draws %v for the sections' energies %+v", drawn, tl.Sections)
			break
		}
	}
	t.Logf("energy drawn %v; hit %+v; flags %v", drawn, h, flags)
	if len(flags) != 1 || asked != 1 || flags[0]["kind"] != h.Kind || flags[0]["at"] != fmt.Sprint(h.At) || flags[0]["asked"] != fmt.Sprint(h.Asked) ||
		!strings.Contains(flags[0]["label"], "landed at") || math.Abs(leftPercent(flags[0]["left"])-h.At/tl.Duration*100) > 0.01 {
		t.Errorf("hit markers %v (%d asked), want one %+v", flags, asked, h)
	}
	if lineAlpha < 200 || offAlpha > 200 {
		t.Errorf("the waveform's hit line: alpha %d at the hit, %d a second before", lineAlpha, offAlpha)
	}
	screens(t, ctx, screenshotDir(t), "picture")
}

// leftPercent reads a style's "12.5%".
func leftPercent(s string) float64 {
	var x float64
	if _, err := fmt.Sscanf(s, "%g%%", &x); err != nil {
		return math.NaN()
	}
	return x
}
