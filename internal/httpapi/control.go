package httpapi

import (
	"net/http"
	"slices"
	"strings"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Job controls (extensions): POST /jobs/{job_id}/cancel and
// DELETE /jobs/{job_id}.

// cancel answers 202 with the job when this request cancelled it, 200
// with the job when it was cancelled before; 409 (job_finished) when it
// had completed or failed otherwise.
func (a *api) cancel(w http.ResponseWriter, r *http.Request, key *jobs.APIKey) {
	if id, err := jobs.ParseJobID(r.PathValue("job_id")); err == nil {
		noteJob(r, id)
	}
	j, changed, rate, err := a.svc.Cancel(r.Context(), key, r.PathValue("job_id"))
	setRateHeaders(w.Header(), rate)
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	status := http.StatusOK
	if changed {
		status = http.StatusAccepted
	}
	writeJSON(w, status, NewJobBody(j))
}

// deleteJob answers 204 once a finished job's media and record are gone;
// 409 (job_running) for a running job.
func (a *api) deleteJob(w http.ResponseWriter, r *http.Request, key *jobs.APIKey) {
	if id, err := jobs.ParseJobID(r.PathValue("job_id")); err == nil {
		noteJob(r, id)
	}
	rate, err := a.svc.Delete(r.Context(), key, r.PathValue("job_id"))
	setRateHeaders(w.Header(), rate)
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// methods routes one path by method (HEAD goes to GET); any other method
// is 405 with an Allow header listing them.
func (a *api) methods(hs map[string]http.HandlerFunc) http.Handler {
	var allow []string
	for m := range hs {
		allow = append(allow, m)
	}
	slices.Sort(allow)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m := r.Method
		if m == http.MethodHead {
			m = http.MethodGet
		}
		if h, ok := hs[m]; ok {
			h(w, r)
			return
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		writeError(w, r, a.log, jobs.Errorf(jobs.EMethod, "%s %s is not supported; use %s.", r.Method, r.URL.Path, strings.Join(allow, " or ")))
	})
}
