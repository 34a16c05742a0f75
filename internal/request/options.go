package request

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
)

// Limits of the request options (Songsmith extensions to the spec).
const (
	// MaxSeed is the largest seed accepted and returned: 2^53-1, the
	// largest integer a JSON number carries exactly in every client.
	MaxSeed = 1<<53 - 1
	// MinSeconds and MaxSeconds bound duration_seconds (the composer's range).
	MinSeconds, MaxSeconds = 10.0, 300.0
	// MinLoopSeconds is the shortest duration_seconds of a loop.
	MinLoopSeconds = 4.0
	// MinBPM and MaxBPM bound bpm (the composer's range).
	MinBPM, MaxBPM = 40.0, 240.0
	// MinLUFS and MaxLUFS bound loudness_lufs (-23 is EBU R128 broadcast,
	// -16 podcasts, -14 streaming).
	MinLUFS, MaxLUFS = -31.0, -9.0
	// MaxWebhookURLLen is the longest accepted webhook_url.
	MaxWebhookURLLen = 2048
	// MaxCount is the most pieces one POST /generate may ask for
	// (count; issue 31 item 5): each is a job of its own.
	MaxCount = 10
)

// Audio formats a request may ask for.
const (
	FormatMP3  = "mp3"
	FormatWAV  = "wav"
	FormatFLAC = "flac"
	FormatOGG  = "ogg" // Ogg Vorbis
)

// Formats lists the audio formats, the default first.
var Formats = []string{FormatMP3, FormatWAV, FormatFLAC, FormatOGG}

// Extra outputs a request may ask for.
const (
	OutputStems = "stems" // a zip of one WAV per part (jobs.Result.StemsKey)
	OutputMIDI  = "midi"  // the score as a Standard MIDI File (jobs.Result.MIDIKey)
	// OutputTimeline is the composed grid as JSON (jobs.Result.TimelineKey;
	// issue 20 item 1).
	OutputTimeline = "timeline"
	// OutputMusicXML is the composed score as MusicXML 4.0
	// (jobs.Result.MusicXMLKey; issue 30 item 3).
	OutputMusicXML = "musicxml"
	// OutputLayers is the song as intensity layers that sum to it, with a
	// game-audio manifest (jobs.Result.LayersKey; issue 31 item 3).
	OutputLayers = "layers"
	// OutputSegments is the song as intro, loop body and outro that join
	// seamlessly, with the manifest (jobs.Result.SegmentsKey; issue 31 item 3).
	OutputSegments = "segments"
)

// Outputs lists the extra outputs in their canonical order.
var Outputs = []string{OutputStems, OutputMIDI, OutputTimeline, OutputMusicXML, OutputLayers, OutputSegments}

// Options are the optional members of a submission beyond the spec's
// prompt, one field per row of OptionSpecs. A job submitted without any
// has nil Options, and its answers carry nothing beyond the spec. Zero
// fields mean "as the prompt says".
type Options struct {
	Seed       *uint64  // generation seed (0..MaxSeed); from the job id when nil
	Format     string   // audio format; the server's default when ""
	Seconds    float64  // length in seconds, overriding the prompt; 0 = from the prompt
	BPM        float64  // tempo, overriding the prompt; 0 = from the prompt
	Key        string   // key in canonical form ("F# minor", "Bb"); "" = from the prompt
	Outputs    []string // extra outputs, canonical order, no repeats
	WebhookURL string   // where to POST the job when it ends; "" for none

	// Issue 20 item 3 (exact length and sample rate).
	ExactDuration bool    // the audio lasts exactly Seconds (which must be set)
	SampleRate    *uint64 // 44100 or 48000; nil = the engine's 44100
	LoudnessLUFS  float64 // the master's integrated loudness (MinLUFS..MaxLUFS); 0 = the style family's
	Loop          bool    // a seamless loop of about Seconds (whole bars); false = a song

	// Recipe is the recipe of an earlier result (compact JSON object;
	// issue 20 item 5): the song is rendered from it, not from the prompt.
	// jobs.Service.Submit fills the options the request leaves out from the recipe's.
	Recipe json.RawMessage `json:",omitempty" dynamodbav:",omitempty"`
	// Issue 20 item 4 (edits, edit.go): changes to the composed song.
	Intensity   *float64          // 0..1 density and energy of the accompaniment; nil = as composed (0.5)
	Instruments map[string]string // role -> instrument (or kit for drums); "" mutes the role
	Regenerate  []string          // section labels composed anew, canonical (lower case, sorted, no repeats)
	// Energy is the drawn energy (issue 31 item 1): compact JSON, an
	// object of section labels to 0..1 or an array of points; nil = the
	// composer's.
	Energy json.RawMessage `json:",omitempty" dynamodbav:",omitempty"`
	// Hits are hit points (issue 31 item 2): compact JSON, an array of
	// {"at", "kind"} in order of time; nil = none.
	Hits json.RawMessage `json:",omitempty" dynamodbav:",omitempty"`
	// Chords are chord charts by section name (ChordSections; issue 30
	// item 1): ChordsSong for the whole song; nil lets the composer choose.
	Chords map[string]string
	// Melody is the tune a request gives (melody.go; issue 30 item 2):
	// canonical JSON of a tune.Source; nil lets the composer write one.
	Melody json.RawMessage `json:",omitempty" dynamodbav:",omitempty"`
	// Source is the song an edit changes (POST /jobs/{id}/edit): set by
	// jobs.Service.Edit, never read from a request body, so it has no row.
	Source *EditSource

	// Count asks for a collection of that many pieces for one brief
	// (issue 31 item 5, collection.go); nil or 1 for one song (an
	// ordinary job).
	Count *uint64
	// Piece places a job in its collection: set by
	// jobs.Service.SubmitCollection, never read from a request body, so it
	// has no row (and Equal leaves it out: every piece asked the same).
	Piece *Piece `json:",omitempty" dynamodbav:",omitempty"`
}

// SampleRates lists the sample rates a request may ask for, the default first.
var SampleRates = []string{"44100", "48000"}

// Wants reports whether o asks for the extra output out.
func (o *Options) Wants(out string) bool { return o != nil && slices.Contains(o.Outputs, out) }

// Equal reports whether o and p ask for the same thing (nil equals nil
// only), option by option of OptionSpecs.
func (o *Options) Equal(p *Options) bool {
	if o == nil || p == nil {
		return o == p
	}
	for i := range OptionSpecs {
		if !OptionSpecs[i].equal(o, p) {
			return false
		}
	}
	return o.Source.equal(p.Source)
}

// Normalize validates o and puts it in canonical form (a canonical key,
// a lower-case format, outputs in canonical order), option by option of
// OptionSpecs. Any invalid member is an *Error (jobs.EInvalid) with a message naming it.
// The webhook URL is checked for form only here (see jobs.Service.WebhookCheck
// for where it may point).
func (o *Options) Normalize() error {
	if o == nil {
		return nil
	}
	// A song's length first: the row's range starts at a loop's 4 s, and a
	// song of 5 s is told the song's range, not the loop's.
	if !o.Loop && o.Seconds != 0 && o.Seconds < MinSeconds {
		return errorf("'duration_seconds' must be a number from %g to %g (from %g for a 'loop').", MinSeconds, MaxSeconds, MinLoopSeconds)
	}
	for i := range OptionSpecs {
		if err := OptionSpecs[i].normalize(o); err != nil {
			return err
		}
	}
	for i := range OptionSpecs {
		if err := OptionSpecs[i].requires(o); err != nil {
			return err
		}
	}
	return o.combined()
}

// combined checks the rules that join options beyond a row's own range
// and Requires (besides a song's length, checked first by Normalize): a
// loop's length is whole bars, so it cannot also be exact.
func (o *Options) combined() error {
	if o.Loop && o.ExactDuration {
		return errorf("'loop' and 'exact_duration' cannot be combined: a loop lasts whole bars (see loop_end in the result).")
	}
	if o.Loop && len(o.Melody) > 0 {
		return errorf("'loop' and 'melody' cannot be combined: a song with a melody plays the whole tune with an intro and an outro.")
	}
	if err := o.melodyFits(); err != nil {
		return err
	}
	if o.Pieces() > 1 && len(o.Recipe) > 0 {
		return errorf("'count' and 'recipe' cannot be combined: a recipe renders one song (each piece's result has its own).")
	}
	return nil
}

// Key is a musical key: a tonic pitch class and an optional mode.
type Key struct {
	Root int    // pitch class of the tonic, 0 = C .. 11 = B
	Mode string // "major", "minor", "dorian", ...; "" leaves the mode to the prompt
	name string // the tonic as written canonically ("F#", "Bb")
}

// String returns the canonical form: "F# minor", "Bb", "D dorian".
func (k Key) String() string {
	if k.Mode == "" {
		return k.name
	}
	return k.name + " " + k.Mode
}

var keyRE = regexp.MustCompile(`^([A-Ga-g])\s*(#|♯|b|♭|-sharp|-flat| sharp| flat)?\s*(major|minor|maj|min|m|dorian|phrygian|lydian|mixolydian|locrian|aeolian|ionian|harmonic minor)?$`)

var pitchClass = map[string]int{"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}

// ParseKey reads a key such as "D minor", "F#", "Bb major", "Am" or
// "A dorian". Anything else is an *Error (jobs.EInvalid).
func ParseKey(s string) (Key, error) {
	m := keyRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return Key{}, errorf("'key' must name a key such as \"D minor\", \"F# major\", \"Bb\" or \"A dorian\".")
	}
	letter := strings.ToUpper(m[1])
	k := Key{Root: pitchClass[letter], name: letter}
	switch strings.TrimLeft(m[2], " -") {
	case "#", "♯", "sharp":
		k.Root, k.name = (k.Root+1)%12, letter+"#"
	case "b", "♭", "flat":
		k.Root, k.name = (k.Root+11)%12, letter+"b"
	}
	switch m[3] {
	case "major", "maj", "ionian":
		k.Mode = "major"
	case "minor", "min", "m", "aeolian":
		k.Mode = "minor"
	default:
		k.Mode = m[3]
	}
	return k, nil
}
