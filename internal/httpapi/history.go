package httpapi

import (
	"encoding/json"
	"net/http"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// ListItem is one job of a GET /jobs page: the job's body with its id.
type ListItem struct {
	JobID jobs.JobID `json:"job_id"`
	JobBody
}

// ListBody is the body of GET /jobs (a Songsmith extension): the caller's
// jobs, newest first, and the cursor of the next page (absent on the last).
type ListBody struct {
	Jobs       []ListItem `json:"jobs"`
	NextCursor string     `json:"next_cursor,omitempty"`
}

// list answers GET /jobs?limit=&cursor=. Unknown query parameters are
// ignored; a bad limit or cursor is 400.
func (a *api) list(w http.ResponseWriter, r *http.Request, key *jobs.APIKey) {
	q := r.URL.Query()
	limit, err := request.ParseLimit(q.Get("limit"))
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	page, next, rate, err := a.svc.List(r.Context(), key, limit, q.Get("cursor"))
	setRateHeaders(w.Header(), rate)
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	body := ListBody{Jobs: make([]ListItem, 0, len(page)), NextCursor: next}
	for _, j := range page {
		body.Jobs = append(body.Jobs, ListItem{JobID: j.ID, JobBody: NewJobBody(j)})
	}
	writeJSON(w, http.StatusOK, body)
}

// WebhookBody is the body POSTed to a job's webhook_url when it ends: the
// job as GET /jobs lists it (its job_id and the job body).
// The webhook's own delivery state is left out: it changes with every
// attempt, while every attempt carries the same body.
func WebhookBody(j *jobs.Job) ([]byte, error) {
	b := NewJobBody(j)
	b.Webhook = nil
	return json.Marshal(ListItem{JobID: j.ID, JobBody: b})
}
