package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"unicode/utf8"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Edits (issue 20 item 4): POST /jobs/{job_id}/edit makes a new job from a
// completed one; its body holds the request options to change (any row of
// request.OptionSpecs but seed), and may be empty.

// edit answers 202 with the new job's acknowledgement, as /generate does;
// 409 (job_running, job_failed) for a source that has no song yet, 404 for
// one that is not the key's or has expired.
func (a *api) edit(w http.ResponseWriter, r *http.Request, key *jobs.APIKey) {
	if err := CheckLength(r, a.opts.MaxBodyBytes); err != nil {
		a.refuseBody(w, r, err)
		return
	}
	idem, err := IdempotencyKey(r.Header)
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	if id, err := jobs.ParseJobID(r.PathValue("job_id")); err == nil {
		noteJob(r, id)
	}
	opts, err := DecodeEdit(http.MaxBytesReader(w, r.Body, a.opts.MaxBodyBytes), a.opts.MaxBodyBytes)
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	j, rate, err := a.svc.Edit(r.Context(), key, r.PathValue("job_id"), opts, idem)
	setRateHeaders(w.Header(), rate)
	if err != nil {
		writeError(w, r, a.log, err)
		return
	}
	w.Header().Set("Location", PollPath(j.ID))
	writeJSON(w, http.StatusAccepted, Ack{Message: AckMessage, JobID: j.ID, PollURL: PollPath(j.ID)})
}

// DecodeEdit reads a POST /jobs/{job_id}/edit body: one JSON object of
// request options (see ReadOptions), or nothing (the same song again). A
// prompt is EInvalid: an edit keeps its source's.
func DecodeEdit(r io.Reader, limit int64) (*jobs.Options, error) {
	body, err := io.ReadAll(r)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) || int64(len(body)) > limit {
		return nil, tooLarge(limit)
	} else if err != nil {
		return nil, jobs.Errorf(jobs.EInvalid, "The request body could not be read.")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, nil
	}
	if !utf8.Valid(body) {
		return nil, jobs.Errorf(jobs.EInvalid, "The request body is not valid UTF-8.")
	}
	var fields map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&fields); err != nil || fields == nil {
		return nil, jobs.Errorf(jobs.EInvalid, `The request body must be a JSON object of the options to change, such as {"bpm": 96, "key": "E minor"}.`)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, jobs.Errorf(jobs.EInvalid, "The request body must hold exactly one JSON object.")
	}
	if _, ok := fields["prompt"]; ok {
		return nil, jobs.Errorf(jobs.EInvalid, "'prompt' cannot be edited: an edit keeps its source's prompt; POST /generate makes a new song.")
	}
	if _, ok := fields["count"]; ok {
		return nil, jobs.Errorf(jobs.EInvalid, "'count' cannot be edited: an edit makes one song; edit each piece of a collection on its own.")
	}
	return ReadOptions(fields)
}
