package httpapi

import (
	_ "embed"
	"net/http"
	"strconv"
)

// openAPIDoc is the OpenAPI 3.1 document of the whole interface. Songsmith's
// additions to the interface spec carry `x-songsmith-extension: true`.
//
//go:embed openapi.json
var openAPIDoc []byte

// OpenAPIPath is where the handler serves the document.
const OpenAPIPath = "/openapi.json"

// OpenAPI returns a copy of the embedded OpenAPI 3.1 document (JSON).
func OpenAPI() []byte { return append([]byte(nil), openAPIDoc...) }

// serveOpenAPI answers GET /openapi.json. No key is needed: the document
// describes the public interface.
func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(openAPIDoc)))
	h.Set("Cache-Control", "public, max-age=300")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(openAPIDoc)
	}
}
