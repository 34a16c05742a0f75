package app_test

import (
	"context"
	"encoding/json"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// shownJobID returns the id of the job the page shows ("Job <id>.").
func shownJobID(ctx context.Context, t *testing.T) string {
	t.Helper()
	var s string
	if err := chromedp.Run(ctx, chromedp.Text("#job-id", &s, chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "Job "), ".")
}

// songFileName is the page's file name for a song's title: the title
// without what a file name should not hold.
func songFileName(title string) string {
	return regexp.MustCompile(`[^\w\- ]+`).ReplaceAllString(title, "")
}

// rightsView is what the page shows of a completed song's licence, engine
// version and recipe.
type rightsView struct {
	LicenseID     string `json:"licenseId"`
	LicenseHref   string `json:"licenseHref"`
	LicenseName   string `json:"licenseName"` // the link's text, as a screen reader reads it
	Attribution   string `json:"attribution"`
	AttrVisible   bool   `json:"attrVisible"`
	Engine        string `json:"engine"`
	RowsVisible   bool   `json:"rowsVisible"`
	RecipeName    string `json:"recipeName"`
	UseRecipeText string `json:"useRecipeText"`
}

const rightsJS = `(() => {
  const $ = (id) => document.getElementById(id);
  const vis = (e) => e.getClientRects().length > 0;
  return {
    licenseId: $("license-id").textContent, licenseHref: $("license-link").href,
    licenseName: $("license-link").textContent, attribution: $("license-attribution").textContent,
    attrVisible: vis($("license-attribution")), engine: $("engine-version").textContent,
    rowsVisible: vis($("license-row")) && vis($("engine-row")) && vis($("download-recipe")) && vis($("use-recipe")),
    recipeName: $("download-recipe").getAttribute("download") || "",
    useRecipeText: $("use-recipe").textContent.trim(),
  };
})()`

// testPlaygroundRights checks the completed song the page shows: its
// licence (the id linked to the terms, the attribution), its engine
// version, the keyboard order of the new controls, and the recipe that
// "Download the recipe" saves (the result's recipe, as JSON).
func testPlaygroundRights(t *testing.T, ctx context.Context, r *running) {
	t.Helper()
	id := shownJobID(ctx, t)
	_, job, err := r.call("GET", "/jobs/"+id, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := job["result"].(map[string]any)
	lic, _ := res["license"].(map[string]any)
	if lic == nil || res["recipe"] == nil || res["engine_version"] == nil {
		t.Fatalf("the job's result has no license, recipe or engine_version: %v", job)
	}
	var v rightsView
	if err := chromedp.Run(ctx, chromedp.Evaluate(rightsJS, &v)); err != nil {
		t.Fatal(err)
	}
	if !v.RowsVisible || v.LicenseID != lic["id"] || v.LicenseHref != lic["url"] ||
		!strings.Contains(v.LicenseName, "new tab") || v.Attribution != lic["attribution"] ||
		v.AttrVisible != (lic["attribution"] != "") || v.Engine != res["engine_version"] {
		t.Errorf("the page shows %+v; the result has license %v, engine_version %v", v, lic, res["engine_version"])
	}
	title, _ := res["title"].(string)
	if v.RecipeName != songFileName(title)+".recipe.json" || v.UseRecipeText != "Use this recipe" {
		t.Errorf("recipe download named %q (want %q), button %q", v.RecipeName, songFileName(title)+".recipe.json", v.UseRecipeText)
	}
	// Keyboard: after the song's downloads (the timeline's: the page asks
	// for it) come the licence's link, then "Use this recipe", then the
	// edit button.
	var focus []string
	if err := chromedp.Run(ctx,
		chromedp.Focus("#download-song", chromedp.ByID),
		chromedp.ActionFunc(func(ctx context.Context) error {
			for range 6 {
				var id string
				if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Tab),
					chromedp.Evaluate(`document.activeElement.id`, &id)); err != nil {
					return err
				}
				focus = append(focus, id)
			}
			return nil
		}),
	); err != nil {
		t.Fatal(err)
	}
	want := []string{"download-cover", "download-timeline", "download-recipe", "license-link", "use-recipe", "edit"}
	if strings.Join(focus, "|") != strings.Join(want, "|") {
		t.Errorf("focus order from the song's download %q, want %q", focus, want)
	}
	name, b := browserDownload(ctx, t, "#download-recipe")
	var got any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("the downloaded recipe %q is not JSON: %v\n%s", name, err, b)
	}
	if name != v.RecipeName || !reflect.DeepEqual(got, res["recipe"]) {
		t.Errorf("downloaded %q: %s\nwant %q holding the result's recipe %v", name, b, v.RecipeName, res["recipe"])
	}
	t.Logf("downloaded %q, %d bytes; licence %s, engine %s", name, len(b), v.LicenseID, v.Engine)
}

// testPlaygroundUseRecipe presses "Use this recipe" from the keyboard
// with the prompt emptied and a stale option filled in: the recipe lands
// in the options form's recipe field (focused, the options open), the
// stale option is cleared and the prompt is the song's; Generate then
// makes a job whose song has the same title and recipe, shown as
// rendered from the first one's recipe (its family). Screenshots of the
// page with the recipe in the form and the new song.
func testPlaygroundUseRecipe(t *testing.T, ctx context.Context, r *running, shots string) {
	t.Helper()
	first := shownJobID(ctx, t)
	_, job, err := r.call("GET", "/jobs/"+first, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := job["result"].(map[string]any)
	var form struct {
		Focus  string `json:"focus"`
		Open   bool   `json:"open"`
		Recipe string `json:"recipe"`
		BPM    string `json:"bpm"`
		Prompt string `json:"prompt"`
	}
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.getElementById("prompt").value = ""; document.getElementById("opt-bpm").value = "150"; true`, nil),
		chromedp.Focus("#use-recipe", chromedp.ByID),
		chromedp.KeyEvent(kb.Enter),
		chromedp.Poll(`document.getElementById("opt-recipe").value !== ""`, nil),
		chromedp.Evaluate(`({focus: document.activeElement.id, open: document.querySelector("details.options").open,
			recipe: document.getElementById("opt-recipe").value, bpm: document.getElementById("opt-bpm").value,
			prompt: document.getElementById("prompt").value})`, &form),
	); err != nil {
		t.Fatal(err)
	}
	var inForm any
	if err := json.Unmarshal([]byte(form.Recipe), &inForm); err != nil || !reflect.DeepEqual(inForm, res["recipe"]) {
		t.Errorf("the recipe field holds %q (%v), want the result's recipe %v", form.Recipe, err, res["recipe"])
	}
	if form.Focus != "opt-recipe" || !form.Open || form.BPM != "" || form.Prompt != job["prompt"] {
		t.Errorf("after Use this recipe: focus on %q (want opt-recipe), options open %v, bpm %q (want cleared), prompt %q (want %q)",
			form.Focus, form.Open, form.BPM, form.Prompt, job["prompt"])
	}
	if err := chromedp.Run(ctx,
		shot(t, shots, "playground-use-recipe-desktop.png", 1280, 900, false),
		chromedp.Click("#generate", chromedp.ByID),
		chromedp.Poll(`document.getElementById("job-id").textContent !== `+strconv.Quote("Job "+first+".")+
			` && document.getElementById("status").dataset.state === "completed"`, nil),
		chromedp.WaitVisible("#song", chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	second := shownJobID(ctx, t)
	_, again, err := r.call("GET", "/jobs/"+second, nil)
	if err != nil {
		t.Fatal(err)
	}
	res2, _ := again["result"].(map[string]any)
	var shownTitle string
	if err := chromedp.Run(ctx, chromedp.Text("#song-title", &shownTitle, chromedp.ByID)); err != nil {
		t.Fatal(err)
	}
	if second == first || again["status"] != "completed" || res2["title"] != res["title"] || shownTitle != res["title"] ||
		!reflect.DeepEqual(res2["recipe"], res["recipe"]) {
		t.Errorf("the recipe's job %s: %v (page shows %q); want the song %q of job %s with the same recipe", second, again, shownTitle, res["title"], first)
	}
	// The family: the new song was rendered from the first one's recipe.
	var family string
	if err := chromedp.Run(ctx,
		chromedp.WaitVisible(`#family-list li[data-job="`+first+`"]`, chromedp.ByQuery),
		chromedp.Text(`#family-list li[data-job="`+first+`"]`, &family, chromedp.ByQuery),
		shot(t, shots, "playground-use-recipe-phone.png", 390, 844, true),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(family, "rendered from the recipe of") || !strings.Contains(family, res["title"].(string)) {
		t.Errorf("the recipe's song's family reads %q, want rendered from the recipe of %q", family, res["title"])
	}
}

// saveKey types key into the page's key field, presses Enter and waits
// until the page has checked and stored it: a submission before that
// would find no key ("Save your API key first").
func saveKey(key string) chromedp.Action {
	return chromedp.Tasks{
		chromedp.SendKeys("#key", key+kb.Enter, chromedp.ByID),
		chromedp.Poll(`localStorage.getItem("songsmith.key") === `+strconv.Quote(strconv.Quote(key)), nil),
	}
}
