package app_test

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/songsmith/songsmith/internal/engine"
)

// The playground's edit button: under a finished song, a click sends the
// options form to POST /jobs/{id}/edit and follows the new job, whose
// MIDI is the first song with the changes (a tempo, the lead on a flute,
// no drums).
func TestPlaygroundEdit(t *testing.T) {
	ctx := browser(t)
	r := startServer(t, t.TempDir(), scoreGen(), nil)
	const prompt = "happy pop song with piano"
	var first, second string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(r.URL+"/"),
		chromedp.WaitVisible("#key", chromedp.ByID),
		saveKey(r.Key),
		chromedp.SendKeys("#prompt", prompt, chromedp.ByID),
		chromedp.Evaluate(`document.querySelector("details.options").open = true`, nil),
		chromedp.Evaluate(`document.querySelector('#options [name="outputs"][value="midi"]').checked = true`, nil),
		// scoreGen writes no timeline: the page asks for one by default
		chromedp.Evaluate(`document.querySelector('#options [name="outputs"][value="timeline"]').checked = false`, nil),
		chromedp.Click("#generate", chromedp.ByID),
		chromedp.WaitVisible(`#status[data-state="completed"]`, chromedp.ByQuery),
		chromedp.Text("#job-id", &first, chromedp.ByID),
		chromedp.SetValue("#opt-bpm", "100", chromedp.ByID),
		chromedp.SetValue("#opt-instruments", "lead: flute, drums: none", chromedp.ByID),
		chromedp.Click("#edit", chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	// The edit may finish before a running state could be seen: wait for
	// another job's completion.
	if err := chromedp.Run(ctx,
		chromedp.Poll(`document.getElementById("job-id").textContent !== `+strconv.Quote(first)+
			` && document.getElementById("status").dataset.state === "completed"`, nil),
		chromedp.Text("#job-id", &second, chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	id := func(s string) string {
		return strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "Job "), ".")
	}
	src, ed := id(first), id(second)
	if src == ed || ed == "" {
		t.Fatalf("the edit did not make a new job: %q then %q", first, second)
	}
	_, sj, _ := r.call("GET", "/jobs/"+src, nil)
	_, ej, _ := r.call("GET", "/jobs/"+ed, nil)
	if ej["prompt"] != prompt || ej["status"] != "completed" {
		t.Fatalf("the edit: %v", ej)
	}
	seed := uint64(sj["result"].(map[string]any)["seed"].(float64))
	want, err := writtenMIDI(prompt, seed, engine.Options{Edits: []engine.Edit{{BPM: 100, Instruments: map[string]string{"lead": "flute", "drums": ""}}}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Get(ej["result"].(map[string]any)["midi_url"].(string))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !bytes.Equal(got, want) {
		t.Error("the edit's MIDI is not the first song with the form's changes")
	}
}
