package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeLayout is the wire format of started_at and finished_at, always UTC.
const TimeLayout = "2006-01-02 15:04:05"

// Job status values. Completed and failed are terminal.
const (
	StatusRunning   = "running"
	StatusCompleted = "completed"
	StatusFailed    = "failed"
)

// Submission is the service's acknowledgement of POST /generate.
type Submission struct {
	// Message is a human-readable confirmation.
	Message string `json:"message"`
	// JobID identifies the new job; pass it to [Client.Job] or [Client.Wait].
	JobID string `json:"job_id"`
	// PollURL is the job's path relative to the base URL: /jobs/{JobID}.
	PollURL string `json:"poll_url"`
	// RateLimit is the submission rate window this request was counted in;
	// nil when the service sent no RateLimit headers.
	RateLimit *RateLimit `json:"-"`
}

// Job is the state of one generation job.
type Job struct {
	// JobID is the id the job was read with; it is not part of the wire body.
	JobID string
	// Status is StatusRunning, StatusCompleted or StatusFailed.
	Status string
	// Prompt is the prompt that was submitted.
	Prompt string
	// Result is set only when Status is StatusCompleted.
	Result *Result
	// Error may describe the failure when Status is StatusFailed.
	Error *string
	// StartedAt is when the job began processing (UTC, second precision).
	StartedAt time.Time
	// FinishedAt is when the job completed or failed; nil while running.
	FinishedAt *time.Time
	// Webhook is the delivery state of the job's webhook (a Songsmith
	// extension); nil for a job submitted without [WithWebhook].
	Webhook *WebhookState
	// EditedFrom is the id of the job this job edits ([Client.Edit]; a
	// Songsmith extension); "" for a job that is not an edit.
	EditedFrom string
	// CollectionID is the collection this job is a piece of
	// ([Client.GenerateMany]; a Songsmith extension), and CollectionIndex
	// its place from 0; "" and nil for a job that is no piece.
	CollectionID    string
	CollectionIndex *int
	// RateLimit is the polling rate window this read was counted in; nil
	// when the service sent no RateLimit headers. Not part of the body.
	RateLimit *RateLimit
}

// Webhook delivery states ([WebhookState].Status).
const (
	WebhookPending   = "pending"   // not attempted yet
	WebhookDelivered = "delivered" // the receiver answered 2xx
	WebhookRetrying  = "retrying"  // an attempt failed; another follows
	WebhookParked    = "parked"    // the receiver keeps failing; deliveries wait for it
	WebhookFailed    = "failed"    // given up after the last attempt
)

// WebhookState is the delivery state of a job's webhook ([Job].Webhook;
// docs/webhooks.md).
type WebhookState struct {
	// Status is WebhookPending, WebhookDelivered, WebhookRetrying,
	// WebhookParked or WebhookFailed.
	Status string `json:"status"`
	// Attempts is the number of delivery attempts made so far.
	Attempts int `json:"attempts"`
	// LastError says why the last attempt failed; "" when none did.
	LastError string `json:"last_error,omitempty"`
}

// Done reports whether the job reached a terminal status.
func (j *Job) Done() bool {
	return j.Status == StatusCompleted || j.Status == StatusFailed
}

// Err returns a *[JobError] when the job failed and nil otherwise.
func (j *Job) Err() error {
	if j.Status != StatusFailed {
		return nil
	}
	e := &JobError{JobID: j.JobID}
	if j.Error != nil {
		e.Message = *j.Error
	}
	return e
}

// UnmarshalJSON decodes the wire form of a job.
func (j *Job) UnmarshalJSON(data []byte) error {
	var w struct {
		Status     string        `json:"status"`
		Prompt     string        `json:"prompt"`
		Result     *Result       `json:"result"`
		Error      *string       `json:"error"`
		StartedAt  string        `json:"started_at"`
		FinishedAt *string       `json:"finished_at"`
		JobID      string        `json:"job_id"` // in GET /jobs pages and webhooks (extensions)
		Webhook    *WebhookState `json:"webhook"`
		EditedFrom string        `json:"edited_from"`
		Collection string        `json:"collection_id"`
		Index      *int          `json:"collection_index"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	if w.JobID == "" {
		w.JobID = j.JobID
	}
	*j = Job{JobID: w.JobID, Status: w.Status, Prompt: w.Prompt, Result: w.Result, Error: w.Error, Webhook: w.Webhook,
		EditedFrom: w.EditedFrom, CollectionID: w.Collection, CollectionIndex: w.Index}
	if w.StartedAt != "" {
		t, err := parseTime(w.StartedAt)
		if err != nil {
			return fmt.Errorf("started_at: %w", err)
		}
		j.StartedAt = t
	}
	if w.FinishedAt != nil && *w.FinishedAt != "" {
		t, err := parseTime(*w.FinishedAt)
		if err != nil {
			return fmt.Errorf("finished_at: %w", err)
		}
		j.FinishedAt = &t
	}
	return nil
}

// parseTime reads the wire time format, and RFC 3339 for robustness.
func parseTime(s string) (time.Time, error) {
	if t, err := time.ParseInLocation(TimeLayout, s, time.UTC); err == nil {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("time %q is not in the form %q", s, TimeLayout)
	}
	return t.UTC(), nil
}

// JobError is a job that ended with status failed.
type JobError struct {
	// JobID identifies the failed job.
	JobID string
	// Message is the service's description of the failure; may be empty.
	Message string
}

// Error implements error.
func (e *JobError) Error() string {
	msg := "songsmith: job " + e.JobID + " failed"
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// Result is what a completed job produced.
type Result struct {
	// Title is the generated song title.
	Title string
	// BPM is the tempo in beats per minute.
	BPM float64
	// Duration is the song length in seconds. The wire carries either a
	// number of seconds or an "m:ss" string; both decode here.
	Duration float64
	// SongURL is the direct, time-limited URL of the audio file.
	SongURL string
	// ImageURL is the direct, time-limited URL of the cover art.
	ImageURL string
	// Tags are comma-separated descriptive tags.
	Tags string
	// The members below are Songsmith extensions, set only for jobs
	// submitted with an extension option (WithSeed, WithFormat ...).

	// Seed is the seed the song was generated with.
	Seed *uint64
	// Format is the audio format of SongURL: mp3, wav, flac or ogg.
	Format string
	// StemsURL is the direct, time-limited URL of the stems zip
	// ([WithStems]).
	StemsURL string
	// MIDIURL is the direct, time-limited URL of the MIDI file
	// ([WithMIDI]).
	MIDIURL string
	// TimelineURL is the direct, time-limited URL of the timeline
	// document ([WithTimeline]).
	TimelineURL string
	// MusicXMLURL is the direct, time-limited URL of the MusicXML score
	// ([WithMusicXML]).
	MusicXMLURL string
	// LayersURL is the direct, time-limited URL of the intensity layers
	// zip ([WithLayers]).
	LayersURL string
	// SegmentsURL is the direct, time-limited URL of the intro, body and
	// outro zip ([WithSegments]).
	SegmentsURL string
	// LoopStart and LoopEnd are the loop points in seconds of a loop
	// ([WithLoop]); nil otherwise.
	LoopStart, LoopEnd *float64
	// EngineVersion, Recipe and License are in every completed result:
	// the engine's version, the recipe that renders this song again
	// ([WithRecipe]; its JSON text, so that a Result stays comparable)
	// and the licence of its files.
	EngineVersion string
	Recipe        string
	License       *License
	// Measured is what the service's analysis heard in the song: tempo,
	// key, loudness, true peak, length and audible end against what was
	// asked.
	Measured *Measured
}

// Length returns Duration as a [time.Duration].
func (r *Result) Length() time.Duration {
	return time.Duration(r.Duration * float64(time.Second))
}

// UnmarshalJSON decodes the wire form of a result.
func (r *Result) UnmarshalJSON(data []byte) error {
	var w struct {
		Title    string          `json:"title"`
		BPM      float64         `json:"bpm"`
		Duration json.RawMessage `json:"duration"`
		SongURL  string          `json:"song_url"`
		ImageURL string          `json:"image_url"`
		Tags     string          `json:"tags"`
		Seed     *uint64         `json:"seed"`
		Format   string          `json:"format"`
		StemsURL string          `json:"stems_url"`
		MIDIURL  string          `json:"midi_url"`
		Timeline string          `json:"timeline_url"`
		MusicXML string          `json:"musicxml_url"`
		Layers   string          `json:"layers_url"`
		Segments string          `json:"segments_url"`
		LoopS    *float64        `json:"loop_start"`
		LoopE    *float64        `json:"loop_end"`
		EngineV  string          `json:"engine_version"`
		Recipe   json.RawMessage `json:"recipe"`
		License  *License        `json:"license"`
		Measured *Measured       `json:"measured"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	d, err := parseDuration(w.Duration)
	if err != nil {
		return fmt.Errorf("duration: %w", err)
	}
	*r = Result{Title: w.Title, BPM: w.BPM, Duration: d, SongURL: w.SongURL, ImageURL: w.ImageURL, Tags: w.Tags,
		Seed: w.Seed, Format: w.Format, StemsURL: w.StemsURL, MIDIURL: w.MIDIURL, TimelineURL: w.Timeline,
		MusicXMLURL: w.MusicXML, LayersURL: w.Layers, SegmentsURL: w.Segments, LoopStart: w.LoopS, LoopEnd: w.LoopE, EngineVersion: w.EngineV, Recipe: string(w.Recipe), License: w.License,
		Measured: w.Measured}
	return nil
}

// parseDuration reads a duration given as a JSON number of seconds or as a
// string: "m:ss", "h:mm:ss" or a number of seconds.
func parseDuration(raw json.RawMessage) (float64, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return 0, nil
	}
	if raw[0] != '"' {
		var secs float64
		if err := json.Unmarshal(raw, &secs); err != nil {
			return 0, err
		}
		return secs, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return 0, err
	}
	s = strings.TrimSpace(s)
	if secs, err := strconv.ParseFloat(s, 64); err == nil {
		return secs, nil
	}
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, fmt.Errorf("%q is not in the form m:ss", s)
	}
	var total float64
	for i, p := range parts {
		v, err := strconv.ParseFloat(p, 64)
		if err != nil || v < 0 || p == "" {
			return 0, fmt.Errorf("%q is not in the form m:ss", s)
		}
		if i > 0 && v >= 60 {
			return 0, fmt.Errorf("%q has a field of 60 or more", s)
		}
		total = total*60 + v
	}
	return total, nil
}
