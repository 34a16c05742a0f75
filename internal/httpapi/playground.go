package httpapi

import (
	"embed"
	"io/fs"
	"net/http"
	"strconv"

	"github.com/songsmith/songsmith/internal/jobs"
)

// The playground is a page to try the API in a browser, served at GET / with
// its script and style under /playground/: plain HTML, CSS and JavaScript
// embedded in the binary, calling the API from the same origin.
//
//go:embed web
var webFS embed.FS

// PlaygroundPath is where the page is served; its assets live under
// PlaygroundAssets.
const (
	PlaygroundPath   = "/"
	PlaygroundAssets = "/playground/"
)

// playgroundCSP keeps the page to its own origin; media may also come from
// HTTPS (presigned S3 URLs on AWS), which the page also fetches to draw
// the song (its waveform, timeline, stems and MIDI).
const playgroundCSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self' https:; " +
	"img-src 'self' https: data:; media-src 'self' https:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

var webTypes = map[string]string{
	"index.html": "text/html; charset=utf-8",
	"app.js":     "text/javascript; charset=utf-8",
	"media.js":   "text/javascript; charset=utf-8",
	"view.js":    "text/javascript; charset=utf-8",
	"picture.js": "text/javascript; charset=utf-8",
	"style.css":  "text/css; charset=utf-8",
}

// servePlayground answers GET / with the page.
func servePlayground(w http.ResponseWriter, r *http.Request) { serveWebFile(w, r, "index.html") }

// playgroundAsset answers GET /playground/<name> for the page's files.
func (a *api) playgroundAsset(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Path[len(PlaygroundAssets):]
	if _, ok := webTypes[name]; !ok || name == "index.html" {
		writeError(w, r, a.log, jobs.Errorf(jobs.ENotFound, "No playground file %s.", r.URL.Path))
		return
	}
	serveWebFile(w, r, name)
}

func serveWebFile(w http.ResponseWriter, r *http.Request, name string) {
	b, err := fs.ReadFile(webFS, "web/"+name)
	if err != nil { // cannot happen: the names are fixed and embedded
		panic(err)
	}
	h := w.Header()
	h.Set("Content-Type", webTypes[name])
	h.Set("Content-Length", strconv.Itoa(len(b)))
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", playgroundCSP)
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(b)
	}
}
