package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// extensions are the optional members of a submission beyond the spec's
// prompt (Songsmith extensions; see docs/api.md). Zero members
// are not sent, so a plain Generate sends exactly the spec's body.
type extensions struct {
	Seed       *uint64  `json:"seed,omitempty"`
	Format     string   `json:"format,omitempty"`
	Duration   float64  `json:"duration_seconds,omitempty"`
	BPM        float64  `json:"bpm,omitempty"`
	Key        string   `json:"key,omitempty"`
	Outputs    []string `json:"outputs,omitempty"`
	WebhookURL string   `json:"webhook_url,omitempty"`
	// Issue 20 item 3.
	ExactDuration bool `json:"exact_duration,omitempty"`
	SampleRate    int  `json:"sample_rate,omitempty"`
	// Issue 18 item 3.
	LoudnessLUFS float64 `json:"loudness_lufs,omitempty"`
	// Issue 20 item 2.
	Loop bool `json:"loop,omitempty"`
}

// Audio formats [WithFormat] accepts.
const (
	FormatMP3  = "mp3"
	FormatWAV  = "wav"
	FormatFLAC = "flac"
)

// WithSeed generates with seed (0 to 2^53-1): the same prompt, seed and
// options give the same song. The result's Seed reports the seed used.
func WithSeed(seed uint64) GenerateOption {
	return func(o *generateOptions) { o.ext.Seed = &seed }
}

// WithFormat asks for the audio in format: [FormatMP3], [FormatWAV] or
// [FormatFLAC].
func WithFormat(format string) GenerateOption {
	return func(o *generateOptions) { o.ext.Format = format }
}

// WithDuration asks for a song of about d (10 s to 5 min), overriding any
// length in the prompt.
func WithDuration(d time.Duration) GenerateOption {
	return func(o *generateOptions) { o.ext.Duration = d.Seconds() }
}

// WithExactDuration makes the audio exactly the length [WithDuration] asks
// for, to the sample (WAV, FLAC; MP3 decoders that read its gapless tag),
// still ending on its final cadence: the tempo moves by up to 4 % unless
// [WithBPM] fixes it, and the final chord's ring-out fills the rest.
func WithExactDuration() GenerateOption {
	return func(o *generateOptions) { o.ext.ExactDuration = true }
}

// WithSampleRate asks for the audio (and stems) at rate: 44100 (the
// default) or 48000 (video).
func WithSampleRate(rate int) GenerateOption {
	return func(o *generateOptions) { o.ext.SampleRate = rate }
}

// WithLoudness asks for the mastered song at lufs integrated loudness
// (-31 to -9 LUFS: -23 for EBU R128 broadcast, -16 for podcasts, -14 for
// streaming) instead of its style family's default; the true peak stays at
// or under -1 dBTP, which wins where both cannot hold. Stems stay
// unmastered.
func WithLoudness(lufs float64) GenerateOption {
	return func(o *generateOptions) { o.ext.LoudnessLUFS = lufs }
}

// WithLoop asks for a seamless loop of about [WithDuration] (from 4 s):
// whole bars whose end flows into their start, tails wrapped into the
// beginning, no intro, ending or fades. [Result].LoopEnd gives its length;
// a WAV carries the loop points in its smpl chunk.
func WithLoop() GenerateOption {
	return func(o *generateOptions) { o.ext.Loop = true }
}

// WithBPM asks for an exact tempo (40 to 240), overriding the prompt's.
func WithBPM(bpm float64) GenerateOption {
	return func(o *generateOptions) { o.ext.BPM = bpm }
}

// WithKey asks for a key such as "D minor", "F#" or "A dorian",
// overriding the prompt's.
func WithKey(key string) GenerateOption {
	return func(o *generateOptions) { o.ext.Key = key }
}

// WithStems adds Result.StemsURL: a zip of one 32-bit float WAV per part,
// unmastered, summing to the pre-master mix.
func WithStems() GenerateOption { return withOutput("stems") }

// WithMIDI adds Result.MIDIURL: the score as a Standard MIDI File.
func WithMIDI() GenerateOption { return withOutput("midi") }

// WithTimeline adds Result.TimelineURL: the composed grid as JSON (tempo,
// meter, key, beats and downbeats in seconds, sections, chords and when
// each part plays); decode it into a [Timeline].
func WithTimeline() GenerateOption { return withOutput("timeline") }

func withOutput(out string) GenerateOption {
	return func(o *generateOptions) {
		for _, have := range o.ext.Outputs {
			if have == out {
				return
			}
		}
		o.ext.Outputs = append(o.ext.Outputs, out)
	}
}

// WithWebhook has the service POST the job to webhookURL when it ends,
// signed with the API key's signing secret (verify it with
// [VerifyWebhook]).
func WithWebhook(webhookURL string) GenerateOption {
	return func(o *generateOptions) { o.ext.WebhookURL = webhookURL }
}

// JobPage is one page of [Client.Jobs].
type JobPage struct {
	// Jobs are the key's jobs, newest first, each with its JobID.
	Jobs []*Job
	// NextCursor continues the list; "" on the last page.
	NextCursor string
	// RateLimit is the polling window the request was counted in.
	RateLimit *RateLimit
}

// Jobs lists the key's jobs, newest first, with GET /jobs (a Songsmith
// extension): up to limit (1 to 100; the service's default of 20 when
// 0) starting after cursor ("" for the first page; then the previous
// page's NextCursor).
func (c *Client) Jobs(ctx context.Context, limit int, cursor string) (*JobPage, error) {
	q := url.Values{}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	if cursor != "" {
		q.Set("cursor", cursor)
	}
	path := "/jobs"
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	var w struct {
		Jobs       []*Job `json:"jobs"`
		NextCursor string `json:"next_cursor"`
	}
	h, err := c.do(ctx, &call{start: time.Now(), state: StateRunning}, http.MethodGet, path, nil, nil, true, &w)
	if err != nil {
		return nil, err
	}
	page := &JobPage{Jobs: w.Jobs, NextCursor: w.NextCursor, RateLimit: parseRateLimit(h)}
	return page, nil
}
