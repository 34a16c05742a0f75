package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/songsmith/songsmith/internal/jobs"
)

// DecodeSubmit reads a POST /generate body: the prompt as sent (the
// service trims and length-checks it) and the extension members (see
// ReadOptions; nil when the body has none). It rejects, with EInvalid: an
// empty body, invalid UTF-8, malformed JSON, anything but one JSON object,
// a missing, null or non-string prompt, an invalid member. A body over
// limit is ETooLarge.
func DecodeSubmit(r io.Reader, limit int64) (jobs.Submission, error) {
	prompt, fields, err := decodeSubmit(r, limit)
	if err != nil {
		return jobs.Submission{}, err
	}
	opts, err := ReadOptions(fields)
	if err != nil {
		return jobs.Submission{}, err
	}
	return jobs.Submission{Prompt: prompt, Options: opts}, nil
}

// tooLarge is the ETooLarge answer of a body over limit bytes.
func tooLarge(limit int64) error {
	return jobs.Errorf(jobs.ETooLarge, "The request body is larger than %d bytes.", limit)
}

// CheckLength refuses, with ETooLarge and before a byte of it is read, a
// request whose declared Content-Length is over limit: the client gets the
// 413 while it still sends, instead of a connection closed under it. A
// body without a length (chunked) is bounded while it is read
// (http.MaxBytesReader).
func CheckLength(r *http.Request, limit int64) error {
	if r.ContentLength > limit {
		return tooLarge(limit)
	}
	return nil
}

// Bounds of the body refuseBody reads and throws away after a 413.
const (
	drainMax     = 32 << 20
	drainTimeout = 5 * time.Second
)

// refuseBody answers err (the 413 of CheckLength) at once, then reads and
// throws away what the client still sends of its body (at most drainMax
// bytes, for at most drainTimeout), so that a client that sends its whole
// body before it reads (no Expect: 100-continue) gets the 413 instead of a
// connection reset under its upload. A client that asked first sends no
// body, and nothing is read.
func (a *api) refuseBody(w http.ResponseWriter, r *http.Request, err error) {
	w.Header().Set("Connection", "close")
	writeError(w, r, a.log, err)
	if r.Header.Get("Expect") != "" || r.Body == nil {
		return
	}
	rc := http.NewResponseController(w)
	_ = rc.Flush()
	_ = rc.SetReadDeadline(time.Now().Add(drainTimeout))
	_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, drainMax))
}

func decodeSubmit(r io.Reader, limit int64) (string, map[string]json.RawMessage, error) {
	body, err := io.ReadAll(r)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) || int64(len(body)) > limit {
		return "", nil, tooLarge(limit)
	} else if err != nil {
		return "", nil, jobs.Errorf(jobs.EInvalid, "The request body could not be read.")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return "", nil, jobs.Errorf(jobs.EInvalid, `The request body is empty. Send a JSON object such as {"prompt": "melancholic lo-fi with dusty piano"}.`)
	}
	if !utf8.Valid(body) {
		return "", nil, jobs.Errorf(jobs.EInvalid, "The request body is not valid UTF-8.")
	}
	var fields map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&fields); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return "", nil, jobs.Errorf(jobs.EInvalid, `The request body must be a JSON object such as {"prompt": "..."}.`)
		}
		return "", nil, jobs.Errorf(jobs.EInvalid, "The request body is not valid JSON.")
	}
	if fields == nil {
		return "", nil, jobs.Errorf(jobs.EInvalid, `The request body must be a JSON object such as {"prompt": "..."}.`)
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", nil, jobs.Errorf(jobs.EInvalid, "The request body must hold exactly one JSON object.")
	}
	raw, ok := fields["prompt"]
	if !ok || string(raw) == "null" {
		return "", nil, jobs.Errorf(jobs.EInvalid, "'prompt' is required and must be a non-empty string.")
	}
	var prompt string
	if err := json.Unmarshal(raw, &prompt); err != nil {
		return "", nil, jobs.Errorf(jobs.EInvalid, "'prompt' must be a string.")
	}
	return prompt, fields, nil
}
