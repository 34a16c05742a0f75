package client

import (
	"encoding/json"
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
	// Issue 20 item 5 (recipe.go).
	Recipe json.RawMessage `json:"recipe,omitempty"`
	// Issue 20 item 4 (edit.go).
	Intensity   *float64           `json:"intensity,omitempty"`
	Instruments map[string]*string `json:"instruments,omitempty"`
	Regenerate  []string           `json:"regenerate,omitempty"`
	// Issue 31 item 5 (collection.go).
	Count int `json:"count,omitempty"`
	// Issue 31 item 1 (energy.go).
	Energy json.RawMessage `json:"energy,omitempty"`
	Hits   json.RawMessage `json:"hits,omitempty"`
	// Issue 30 item 1 (chords.go).
	Chords any `json:"chords,omitempty"` // a string, or map[string]string by section
	// Issue 30 item 2 (melody.go).
	Melody *melody `json:"melody,omitempty"`
}

// Audio formats [WithFormat] accepts.
const (
	FormatMP3  = "mp3"
	FormatWAV  = "wav"
	FormatFLAC = "flac"
	FormatOGG  = "ogg" // Ogg Vorbis
)

// WithSeed generates with seed (0 to 2^53-1): the same prompt, seed and
// options give the same song. The result's Seed reports the seed used.
func WithSeed(seed uint64) GenerateOption {
	return func(o *generateOptions) { o.ext.Seed = &seed }
}

// WithFormat asks for the audio in format: [FormatMP3], [FormatWAV],
// [FormatFLAC] or [FormatOGG]. A loop's points travel in WAV (smpl), FLAC
// and Ogg (LOOPSTART/LOOPLENGTH comments); an MP3 loop plays gapless.
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

// WithMusicalKey asks for a musical key such as "D minor", "F#" or
// "A dorian", overriding the prompt's (the request's "key" member; not the
// API key).
func WithMusicalKey(key string) GenerateOption {
	return func(o *generateOptions) { o.ext.Key = key }
}

// WithKey asks for a musical key, as [WithMusicalKey] does.
//
// Deprecated: use WithMusicalKey. WithKey read as the API key; it will be
// removed in the next release allowed to break (see docs/releasing.md).
func WithKey(key string) GenerateOption { return WithMusicalKey(key) }

// WithStems adds Result.StemsURL: a zip of one 32-bit float WAV per part,
// unmastered, summing to the pre-master mix.
func WithStems() GenerateOption { return withOutput("stems") }

// WithMIDI adds Result.MIDIURL: the score as a Standard MIDI File.
func WithMIDI() GenerateOption { return withOutput("midi") }

// WithTimeline adds Result.TimelineURL: the composed grid as JSON (tempo,
// meter, key, beats and downbeats in seconds, sections, chords and when
// each part plays); decode it into a [Timeline].
func WithTimeline() GenerateOption { return withOutput("timeline") }

// WithMusicXML adds Result.MusicXMLURL: the composed score as MusicXML
// 4.0 (one part per instrument, chord symbols, tempo, key and time
// signatures, sections as rehearsal marks), for MuseScore, LilyPond or any
// notation program.
func WithMusicXML() GenerateOption { return withOutput("musicxml") }

// WithLayers adds Result.LayersURL: a zip of the song as 3-4 intensity
// layers (bed, bass, drums, lead; stereo WAVs of the song's length that
// sum to it) and manifest.json (tempo, meter, bars, loop and sync points
// in samples), for adaptive music in a game engine (docs/game-audio.md).
func WithLayers() GenerateOption { return withOutput("layers") }

// WithSegments adds Result.SegmentsURL: a zip of the song's intro, loop
// body and outro as WAVs that join seamlessly, three two-bar stingers in
// its key and tempo, and manifest.json.
func WithSegments() GenerateOption { return withOutput("segments") }

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
