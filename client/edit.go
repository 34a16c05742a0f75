package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"time"
)

// Edits (a Songsmith extension): [Client.Edit] makes a new song from a
// completed job's song with some things changed and everything else note
// for note the same. The options below are also accepted by
// [Client.Generate], where they change the song the prompt describes.

// CodeJobFailed is the [APIError].Code of a 409 from [Client.Edit] of a
// job that failed (it has no song). An edit of a running job is a 409
// with Code [CodeJobRunning].
const CodeJobFailed = "job_failed"

// WithIntensity sets the density and energy of the arrangement, 0 (sparse
// and soft) to 1 (busy and loud); 0.5 is the arrangement as composed. The
// lead's notes never change.
func WithIntensity(x float64) GenerateOption {
	return func(o *generateOptions) { o.ext.Intensity = &x }
}

// WithInstrument has the part of role ("lead", "chords", "bass", "pad",
// "arp", "drums", "fx") play instrument ("piano", "flute", ...; a kit
// such as "808" or "brush" for the drums), the same notes.
func WithInstrument(role, instrument string) GenerateOption {
	return func(o *generateOptions) {
		if o.ext.Instruments == nil {
			o.ext.Instruments = map[string]*string{}
		}
		o.ext.Instruments[role] = &instrument
	}
}

// WithMute leaves out the part of role ("drums", "lead", ...).
func WithMute(role string) GenerateOption {
	return func(o *generateOptions) {
		if o.ext.Instruments == nil {
			o.ext.Instruments = map[string]*string{}
		}
		o.ext.Instruments[role] = nil
	}
}

// WithRegenerate asks for new material in the named sections ("bridge"
// names every bridge, "verse 2" the second verse); every other bar stays
// note for note. A section the song does not have fails the job.
func WithRegenerate(sections ...string) GenerateOption {
	return func(o *generateOptions) {
		for _, s := range sections {
			if !slices.Contains(o.ext.Regenerate, s) {
				o.ext.Regenerate = append(o.ext.Regenerate, s)
			}
		}
	}
}

// Edit submits a new job with POST /jobs/{id}/edit (a Songsmith
// extension): the completed job's song with the changes opts name
// ([WithBPM], [WithMusicalKey], [WithDuration], [WithIntensity],
// [WithInstrument], [WithMute], [WithRegenerate]) and its output options
// ([WithFormat], [WithStems], [WithMIDI], [WithTimeline], [WithMusicXML],
// [WithLoop], [WithExactDuration] ...). The new job keeps the source's
// prompt and seed ([WithSeed] is a 400); poll it like any job. It fails
// with an *[APIError] for 400 (an invalid option), 404 (unknown, expired or
// another key's job), 409 with Code [CodeJobRunning] or [CodeJobFailed]
// (the job has no song yet, or none) and, once retries are used up, 429
// and 5xx. Like Generate it sends an Idempotency-Key, so a retry never
// makes two jobs.
func (c *Client) Edit(ctx context.Context, jobID string, opts ...GenerateOption) (*Submission, error) {
	if jobID == "" {
		return nil, errors.New("songsmith: job id is required")
	}
	var o generateOptions
	for _, opt := range opts {
		opt(&o)
	}
	if o.idempotencyKey == "" {
		o.idempotencyKey = newIdempotencyKey()
	}
	body, err := json.Marshal(o.ext)
	if err != nil {
		return nil, fmt.Errorf("songsmith: encode request: %w", err)
	}
	var sub Submission
	header := http.Header{IdempotencyHeader: {o.idempotencyKey}}
	cl := &call{start: time.Now(), jobID: jobID, state: StateSubmitting}
	c.report(cl, 0, nil)
	h, err := c.do(ctx, cl, http.MethodPost, "/jobs/"+url.PathEscape(jobID)+"/edit", body, header, true, &sub)
	if err != nil {
		return nil, err
	}
	sub.RateLimit = parseRateLimit(h)
	return &sub, nil
}
