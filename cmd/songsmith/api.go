package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/spf13/pflag"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs/delivery"
)

// apiOpts are the flags of every command that calls the API.
type apiOpts struct {
	url, key string
	jsonOut  bool
	quiet    bool
	timeout  time.Duration
}

func (o *apiOpts) bind(fs *pflag.FlagSet, waits bool) {
	fs.StringVar(&o.url, "url", "", "base URL of the API (default $"+client.EnvURL+", else "+client.DefaultBaseURL+")")
	fs.StringVar(&o.key, "key", "", "API key (default $"+client.EnvAPIKey+")")
	fs.BoolVar(&o.jsonOut, "json", false, "print the result as JSON on stdout")
	fs.BoolVarP(&o.quiet, "quiet", "q", false, "no progress and no summary; print only the essential line (a path or id)")
	if waits {
		fs.DurationVar(&o.timeout, "timeout", 15*time.Minute, "give up waiting after this long (0 = never); the job may still finish")
	}
}

// sdkOptions are added to every SDK client the commands make; tests use it
// to skip the waits between retries.
var sdkOptions []client.Option

// cliRetry is the commands' retry policy: more patient than the SDK's
// default, since a command shows every wait and its cause as it happens
// (the progress line) and `generate` may wait many minutes anyway. A
// request that keeps failing with 5xx answers gives up after about a
// minute (1, 2, 4, 8, 16, 32 s, or the server's Retry-After six times),
// one that keeps drawing 429s without Retry-After after 195 s (5 s
// doubling to 60 s); a Retry-After of up to 5 minutes is waited for.
var cliRetry = client.RetryPolicy{MaxRetries: 6, MaxRetryAfter: 5 * time.Minute}

// client returns an SDK client for the flags and the environment, and the
// base URL it uses. It fails early, without a request, on a missing key or
// a URL without http(s)://.
func (o *apiOpts) client(progress func(client.Progress)) (*client.Client, string, error) {
	base, key := o.url, o.key
	if base == "" {
		base = client.BaseURLFromEnv()
	}
	if key == "" {
		key = client.APIKeyFromEnv()
	}
	opts := []client.Option{client.WithUserAgent("songsmith-cli/" + versionString()), client.WithRetry(cliRetry)}
	if progress != nil {
		opts = append(opts, client.WithProgress(progress))
	}
	opts = append(opts, sdkOptions...)
	c := client.New(base, key, opts...)
	if err := c.Check(); err != nil {
		return nil, base, explain(err, base)
	}
	return c, base, nil
}

// withTimeout applies --timeout to ctx.
func (o *apiOpts) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	if o.timeout > 0 {
		return context.WithTimeout(ctx, o.timeout)
	}
	return context.WithCancel(ctx)
}

// jobJSON is the job as the API sends it (its result is the wire type of
// internal/httpapi), plus its id and the files the CLI wrote.
type jobJSON struct {
	JobID      string              `json:"job_id"`
	Status     string              `json:"status"`
	Prompt     string              `json:"prompt"`
	Result     *httpapi.ResultBody `json:"result"`
	Error      *string             `json:"error"`
	StartedAt  string              `json:"started_at,omitempty"`
	FinishedAt *string             `json:"finished_at,omitempty"`
	// Webhook is the delivery state of the job's webhook, as the API
	// sends it; absent for a job without one.
	Webhook *httpapi.WebhookStateBody `json:"webhook,omitempty"`
	// EditedFrom is the job this one edits, for an edit.
	EditedFrom string `json:"edited_from,omitempty"`
	// CollectionID and CollectionIndex place a piece of a collection
	// (generate --count).
	CollectionID    string     `json:"collection_id,omitempty"`
	CollectionIndex *int       `json:"collection_index,omitempty"`
	Files           *filesJSON `json:"files,omitempty"`
}

// filesJSON names the files written for a job.
type filesJSON struct {
	Song     string `json:"song"`
	Cover    string `json:"cover"`
	Stems    string `json:"stems,omitempty"`    // the stems zip, when the job has one
	MIDI     string `json:"midi,omitempty"`     // the MIDI file, when the job has one
	Timeline string `json:"timeline,omitempty"` // the timeline JSON, when the job has one
	MusicXML string `json:"musicxml,omitempty"` // the MusicXML score, when the job has one
	Layers   string `json:"layers,omitempty"`   // the layers zip, when the job has one
	Segments string `json:"segments,omitempty"` // the segments zip, when the job has one
	JSON     string `json:"json"`
}

func toJSON(j *client.Job) *jobJSON {
	out := &jobJSON{JobID: j.JobID, Status: j.Status, Prompt: j.Prompt, Error: j.Error, EditedFrom: j.EditedFrom,
		CollectionID: j.CollectionID, CollectionIndex: j.CollectionIndex}
	if w := j.Webhook; w != nil {
		out.Webhook = &httpapi.WebhookStateBody{Status: delivery.Status(w.Status), Attempts: w.Attempts, LastError: w.LastError}
	}
	if !j.StartedAt.IsZero() {
		out.StartedAt = j.StartedAt.Format(client.TimeLayout)
	}
	if j.FinishedAt != nil {
		s := j.FinishedAt.Format(client.TimeLayout)
		out.FinishedAt = &s
	}
	if r := j.Result; r != nil {
		out.Result = &httpapi.ResultBody{Title: r.Title, BPM: r.BPM, Duration: r.Duration, SongURL: r.SongURL, ImageURL: r.ImageURL, Tags: r.Tags,
			Seed: r.Seed, Format: r.Format, StemsURL: r.StemsURL, MIDIURL: r.MIDIURL, TimelineURL: r.TimelineURL,
			MusicXMLURL: r.MusicXMLURL, LayersURL: r.LayersURL, SegmentsURL: r.SegmentsURL, LoopStart: r.LoopStart, LoopEnd: r.LoopEnd}
		provenanceJSON(out.Result, r)
		out.Result.Measured = measuredJSON(r.Measured)
	}
	return out
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// summary is the human description of a job.
func summary(j *client.Job) string {
	switch {
	case j.Result != nil:
		r := j.Result
		return fmt.Sprintf("%q · %.0f bpm · %s · %s", r.Title, r.BPM, clock(r.Length()), r.Tags)
	case j.Canceled():
		return fmt.Sprintf("Cancelled: job %s was stopped before it finished (songsmith jobs cancel); no files were kept", j.JobID)
	case j.Status == client.StatusFailed && j.Error != nil:
		return fmt.Sprintf("job %s failed: %s", j.JobID, *j.Error)
	default:
		return fmt.Sprintf("job %s is %s (started %s UTC)", j.JobID, j.Status, j.StartedAt.Format(client.TimeLayout))
	}
}

// clock formats d as m:ss.
func clock(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
