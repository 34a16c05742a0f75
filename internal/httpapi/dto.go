package httpapi

import (
	"encoding/json"
	"strings"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/delivery"
)

// SubmitRequest is the body of POST /generate.
type SubmitRequest struct {
	Prompt string `json:"prompt"`
}

// Ack is the body of the 202 answer to POST /generate.
type Ack struct {
	Message string     `json:"message"`
	JobID   jobs.JobID `json:"job_id"`
	PollURL string     `json:"poll_url"`
}

// JobBody is the body of GET /jobs/{job_id}. Result and Error are always
// present (null when not applicable); FinishedAt only once terminal.
type JobBody struct {
	Status     jobs.Status `json:"status"`
	Prompt     string      `json:"prompt"`
	Result     *ResultBody `json:"result"`
	Error      *string     `json:"error"`
	StartedAt  string      `json:"started_at"`
	FinishedAt string      `json:"finished_at,omitempty"`
	// Webhook is the delivery state of the job's webhook: an extension,
	// present only for jobs submitted with a webhook_url.
	Webhook *WebhookStateBody `json:"webhook,omitempty"`
	// EditedFrom is the job this one edits (POST /jobs/{job_id}/edit): an
	// extension, present only for edits.
	EditedFrom jobs.JobID `json:"edited_from,omitempty"`
	// CollectionID and CollectionIndex place a piece of a collection
	// (POST /generate with count; collection.go): an extension, present
	// only for pieces.
	CollectionID    string `json:"collection_id,omitempty"`
	CollectionIndex *int   `json:"collection_index,omitempty"`
}

// WebhookStateBody is the webhook member of a job body.
type WebhookStateBody struct {
	Status    delivery.Status `json:"status"`
	Attempts  int             `json:"attempts"`
	LastError string          `json:"last_error,omitempty"`
}

// ResultBody is the result object of a completed job. Duration is a number
// of seconds (our choice where the spec allows either form).
type ResultBody struct {
	Title    string  `json:"title"`
	BPM      float64 `json:"bpm"`
	Duration float64 `json:"duration"`
	SongURL  string  `json:"song_url"`
	ImageURL string  `json:"image_url"`
	Tags     string  `json:"tags"`
	// Extensions, present only for jobs submitted with extension members.
	Seed     *uint64 `json:"seed,omitempty"`
	Format   string  `json:"format,omitempty"`
	StemsURL string  `json:"stems_url,omitempty"`
	MIDIURL  string  `json:"midi_url,omitempty"`
	// TimelineURL: outputs ["timeline"] (docs/api-extensions.md).
	TimelineURL string `json:"timeline_url,omitempty"`
	// MusicXMLURL: outputs ["musicxml"] (docs/api-extensions.md).
	MusicXMLURL string `json:"musicxml_url,omitempty"`
	// LayersURL, SegmentsURL: outputs ["layers"], ["segments"]
	// (docs/game-audio.md).
	LayersURL   string `json:"layers_url,omitempty"`
	SegmentsURL string `json:"segments_url,omitempty"`
	// LoopStart and LoopEnd: loop (seconds; the WAV's smpl chunk has them
	// in frames).
	LoopStart *float64 `json:"loop_start,omitempty"`
	LoopEnd   *float64 `json:"loop_end,omitempty"`
	// Provenance of every completed result (issue 20 items 5 and 7;
	// docs/api-extensions.md): additions to the spec's six members.
	EngineVersion string          `json:"engine_version,omitempty"`
	Recipe        json.RawMessage `json:"recipe,omitempty"`
	License       *LicenseBody    `json:"license,omitempty"`
	// Measured is what the analysis heard in the song (issue 30 item 4):
	// in every completed result since it was added.
	Measured *MeasuredBody `json:"measured,omitempty"`
}

// LicenseBody is the license member of a result: the licence of the
// song's files.
type LicenseBody struct {
	ID          string `json:"id"`  // SPDX identifier or LicenseRef-...
	URL         string `json:"url"` // the terms
	Attribution string `json:"attribution"`
	Warranty    string `json:"warranty"`
}

// NewLicenseBody is the wire form of l (nil for nil).
func NewLicenseBody(l *jobs.License) *LicenseBody {
	if l == nil {
		return nil
	}
	return &LicenseBody{ID: l.ID, URL: l.URL, Attribution: l.Attribution, Warranty: l.Warranty}
}

// NewJobBody converts a job to its wire form.
func NewJobBody(j *jobs.Job) JobBody {
	b := JobBody{Status: j.Status, Prompt: j.Prompt, StartedAt: j.StartedAt.UTC().Format(TimeFormat)}
	if w := delivery.Of(j.Options != nil && j.Options.WebhookURL != "", j.Webhook); w != nil {
		b.Webhook = &WebhookStateBody{Status: w.Status, Attempts: w.Attempts, LastError: w.LastError}
	}
	if o := j.Options; o != nil && o.Source != nil {
		b.EditedFrom = jobs.JobID(o.Source.JobID)
	}
	if o := j.Options; o != nil && o.Piece != nil {
		i := o.Piece.Index
		b.CollectionID, b.CollectionIndex = o.Piece.CollectionID, &i
	}
	if j.Status.Terminal() {
		b.FinishedAt = j.FinishedAt.UTC().Format(TimeFormat)
	}
	switch {
	case j.Status == jobs.StatusCompleted && j.Result != nil:
		r := j.Result
		b.Result = &ResultBody{Title: r.Title, BPM: r.BPM, Duration: r.Duration,
			SongURL: r.SongURL, ImageURL: r.ImageURL, Tags: strings.Join(r.Tags, ", "),
			EngineVersion: r.EngineVersion, Recipe: r.Recipe, License: NewLicenseBody(r.License),
			Measured: NewMeasuredBody(r.Measured)}
		if j.Options != nil && r.Format != "" {
			seed := r.Seed
			b.Result.Seed, b.Result.Format, b.Result.StemsURL, b.Result.MIDIURL = &seed, r.Format, r.StemsURL, r.MIDIURL
			b.Result.TimelineURL, b.Result.MusicXMLURL = r.TimelineURL, r.MusicXMLURL
			b.Result.LayersURL, b.Result.SegmentsURL = r.LayersURL, r.SegmentsURL
			if r.LoopEnd > 0 {
				start, end := 0.0, r.LoopEnd
				b.Result.LoopStart, b.Result.LoopEnd = &start, &end
			}
		}
	case j.Status == jobs.StatusFailed:
		msg := j.Error
		if msg == "" {
			msg = "Generation failed."
		}
		b.Error = &msg
	}
	return b
}

// PollPath returns the relative polling path of a job.
func PollPath(id jobs.JobID) string { return "/jobs/" + string(id) }
