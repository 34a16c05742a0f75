package request

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// OptionType is the JSON type of a request option's value.
type OptionType string

// The JSON types a request option may have, and the Go type of the
// Options field each one is held in (the zero value means "not set").
const (
	TypeInteger OptionType = "integer" // *uint64: a whole number in Min..Max (and in Enum, when set)
	TypeNumber  OptionType = "number"  // float64 (0 is "not set") or *float64 (0 allowed): a number in Min..Max
	TypeString  OptionType = "string"  // string: one of Enum, or any up to MaxLen characters
	TypeStrings OptionType = "array"   // []string: items from Enum, kept in Enum's order, no repeats
	TypeBoolean OptionType = "boolean" // bool: false is "not set"
	// TypeObject is a JSON object: json.RawMessage (any object, kept
	// compact; nil is "not set"), or map[string]string (members named from
	// Keys, each a string from Enum or null, held as ""; nil or empty is
	// "not set").
	TypeObject OptionType = "object"
)

// OptionSpec is one row of the table of request options: a member of the
// POST /generate body beyond the spec's prompt. The HTTP decoder reads
// members through it (ReadOption), Options.Normalize and Options.Equal
// run over it, and tests check the OpenAPI document, the SDK, the CLI
// flags and the playground form against it.
type OptionSpec struct {
	Name        string     // JSON member name
	Type        OptionType // JSON type (fixes the Go type of Field's result)
	Min, Max    float64    // range of an integer or number
	Enum        []string   // allowed values of a string, of an array's items or of an object's members; nil: any
	Keys        []string   // allowed member names of an object
	MaxItems    int        // most items of an array, or members of an object (0: no limit)
	MaxLen      int        // longest string (0: no limit beyond the body's)
	Default     string     // what an absent member means, in words
	Description string     // one line, for CLI flags and forms
	// Requires names another option this one needs: setting this one
	// without it is an *Error (jobs.EInvalid) (exact_duration needs duration_seconds).
	Requires string
	// Canon puts a string value in canonical form (before Enum is
	// checked), or returns the *Error that names the member.
	Canon func(string) (string, error)
	// Array lets an object option (json.RawMessage) be an array too;
	// OnlyArray makes it an array and no object.
	Array, OnlyArray bool
	// Check validates a json.RawMessage value and returns its canonical
	// form, or the *Error that names the member; nil: any object.
	Check func(json.RawMessage) (json.RawMessage, error)
	// Field returns a pointer to o's field for this option, of the Go
	// type that Type names (*uint64 is a **uint64, float64 a *float64 ...).
	Field func(o *Options) any
}

// OptionSpecs is the table of request options, in the order members are
// read and checked (the first invalid one is the one reported).
var OptionSpecs = []OptionSpec{
	{Name: "seed", Type: TypeInteger, Min: 0, Max: MaxSeed,
		Default:     "derived from the job id",
		Description: "generation seed: the same prompt, seed and options give the same song",
		Field:       func(o *Options) any { return &o.Seed }},
	{Name: "format", Type: TypeString, Enum: Formats,
		Default:     "the server's (SONGSMITH_AUDIO_FORMAT, mp3)",
		Description: "audio format of song_url (case-insensitive)",
		Canon:       func(s string) (string, error) { return strings.ToLower(s), nil },
		Field:       func(o *Options) any { return &o.Format }},
	{Name: "duration_seconds", Type: TypeNumber, Min: MinLoopSeconds, Max: MaxSeconds,
		Default:     "from the prompt",
		Description: "length of the song in seconds (10 to 300; a loop's from 4), overriding the prompt",
		Field:       func(o *Options) any { return &o.Seconds }},
	{Name: "bpm", Type: TypeNumber, Min: MinBPM, Max: MaxBPM,
		Default:     "from the prompt",
		Description: "exact tempo, overriding the prompt",
		Field:       func(o *Options) any { return &o.BPM }},
	{Name: "key", Type: TypeString,
		Default:     "from the prompt",
		Description: `musical key such as "D minor", "F#" or "A dorian", overriding the prompt`,
		Canon: func(s string) (string, error) {
			k, err := ParseKey(s)
			return k.String(), err
		},
		Field: func(o *Options) any { return &o.Key }},
	{Name: "outputs", Type: TypeStrings, Enum: Outputs,
		Default:     "none",
		Description: "extra files: stems (a zip of one WAV per part), midi (the score)",
		Field:       func(o *Options) any { return &o.Outputs }},
	{Name: "webhook_url", Type: TypeString, MaxLen: MaxWebhookURLLen,
		Default:     "none",
		Description: "URL the service POSTs the job to when it ends",
		Field:       func(o *Options) any { return &o.WebhookURL }},
	{Name: "exact_duration", Type: TypeBoolean, Requires: "duration_seconds",
		Default:     "false: the length is rounded to whole bars",
		Description: "make the audio exactly duration_seconds long, to the sample, still ending on its cadence",
		Field:       func(o *Options) any { return &o.ExactDuration }},
	{Name: "loudness_lufs", Type: TypeNumber, Min: MinLUFS, Max: MaxLUFS,
		Default:     "the style family's (-19 to -14 LUFS)",
		Description: "integrated loudness of the mastered song in LUFS (-23 broadcast, -16 podcasts, -14 streaming); true peak stays at or under -1 dBTP",
		Field:       func(o *Options) any { return &o.LoudnessLUFS }},
	{Name: "loop", Type: TypeBoolean,
		Default:     "false: a song with an intro and an ending",
		Description: "make a seamless loop of about duration_seconds: whole bars, tails wrapped into the start, no intro, ending or fades",
		Field:       func(o *Options) any { return &o.Loop }},
	{Name: "sample_rate", Type: TypeInteger, Min: 44100, Max: 48000, Enum: SampleRates,
		Default:     "44100",
		Description: "sample rate of the audio and stems, in Hz: 44100 or 48000 (video)",
		Field:       func(o *Options) any { return &o.SampleRate }},
	// Issue 20 item 5: a recipe (internal/recipe) renders its song again.
	{Name: "recipe", Type: TypeObject,
		Default:     "none: the song is made from the prompt",
		Description: "the recipe of an earlier result: renders the identical song (same engine_version); other options given here change it",
		Field:       func(o *Options) any { return &o.Recipe }},
	// Edits (issue 20 item 4, edit.go): also accepted by POST /generate,
	// where they change the song the rest of the request describes.
	{Name: "intensity", Type: TypeNumber, Min: 0, Max: 1,
		Default:     "0.5: the arrangement as composed",
		Description: "density and energy of the accompaniment, 0 (sparse, soft) to 1 (busy, loud); the lead's notes stay",
		Field:       func(o *Options) any { return &o.Intensity }},
	{Name: "instruments", Type: TypeObject, Keys: EditRoles, Enum: EditInstruments, MaxItems: len(EditRoles),
		Default:     "the composer's",
		Description: `a part's instrument by role, or null to mute it: {"lead": "piano", "drums": null} (drums take a kit: "808", "brush" ...)`,
		Field:       func(o *Options) any { return &o.Instruments }},
	{Name: "regenerate", Type: TypeStrings, MaxLen: 32, MaxItems: 16,
		Default:     "none",
		Description: `sections to compose anew, by label ("bridge", "chorus", "verse 2"); every other bar stays note for note`,
		Field:       func(o *Options) any { return &o.Regenerate }},
	// Issue 31 item 5: a collection of pieces for one brief (collection.go).
	{Name: "count", Type: TypeInteger, Min: 1, Max: MaxCount,
		Default:     "1: one song",
		Description: "how many pieces to make for this brief (1 to 10): each a job of its own that differs in key, tempo, groove and melody, listed together as a collection",
		Field:       func(o *Options) any { return &o.Count }},
	// Issue 31 item 1 (energy.go): the energy drawn per section or along the song.
	{Name: "energy", Type: TypeObject, Array: true, Check: checkEnergy,
		Default:     "the composer's",
		Description: `energy 0..1 per section ({"verse": 0.4, "chorus": 1}) or a curve of points ([{"bar": 1, "value": 0.2}, {"at": 30, "value": 1}])`,
		Field:       func(o *Options) any { return &o.Energy }},
	// Issue 31 item 2 (energy.go): hit points landed on downbeats.
	{Name: "hits", Type: TypeObject, OnlyArray: true, Check: checkHits,
		Default:     "none",
		Description: `moments to land on a downbeat, in seconds: [{"at": 42.3, "kind": "drop"}] (kinds drop, stop, accent, end); the tempo moves up to 8 % to land them`,
		Field:       func(o *Options) any { return &o.Hits }},
	chordsRow,
	melodyRow,
}

// OptionSpecNamed returns the row of the option called name.
func OptionSpecNamed(name string) (OptionSpec, bool) {
	i := slices.IndexFunc(OptionSpecs, func(s OptionSpec) bool { return s.Name == name })
	if i < 0 {
		return OptionSpec{}, false
	}
	return OptionSpecs[i], true
}

// ReadJSON decodes the member's raw JSON value (not null) into o. A value
// of the wrong type is an *Error (jobs.EInvalid) naming the member; ranges and allowed
// values are left to Normalize.
func (s *OptionSpec) ReadJSON(o *Options, raw json.RawMessage) error {
	ok := false
	switch p := s.Field(o).(type) {
	case **uint64:
		n, err := strconv.ParseUint(string(bytes.TrimSpace(raw)), 10, 64)
		if ok = err == nil && n >= uint64(s.Min) && n <= uint64(s.Max); ok {
			*p = &n
		}
	case *float64:
		ok = json.Unmarshal(raw, p) == nil && *p != 0
	case **float64:
		var x float64
		if ok = json.Unmarshal(raw, &x) == nil; ok {
			*p = &x
		}
	case *bool:
		ok = json.Unmarshal(raw, p) == nil
	case *string:
		ok = json.Unmarshal(raw, p) == nil && *p != ""
	case *[]string:
		ok = json.Unmarshal(raw, p) == nil
	case *json.RawMessage:
		var c bytes.Buffer
		if ok = json.Compact(&c, raw) == nil && c.Len() > 0 && (c.Bytes()[0] == '{' && !s.OnlyArray || (s.Array || s.OnlyArray) && c.Bytes()[0] == '['); ok {
			*p = c.Bytes()
		}
	case *map[string]string:
		if s.Name == "chords" {
			return s.readChords(p, raw)
		}
		return s.readObject(p, raw)
	default:
		panic(s.badField(p))
	}
	if !ok {
		return s.typeError()
	}
	return nil
}

// typeError is the *Error for a value of the wrong type.
func (s *OptionSpec) typeError() error {
	switch s.Type {
	case TypeInteger:
		return s.rangeError()
	case TypeNumber:
		if s.Min > 0 {
			return errorf("'%s' must be a positive number.", s.Name)
		}
		return s.rangeError()
	case TypeStrings:
		if s.Enum == nil {
			return errorf("'%s' must be an array of strings.", s.Name)
		}
		return errorf("'%s' must be an array of strings such as [\"%s\"].", s.Name, strings.Join(s.Enum, `", "`))
	case TypeBoolean:
		return errorf("'%s' must be true or false.", s.Name)
	case TypeObject:
		if s.OnlyArray {
			return errorf("'%s' must be a JSON array.", s.Name)
		}
		if s.Array {
			return errorf("'%s' must be a JSON object or array.", s.Name)
		}
		if len(s.Keys) == 0 {
			return errorf("'%s' must be a JSON object.", s.Name)
		}
		return errorf("'%s' must be an object such as {\"%s\": \"%s\"}.", s.Name, s.Keys[0], s.Enum[0])
	default:
		return errorf("'%s' must be a non-empty string.", s.Name)
	}
}

// rangeError is the one *Error of a value out of the option's
// range; an integer with a list of allowed values (sample_rate) names the
// list, whatever the value was, so every route answers one message.
func (s *OptionSpec) rangeError() error {
	if s.Type == TypeInteger && s.Enum != nil {
		return s.enumError()
	}
	if s.Type == TypeInteger {
		return errorf("'%s' must be an integer from %d to %d.", s.Name, uint64(s.Min), uint64(s.Max))
	}
	return errorf("'%s' must be a number from %g to %g.", s.Name, s.Min, s.Max)
}

// enumError is the *Error of a value not among the allowed ones.
func (s *OptionSpec) enumError() error {
	return errorf("'%s' must be one of %s.", s.Name, strings.Join(s.Enum, ", "))
}

// normalize checks o's value of this option and puts it in canonical form.
func (s *OptionSpec) normalize(o *Options) error {
	switch p := s.Field(o).(type) {
	case **uint64:
		if *p != nil && (**p < uint64(s.Min) || **p > uint64(s.Max)) {
			return s.rangeError()
		}
		if *p != nil && s.Enum != nil && !slices.Contains(s.Enum, strconv.FormatUint(**p, 10)) {
			return s.enumError()
		}
	case *float64:
		if *p != 0 && !(*p >= s.Min && *p <= s.Max) {
			return s.rangeError()
		}
	case **float64:
		if *p != nil && !(**p >= s.Min && **p <= s.Max) {
			return s.rangeError()
		}
	case *bool:
	case *string:
		if *p == "" {
			return nil
		}
		if s.Canon != nil {
			v, err := s.Canon(*p)
			if err != nil {
				return err
			}
			*p = v
		}
		if s.Enum != nil && !slices.Contains(s.Enum, *p) {
			return errorf("'%s' must be one of %s.", s.Name, strings.Join(s.Enum, ", "))
		}
		if s.MaxLen > 0 && len(*p) > s.MaxLen {
			return errorf("'%s' is longer than %d characters.", s.Name, s.MaxLen)
		}
	case *[]string:
		if s.Enum == nil {
			return s.normalizeLabels(p)
		}
		for _, v := range *p {
			if !slices.Contains(s.Enum, v) {
				return errorf("'%s' may hold only %s.", s.Name, strings.Join(s.Enum, ", "))
			}
		}
		var canon []string
		for _, v := range s.Enum {
			if slices.Contains(*p, v) {
				canon = append(canon, v)
			}
		}
		*p = canon
	case *json.RawMessage:
		if s.Check != nil && len(*p) > 0 {
			v, err := s.Check(*p)
			if err != nil {
				return err
			}
			*p = v
		}
	case *map[string]string:
		if s.Name == "chords" {
			return normalizeChords(p)
		}
		return s.normalizeObject(p)
	default:
		panic(s.badField(p))
	}
	return nil
}

// set reports whether o holds a value of this option.
func (s *OptionSpec) set(o *Options) bool { return !s.equal(o, &Options{}) }

// requires checks that o, holding this option, also holds the one it
// Requires.
func (s *OptionSpec) requires(o *Options) error {
	if s.Requires == "" || !s.set(o) {
		return nil
	}
	if r, ok := OptionSpecNamed(s.Requires); ok && !r.set(o) {
		return errorf("'%s' needs '%s'.", s.Name, s.Requires)
	}
	return nil
}

// equal reports whether o and p hold the same value of this option.
func (s *OptionSpec) equal(o, p *Options) bool {
	switch a := s.Field(o).(type) {
	case **uint64:
		b := s.Field(p).(**uint64)
		return (*a == nil) == (*b == nil) && (*a == nil || **a == **b)
	case *float64:
		return *a == *s.Field(p).(*float64)
	case **float64:
		b := s.Field(p).(**float64)
		return (*a == nil) == (*b == nil) && (*a == nil || **a == **b)
	case *bool:
		return *a == *s.Field(p).(*bool)
	case *string:
		return *a == *s.Field(p).(*string)
	case *[]string:
		return slices.Equal(*a, *s.Field(p).(*[]string))
	case *json.RawMessage:
		return bytes.Equal(*a, *s.Field(p).(*json.RawMessage))
	case *map[string]string:
		return maps.Equal(*a, *s.Field(p).(*map[string]string))
	default:
		panic(s.badField(a))
	}
}

func (s *OptionSpec) badField(p any) string {
	return fmt.Sprintf("jobs: option %q: Field returns %T, not a type of OptionType %q", s.Name, p, s.Type)
}
