// Package httpapi is the HTTP interface of Songsmith: the routes of the
// interface spec, bearer authentication, request validation, the one table
// from error codes to statuses, the JSON bodies, and an adapter that runs
// the same handler behind API Gateway HTTP APIs (payload v2).
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"
	"path"
	"strings"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/logctx"
	"github.com/songsmith/songsmith/internal/request"
)

// AckMessage is the message of a 202 answer.
const AckMessage = "Task received. Poll poll_url until status is completed or failed."

// Options configure the handler.
type Options struct {
	MaxBodyBytes int64        // largest request body (required: app.Vars has the default)
	CORSOrigin   string       // Access-Control-Allow-Origin; no CORS headers when empty
	Logger       *slog.Logger // slog.Default() when nil
	Media        http.Handler // served under /media/ when set (local backend)
	Health       func(r *http.Request) error
}

type api struct {
	svc  *jobs.Service
	opts Options
	log  *slog.Logger
}

// New returns the HTTP handler of the interface.
func New(svc *jobs.Service, opts Options) http.Handler {
	if opts.MaxBodyBytes <= 0 {
		panic("httpapi: Options.MaxBodyBytes must be positive")
	}
	a := &api{svc: svc, opts: opts, log: opts.Logger}
	if a.log == nil {
		a.log = slog.Default()
	}
	a.log = slog.New(logctx.LogHandler(a.log.Handler())) // request ids from the context
	mux := http.NewServeMux()
	mux.Handle("/generate", a.only(http.MethodPost, a.authed(a.submit)))
	mux.Handle("/compose", a.only(http.MethodPost, a.authed(a.submit)))
	mux.Handle("/jobs/{job_id}", a.methods(map[string]http.HandlerFunc{ // DELETE: control.go
		http.MethodGet: a.authed(a.job), http.MethodDelete: a.authed(a.deleteJob)}))
	mux.Handle("/jobs/{job_id}/cancel", a.only(http.MethodPost, a.authed(a.cancel)))           // extension: control.go
	mux.Handle("/jobs/{job_id}/edit", a.only(http.MethodPost, a.authed(a.edit)))               // extension: edit.go
	mux.Handle("/jobs", a.only(http.MethodGet, a.authed(a.list)))                              // extension: history.go
	mux.Handle("/collections/{collection_id}", a.only(http.MethodGet, a.authed(a.collection))) // extension: collection.go
	mux.Handle("/healthz", a.only(http.MethodGet, a.health))
	// Documentation and the playground page (openapi.go, playground.go).
	mux.Handle(OpenAPIPath, a.only(http.MethodGet, serveOpenAPI))
	mux.Handle("/{$}", a.only(http.MethodGet, servePlayground))
	mux.Handle(PlaygroundAssets, a.only(http.MethodGet, a.playgroundAsset))
	if opts.Media != nil {
		mux.Handle(embeddedMediaPrefix, opts.Media)
	}
	mux.HandleFunc("/", a.noRoute)
	return a.middleware(a.noRedirects(mux))
}

func (a *api) noRoute(w http.ResponseWriter, r *http.Request) {
	writeError(w, r, a.log, jobs.Errorf(jobs.ENotFound, "No route for %s %s. The API serves POST /generate and GET /jobs/{job_id}.", r.Method, r.URL.Path))
}

// noRedirects answers, in the error shape, the requests net/http's
// ServeMux would redirect with a bare 301: paths that are not clean
// ("//generate", "/jobs/../generate") and a subtree root without its
// slash ("/media"). No route of the API is reached by a redirect.
func (a *api) noRedirects(mux http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		clean := path.Clean(p)
		if strings.HasSuffix(p, "/") && clean != "/" {
			clean += "/"
		}
		if r.Method != http.MethodConnect && (p == "" || p[0] != '/' || clean != p || p == strings.TrimSuffix(embeddedMediaPrefix, "/")) {
			a.noRoute(w, r)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// embeddedMediaPrefix is where Options.Media is served.
const embeddedMediaPrefix = "/media/"

// only allows one method (plus HEAD for GET and CORS preflights).
func (a *api) only(method string, h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == method || (method == http.MethodGet && r.Method == http.MethodHead) {
			h(w, r)
			return
		}
		w.Header().Set("Allow", method)
		writeError(w, r, a.log, jobs.Errorf(jobs.EMethod, "%s %s is not supported; use %s.", r.Method, r.URL.Path, method))
	})
}

// authed authenticates the bearer key before h runs; failures are 401.
func (a *api) authed(h func(http.ResponseWriter, *http.Request, *jobs.APIKey)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token, err := BearerToken(r.Header.Get("Authorization"))
		if err != nil {
			writeError(w, r, a.log, err)
			return
		}
		key, err := a.svc.Authenticate(r.Context(), token)
		if err != nil {
			writeError(w, r, a.log, err)
			return
		}
		noteKey(r, key.ID)
		h(w, r, key)
	}
}

// BearerToken returns the API key of an Authorization header value of the
// form "Bearer <API_KEY>" (the scheme in any case). A missing header or
// another form is EUnauthorized.
func BearerToken(header string) (string, error) {
	header = strings.TrimSpace(header)
	if header == "" {
		return "", jobs.Errorf(jobs.EUnauthorized, "Missing API key. Send it as 'Authorization: Bearer <API_KEY>'.")
	}
	scheme, token, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", jobs.Errorf(jobs.EUnauthorized, "The Authorization header must have the form 'Bearer <API_KEY>'.")
	}
	return strings.TrimSpace(token), nil
}

func (a *api) submit(w http.ResponseWriter, r *http.Request, key *jobs.APIKey) {
	if err := CheckLength(r, a.opts.MaxBodyBytes); err != nil {
		a.refuseBody(w, r, err)
		return
	}
	idem, err := IdempotencyKey(r.Header)
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	sub, err := DecodeSubmit(http.MaxBytesReader(w, r.Body, a.opts.MaxBodyBytes), a.opts.MaxBodyBytes)
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	sub.IdempotencyKey = idem
	if sub.Options.Pieces() > 1 {
		a.submitCollection(w, r, key, sub)
		return
	}
	j, rate, err := a.svc.Submit(r.Context(), key, sub)
	setRateHeaders(w.Header(), rate)
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	noteJob(r, j.ID)
	w.Header().Set("Location", PollPath(j.ID))
	writeJSON(w, http.StatusAccepted, Ack{Message: AckMessage, JobID: j.ID, PollURL: PollPath(j.ID)})
}

func (a *api) job(w http.ResponseWriter, r *http.Request, key *jobs.APIKey) {
	j, rate, err := a.svc.Job(r.Context(), key, r.PathValue("job_id"))
	setRateHeaders(w.Header(), rate)
	if id, perr := jobs.ParseJobID(r.PathValue("job_id")); perr == nil {
		noteJob(r, id)
	}
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	writeJSON(w, http.StatusOK, NewJobBody(j))
}

func (a *api) health(w http.ResponseWriter, r *http.Request) {
	if a.opts.Health != nil {
		if err := a.opts.Health(r); err != nil {
			writeError(w, r, a.log, &jobs.Error{Code: jobs.EUnavailable, Message: "The service is not healthy.", Err: err})
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// IdempotencyHeader is the optional request header that makes a submission
// safe to retry.
const IdempotencyHeader = "Idempotency-Key"

// IdempotencyKey returns the request's Idempotency-Key ("" when absent). A
// header that is present but empty, repeated, or not 1 to 255 printable
// ASCII characters is EInvalid. This is the one place the key is checked
// (jobs.Submission.IdempotencyKey relies on it).
func IdempotencyKey(h http.Header) (string, error) {
	vals, ok := h[IdempotencyHeader]
	if !ok {
		return "", nil
	}
	if len(vals) != 1 {
		return "", jobs.Errorf(jobs.EInvalid, "Send the %s header at most once.", IdempotencyHeader)
	}
	if err := request.ValidateIdempotencyKey(vals[0]); err != nil {
		return "", err
	}
	return vals[0], nil
}

// asError is errors.As for *jobs.Error.
func asError(err error, target **jobs.Error) bool { return errors.As(err, target) }
