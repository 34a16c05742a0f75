package app_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/studio"
)

// pageView is what the page shows of a completed job, read in the browser.
type pageView struct {
	Title     string            `json:"title"`
	Meta      string            `json:"meta"`
	Cover     string            `json:"cover"`
	Links     map[string]string `json:"links"` // id of a visible link -> href
	Facts     string            `json:"facts"` // the text of the facts list
	Webhook   string            `json:"webhook"`
	Family    []string          `json:"family"` // "words|job id" per row
	Sections  []string          `json:"sections"`
	Starts    []float64         `json:"starts"`
	Chords    []string          `json:"chords"`
	Peaks     int               `json:"peaks"`
	Inked     float64           `json:"inked"` // share of the waveform's columns with ink at its middle row
	Parts     []string          `json:"parts"`
	Gains     []string          `json:"gains"`
	RollShown bool              `json:"rollShown"`
	Notes     int               `json:"notes"`
	Legend    int               `json:"legend"`
	Time      float64           `json:"time"`
	State     string            `json:"state"`
}

const pageViewJS = `(() => {
  const $ = (id) => document.getElementById(id);
  const vis = (e) => e && e.getClientRects().length > 0;
  const links = {};
  for (const a of document.querySelectorAll("#song .links a")) if (vis(a) && a.href) links[a.id] = a.href;
  const c = $("wave-canvas"), g = c.getContext("2d"), row = g.getImageData(0, Math.floor(c.height / 2), c.width, 1).data;
  let ink = 0;
  for (let i = 0; i < c.width; i++) if (row[4 * i + 3] > 200) ink++;
  return {
    title: $("song-title").textContent, meta: $("song-meta").textContent, cover: $("cover").src,
    links, facts: $("rights").innerText, webhook: vis($("webhook-row")) ? $("webhook-state").textContent : "",
    family: [...document.querySelectorAll("#family-list li")].filter(vis).map((li) => li.textContent.trim() + "|" + li.dataset.job),
    sections: [...document.querySelectorAll("#view-sections .section")].map((b) => b.dataset.label),
    starts: [...document.querySelectorAll("#view-sections .section")].map((b) => Number(b.dataset.start)),
    chords: [...document.querySelectorAll("#view-chords .chord")].map((b) => b.textContent),
    peaks: Number(c.dataset.peaks || 0), inked: ink / c.width,
    parts: [...document.querySelectorAll("#mixer-parts .part")].filter(vis).map((li) => li.dataset.part),
    gains: [...document.querySelectorAll("#mixer-parts .part")].map((li) => li.dataset.gain),
    rollShown: vis($("roll")), notes: Number($("roll").dataset.notes || 0), legend: $("roll-legend").children.length,
    time: Number($("playhead").dataset.time || 0), state: $("status").dataset.state,
  };
})()`

// resultSurface names, for every member of a completed job's result, how
// the page shows it. A member the API adds without a line here fails
// TestPlaygroundSongView: every output must be reachable from the page.
// URLs are signed again on every read: the same file is the same path.
var resultSurface = map[string]func(v pageView, val any) bool{
	"title": func(v pageView, val any) bool { return v.Title == val },
	"bpm": func(v pageView, val any) bool {
		return strings.Contains(v.Meta, fmt.Sprint(math.Round(val.(float64)))+" bpm")
	},
	"duration": func(v pageView, val any) bool { return strings.Contains(v.Meta, fmtDuration(val.(float64))) },
	"tags":     func(v pageView, val any) bool { return strings.Contains(v.Meta, val.(string)) },
	"song_url": func(v pageView, val any) bool { return samePath(v.Links["download-song"], val) },
	"image_url": func(v pageView, val any) bool {
		return samePath(v.Links["download-cover"], val) && samePath(v.Cover, val)
	},
	"stems_url": func(v pageView, val any) bool { return samePath(v.Links["download-stems"], val) && len(v.Parts) > 0 },
	"midi_url":  func(v pageView, val any) bool { return samePath(v.Links["download-midi"], val) && v.RollShown },
	"timeline_url": func(v pageView, val any) bool {
		return samePath(v.Links["download-timeline"], val) && len(v.Sections) > 0
	},
	"musicxml_url":   func(v pageView, val any) bool { return samePath(v.Links["download-musicxml"], val) },
	"layers_url":     func(v pageView, val any) bool { return samePath(v.Links["download-layers"], val) },
	"segments_url":   func(v pageView, val any) bool { return samePath(v.Links["download-segments"], val) },
	"seed":           func(v pageView, val any) bool { return strings.Contains(v.Facts, fmt.Sprintf("seed %.0f", val)) },
	"format":         func(v pageView, val any) bool { return strings.Contains(v.Facts, strings.ToUpper(val.(string))) },
	"loop_start":     func(v pageView, val any) bool { return strings.Contains(v.Facts, fmt.Sprintf("from %v s", val)) },
	"loop_end":       func(v pageView, val any) bool { return strings.Contains(v.Facts, fmt.Sprintf("to %v s", val)) },
	"engine_version": func(v pageView, val any) bool { return strings.Contains(v.Facts, val.(string)) },
	"recipe":         func(v pageView, _ any) bool { _, ok := v.Links["download-recipe"]; return ok },
	"license": func(v pageView, val any) bool {
		return strings.Contains(v.Facts, val.(map[string]any)["id"].(string))
	},
	"measured": func(v pageView, val any) bool {
		m := val.(map[string]any)
		bpm, key := m["bpm"].(map[string]any), m["key"].(map[string]any)
		return strings.Contains(v.Facts, fmt.Sprintf("%v bpm", bpm["value"])) && strings.Contains(v.Facts, key["value"].(string)) &&
			strings.Contains(v.Facts, fmt.Sprintf("%v LUFS", m["loudness_lufs"].(map[string]any)["value"]))
	},
}

// samePath reports whether URL a names the file of URL b.
func samePath(a string, b any) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(fmt.Sprint(b))
	return err1 == nil && err2 == nil && a != "" && ua.Host == ub.Host && ua.Path == ub.Path
}

// fmtDuration is the page's m:ss.
func fmtDuration(s float64) string { return fmt.Sprintf("%d:%02d", int(s)/60, int(s)%60) }

// TestPlaygroundSongView renders one short song with stems, MIDI, the
// timeline (asked for by default), MusicXML, layers, segments and a webhook with the real engine, and
// reuses it for every check of the drawn song in headless Chromium: every
// result member surfaced (resultSurface), the webhook's delivery, the
// sections and chords of the timeline along the waveform, the playhead
// moving on play, seeking by a section's button and by a click on the
// waveform, the mixer's mute and solo on the gains of the stems (and the
// stems playing in sync), the piano roll, keyboard reach with a visible
// focus, dark mode contrast, an edit shown as the song's family, delete;
// no console errors. Screenshots at 1280x800 and 390x844, light and dark.
func TestPlaygroundSongView(t *testing.T) {
	ctx := browser(t)
	shots := screenshotDir(t)
	hooks := make(chan string, 8)
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hooks <- r.Header.Get("webhook-id")
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(recv.Close)
	r := startServer(t, t.TempDir(), &studio.Studio{}, func(c *app.Config) { c.WebhookAllowLoopback = true })
	var errs consoleErrors
	var timelineChecked bool
	if err := chromedp.Run(ctx,
		errs.listen(ctx),
		chromedp.Navigate(r.URL+"/"),
		chromedp.WaitVisible("#key", chromedp.ByID),
		saveKey(r.Key),
		chromedp.SendKeys("#prompt", "upbeat pop with piano, 12 seconds", chromedp.ByID),
		chromedp.Click(".options summary", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#options [name="outputs"][value="timeline"]').checked`, &timelineChecked),
		chromedp.Click(`#options input[value="stems"]`, chromedp.ByQuery),
		chromedp.Click(`#options input[value="midi"]`, chromedp.ByQuery),
		chromedp.Click(`#options input[value="musicxml"]`, chromedp.ByQuery),
		chromedp.Click(`#options input[value="layers"]`, chromedp.ByQuery),
		chromedp.Click(`#options input[value="segments"]`, chromedp.ByQuery),
		chromedp.SendKeys("#opt-webhook", recv.URL+"/hook", chromedp.ByID),
		chromedp.Click("#generate", chromedp.ByID),
		chromedp.WaitVisible(`#status[data-state="completed"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#view[data-ready="true"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	if !timelineChecked {
		t.Error("the timeline output is not asked for by default")
	}
	id := shownJobID(ctx, t)
	select {
	case <-hooks:
	case <-time.After(time.Minute):
		t.Fatal("the webhook was never delivered")
	}
	_, job, err := r.call("GET", "/jobs/"+id, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := job["result"].(map[string]any)
	// The page follows the webhook's delivery to its end.
	if err := chromedp.Run(ctx, chromedp.Poll(`document.getElementById("webhook-state").dataset.status === "delivered"`, nil,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Errorf("the page never showed the webhook delivered: %v", err)
	}
	var v pageView
	if err := chromedp.Run(ctx, chromedp.Evaluate(pageViewJS, &v)); err != nil {
		t.Fatal(err)
	}
	t.Logf("page: %d sections %v, %d chords, %d parts %v, %d notes in %d lanes, waveform %d peaks (%.0f%% inked)",
		len(v.Sections), v.Sections, len(v.Chords), len(v.Parts), v.Parts, v.Notes, v.Legend, v.Peaks, v.Inked*100)
	for name, val := range res {
		check, ok := resultSurface[name]
		switch {
		case !ok:
			t.Errorf("the result member %q is not surfaced on the page (no line in resultSurface)", name)
		case !check(v, val):
			t.Errorf("the page does not show the result's %s %v: %+v", name, val, v)
		}
	}
	if !strings.Contains(v.Webhook, "delivered") {
		t.Errorf("webhook shown as %q, want delivered", v.Webhook)
	}

	// The timeline along the waveform: its sections (named, in order, at
	// their times) and chords.
	var tl studio.Timeline
	if err := json.Unmarshal(fetch(t, res["timeline_url"].(string)), &tl); err != nil {
		t.Fatal(err)
	}
	var labels, symbols []string
	var starts []float64
	for _, s := range tl.Sections {
		labels, starts = append(labels, s.Label), append(starts, s.Start)
	}
	for _, c := range tl.Chords {
		symbols = append(symbols, c.Symbol)
	}
	if !slices.Equal(v.Sections, labels) || !slices.Equal(v.Starts, starts) || !slices.Equal(v.Chords, symbols) || len(labels) < 2 {
		t.Errorf("the page shows sections %v at %v and chords %v; the timeline has %v at %v and %v", v.Sections, v.Starts, v.Chords, labels, starts, symbols)
	}
	if v.Peaks < 100 || v.Inked < 0.5 {
		t.Errorf("the waveform is not drawn: %d peaks, %.2f of its columns inked", v.Peaks, v.Inked)
	}
	// The stems of the zip, one mixer row each; the piano roll.
	stems := fetch(t, res["stems_url"].(string))
	zr, err := zip.NewReader(bytes.NewReader(stems), int64(len(stems)))
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Parts) != len(zr.File) || len(zr.File) < 2 {
		t.Errorf("mixer rows %v, the zip has %d stems", v.Parts, len(zr.File))
	}
	if !v.RollShown || v.Notes < 20 || v.Legend < 2 || v.Legend > len(zr.File) {
		t.Errorf("piano roll: shown %v, %d notes, %d parts (stems %d)", v.RollShown, v.Notes, v.Legend, len(zr.File))
	}
	screens(t, ctx, shots, "song")

	testViewTransport(t, ctx, tl)
	testViewMixer(t, ctx, len(zr.File))
	testViewKeyboard(t, ctx)
	testViewDark(t, ctx, shots)
	testViewFamily(t, ctx, r, id, shots)
	if e := errs.get(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// screens saves the page at desktop and phone widths; at each the page
// is no wider than the screen and the drawn song fits its card.
func screens(t *testing.T, ctx context.Context, shots, name string) {
	t.Helper()
	const fitsJS = `(() => {
	  const card = document.getElementById("view").getBoundingClientRect();
	  const inside = [...document.querySelectorAll("#view-wave, #view-sections, #view-chords, #roll, #mixer-parts")]
	    .filter((e) => e.getClientRects().length > 0)
	    .every((e) => { const r = e.getBoundingClientRect(); return r.left >= card.left - 0.5 && r.right <= card.right + 0.5; });
	  return document.documentElement.scrollWidth <= innerWidth && inside;
	})()`
	var desk, phone bool
	if err := chromedp.Run(ctx,
		shot(t, shots, "playground-"+name+"-desktop.png", 1280, 800, false),
		chromedp.Evaluate(fitsJS, &desk),
		shot(t, shots, "playground-"+name+"-phone.png", 390, 844, true),
		chromedp.Evaluate(fitsJS, &phone),
		emulation.SetDeviceMetricsOverride(1280, 800, 1, false),
	); err != nil {
		t.Fatal(err)
	}
	if !desk || !phone {
		t.Errorf("%s: the page overflows its width or the drawn song its card (desktop fits %v, phone fits %v)", name, desk, phone)
	}
}

// playheadAfter waits until the playhead has passed t seconds.
func playheadAfter(t float64) chromedp.Action {
	return chromedp.Poll(fmt.Sprintf(`Number(document.getElementById("playhead").dataset.time) > %g`, t), nil,
		chromedp.WithPollingTimeout(30*time.Second))
}

// testViewTransport plays the song with the page's Play button (the
// playhead moves), seeks with a section's button and with a click on the
// waveform at three quarters.
func testViewTransport(t *testing.T, ctx context.Context, tl studio.Timeline) {
	var left string
	var at float64
	if err := chromedp.Run(ctx,
		chromedp.Click("#view-play", chromedp.ByID),
		playheadAfter(0.5),
		chromedp.Evaluate(`document.getElementById("playhead").style.left`, &left),
		chromedp.Click("#view-play", chromedp.ByID),
	); err != nil {
		t.Fatalf("play: the playhead did not move: %v", err)
	}
	if left == "" || left == "0.000%" {
		t.Errorf("the playhead stays at %q while playing", left)
	}
	sec := tl.Sections[len(tl.Sections)/2]
	if err := chromedp.Run(ctx,
		chromedp.Click(fmt.Sprintf(`#view-sections .section[data-label=%q]`, sec.Label), chromedp.ByQuery),
		playheadAfter(sec.Start+0.2),
		chromedp.Evaluate(`Number(document.getElementById("playhead").dataset.time)`, &at),
		chromedp.Click("#view-play", chromedp.ByID), // pause
	); err != nil {
		t.Fatal(err)
	}
	if at < sec.Start || at > sec.Start+3 {
		t.Errorf("clicked the %s (at %.2f s): the playhead is at %.2f s", sec.Label, sec.Start, at)
	}
	var box struct{ X, Y, W, H float64 }
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const r = document.getElementById("view-wave").getBoundingClientRect();
		return {X: r.left, Y: r.top, W: r.width, H: r.height}; })()`, &box)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(ctx,
		chromedp.MouseClickXY(box.X+box.W*0.75, box.Y+box.H/2),
		chromedp.Sleep(200*time.Millisecond),
		chromedp.Evaluate(`Number(document.getElementById("playhead").dataset.time)`, &at),
	); err != nil {
		t.Fatal(err)
	}
	if want := 0.75 * tl.Duration; math.Abs(at-want) > 0.3 {
		t.Errorf("a click at 3/4 of the waveform put the playhead at %.2f s, want %.2f", at, want)
	}
}

// testViewMixer switches to the stems, mutes the first part and solos the
// second (the gains follow), plays the stems (the playhead moves on their
// clock) and stops.
func testViewMixer(t *testing.T, ctx context.Context, n int) {
	gains := func() []string {
		var g []string
		if err := chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll("#mixer-parts .part")].map((li) => li.dataset.gain)`, &g)); err != nil {
			t.Fatal(err)
		}
		return g
	}
	want := func(what string, ones ...int) {
		t.Helper()
		g := gains()
		for i, x := range g {
			if w := map[bool]string{true: "1", false: "0"}[slices.Contains(ones, i)]; x != w {
				t.Errorf("%s: gains %v, want 1 only for parts %v", what, g, ones)
				return
			}
		}
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	var start float64
	if err := chromedp.Run(ctx,
		chromedp.Click("#listen-stems", chromedp.ByID),
		chromedp.Evaluate(`Number(document.getElementById("playhead").dataset.time)`, &start),
	); err != nil {
		t.Fatal(err)
	}
	want("all on", all...)
	if err := chromedp.Run(ctx, chromedp.Click("#mixer-parts .part:nth-child(1) .muted", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	want("first muted", all[1:]...)
	if err := chromedp.Run(ctx, chromedp.Click("#mixer-parts .part:nth-child(2) .solo", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	want("second soloed", 1)
	if err := chromedp.Run(ctx, chromedp.Click("#mixer-parts .part:nth-child(2) .solo", chromedp.ByQuery),
		chromedp.Evaluate(`document.getElementById("view-wave").focus()`, nil),
		chromedp.KeyEvent(kb.Home),
		chromedp.Click("#view-play", chromedp.ByID),
		playheadAfter(0.5),
		chromedp.Click("#view-play", chromedp.ByID),
	); err != nil {
		t.Fatalf("the stems do not play: %v", err)
	}
	want("solo off, first still muted", all[1:]...)
	if err := chromedp.Run(ctx, chromedp.Click("#mixer-parts .part:nth-child(1) .muted", chromedp.ByQuery),
		chromedp.Click("#listen-song", chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	want("all on again", all...)
}

// testViewFamily edits the song from the page: the edit shows "edited
// from" the song (its button opens it), the song then shows "edited
// into" the edit; then deletes the edit from the page.
func testViewFamily(t *testing.T, ctx context.Context, r *running, src, shots string) {
	long := chromedp.WithPollingTimeout(3 * time.Minute) // an edit renders a song
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.getElementById("opt-bpm").value = "100"; document.getElementById("opt-webhook").value = "";
			for (const x of document.querySelectorAll('#options [name="outputs"]')) x.checked = x.value === "timeline"; true`, nil),
		chromedp.Click("#edit", chromedp.ByID),
		chromedp.Poll(`document.getElementById("job-id").textContent !== "Job `+src+`." && document.getElementById("status").dataset.state === "completed"`, nil, long),
		chromedp.WaitVisible(`#family-list li[data-job="`+src+`"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#view[data-ready="true"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	ed := shownJobID(ctx, t)
	var v pageView
	if err := chromedp.Run(ctx, chromedp.Evaluate(pageViewJS, &v)); err != nil {
		t.Fatal(err)
	}
	if len(v.Family) != 1 || !strings.HasPrefix(v.Family[0], "This song, edited from") || !strings.HasSuffix(v.Family[0], "|"+src) {
		t.Errorf("the edit's family: %q, want edited from %s", v.Family, src)
	}
	screens(t, ctx, shots, "edit")
	if err := chromedp.Run(ctx,
		chromedp.Click(`#family-list li[data-job="`+src+`"] button`, chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("job-id").textContent === "Job `+src+`." && document.getElementById("status").dataset.state === "completed"`, nil, long),
		chromedp.WaitVisible(`#family-list li[data-job="`+ed+`"]`, chromedp.ByQuery),
		chromedp.Evaluate(pageViewJS, &v),
	); err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(v.Family, func(s string) bool { return strings.HasPrefix(s, "Edited into") && strings.HasSuffix(s, "|"+ed) }) {
		t.Errorf("the source's family: %q, want edited into %s", v.Family, ed)
	}
	// Delete the edit: two presses, then it is gone from the page and the API.
	if err := chromedp.Run(ctx,
		chromedp.Click(`#family-list li[data-job="`+ed+`"] button`, chromedp.ByQuery),
		chromedp.Poll(`document.getElementById("job-id").textContent === "Job `+ed+`." && document.getElementById("status").dataset.state === "completed"`, nil, long),
		chromedp.Click("#delete", chromedp.ByID),
		chromedp.Click("#delete", chromedp.ByID),
		chromedp.WaitVisible(`#status[data-state="deleted"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	var listed bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`!!document.querySelector('#recent li[data-id="`+ed+`"]')`, &listed)); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := r.call("GET", "/jobs/"+ed, nil); code != http.StatusNotFound || listed {
		t.Errorf("after delete: GET answers %d, still listed %v", code, listed)
	}
}
