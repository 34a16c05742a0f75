package app_test

import (
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/songsmith/songsmith/internal/testutil"
)

// The playground's Pieces field: a submission with 3 sends count 3, lists
// every piece in Your jobs, follows the first to its song and names the
// other two pieces of the prompt under it; the Go program shown uses
// GenerateMany.
func TestPlaygroundCollection(t *testing.T) {
	ctx := browser(t)
	r := startServer(t, t.TempDir(), scoreGen(), nil)
	var recent, family, code string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(r.URL+"/"),
		chromedp.WaitVisible("#key", chromedp.ByID),
		saveKey(r.Key),
		chromedp.SendKeys("#prompt", "calm piano for a podcast", chromedp.ByID),
		chromedp.Evaluate(`document.querySelector("details.options").open = true`, nil),
		chromedp.Evaluate(`document.querySelector('#options [name="outputs"][value="timeline"]').checked = false`, nil),
		chromedp.SetValue("#opt-count", "3", chromedp.ByID),
		chromedp.Click("#generate", chromedp.ByID),
		chromedp.WaitVisible(`#status[data-state="completed"]`, chromedp.ByQuery),
		chromedp.WaitVisible("#family", chromedp.ByID),
		chromedp.Text("#recent", &recent, chromedp.ByID),
		chromedp.Text("#family-list", &family, chromedp.ByID),
		chromedp.Text("#code-go", &code, chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"piece 1", "piece 2", "piece 3"} {
		if !strings.Contains(recent, want) {
			t.Errorf("Your jobs does not list %s: %q", want, recent)
		}
	}
	if !strings.Contains(family, "Piece 2 of the same prompt") || !strings.Contains(family, "Piece 3 of the same prompt") {
		t.Errorf("the first piece does not name the others: %q", family)
	}
	if !strings.Contains(code, "c.GenerateMany(context.Background(), \"calm piano for a podcast\", 3") || !strings.Contains(code, "sub.CollectionID") {
		t.Errorf("the Go program: %s", code)
	}
	_, list, _ := r.call("GET", "/jobs", nil)
	if n := len(list["jobs"].([]any)); n != 3 {
		t.Fatalf("%d jobs stored, want the 3 pieces", n)
	}
	if formatted, err := format.Source([]byte(code)); err != nil || string(formatted) != code {
		t.Errorf("the Go program is not gofmt's (%v):\n%s", err, formatted)
	}
	main := filepath.Join(t.TempDir(), "main.go")
	if err := os.WriteFile(main, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	run := exec.Command(testutil.RequireTool(t, "go"), "run", main)
	run.Dir = filepath.Join("..", "..") // the module: resolves the client package
	run.Env = append(os.Environ(), "SONGSMITH_API_KEY="+r.Key)
	out, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("go run of the Go program: %v: %s", err, out)
	}
	if st, col, _ := r.call("GET", "/collections/"+strings.TrimSpace(string(out)), nil); st != 200 || col["count"] != 3.0 {
		t.Fatalf("the Go program's collection: %d %v", st, col)
	}
}
