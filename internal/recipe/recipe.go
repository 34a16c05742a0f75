// Package recipe is the provenance of a rendered song: the engine version
// (Version), the recipe envelope every completed result carries and its
// SHA-256, and the check POST /generate runs on a submitted recipe.
//
// A recipe is the engine's Request (internal/engine) in a versioned
// envelope: the resolved plan, the seeds, the title, the edits and the
// master settings, as public JSON (snake_case members, the key written as
// in requests, 64-bit seeds as 16 hex digits; docs/api.md, "The recipe
// object"). Request, Plan and Edit below are that wire form;
// engine.EncodeRequest and engine.DecodeRequest convert, and a round-trip
// test there proves no field of the engine's Request is dropped.
//
// Check validates a recipe field by field (bounds.go) with the bounds of
// the request options (request.OptionSpecs) and the catalogue's names
// (names.go), so a recipe can ask for no more than a request can. It is
// standard library only (plus internal/jobs for error codes and the
// options table), so the API Lambdas, which do not link the engine, check
// a recipe at submission. The golden-hash test in internal/engine fails
// when the audio of its fixed recipes changes while Version does not.
package recipe

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Version is the engine version: equal versions render a recipe to the
// same samples. Bump it (with the golden hashes of
// internal/engine/golden_test.go) whenever a change alters the audio of a
// recipe.
const Version = "2026.11.29.5"

// Format is the version of the recipe's JSON shape (its members), apart
// from the engine's: format 1 (no recipe_format member) held the plan as
// Go field names and is refused with a message saying so.
const Format = 2

// NoBank is the Bank of a recipe rendered without a sample bank (every
// part synthesized).
const NoBank = "none"

// Recipe is the envelope of a song's Request: what the engine needs to
// render it again without the prompt's text, with the versions and the
// sample bank that render it the same.
type Recipe struct {
	RecipeFormat  int    `json:"recipe_format"`  // Format
	EngineVersion string `json:"engine_version"` // Version of the engine that rendered it
	// Bank identifies the sample bank of the recorded parts ("name:bytes",
	// or NoBank): another bank plays other samples.
	Bank string `json:"bank"`
	Request
	// Options are the request options as POST /generate members (the
	// effective seed and format included; webhook_url and recipe left
	// out): what the song was asked with. A request with the recipe takes
	// the ones it leaves out from here (the format, sample rate, outputs).
	Options json.RawMessage `json:"options,omitempty"`
}

// Request is the song itself: engine.Request as JSON.
type Request struct {
	Seed     uint64 `json:"seed"`      // the job's seed (titles number by it), 0..request.MaxSeed
	SongSeed Seed64 `json:"song_seed"` // the seed the composer draws from (the job's seed mixed with the prompt)
	Title    string `json:"title"`     // the song's title
	Plan     Plan   `json:"plan"`      // the resolved plan
	// LoudnessLUFS is the master's loudness target (the loudness_lufs
	// option); absent for the style family's.
	LoudnessLUFS float64 `json:"loudness_lufs,omitempty"`
	// Edits change the composed plan in turn (an edited song's chain, and
	// the request's intensity, instruments and regenerate).
	Edits []Edit `json:"edits,omitempty"`
}

// Plan is a resolved plan (internal/plan.Plan without its prompt).
type Plan struct {
	Style         string   `json:"style"`                    // the style, a name of the catalogue (Styles)
	Colour        string   `json:"colour,omitempty"`         // a second style colouring the first
	Only          bool     `json:"only,omitempty"`           // the named instruments are the whole band
	Texture       string   `json:"texture,omitempty"`        // a bed under the song (an instrument)
	Mood          string   `json:"mood"`                     // one of Moods
	BPM           float64  `json:"bpm"`                      // the tempo (the bpm option's range)
	ExplicitBPM   bool     `json:"explicit_bpm,omitempty"`   // the tempo was asked for and is kept exactly
	Tempo         string   `json:"tempo,omitempty"`          // a tempo feel (Tempos)
	Seconds       float64  `json:"duration_seconds"`         // the length (the duration_seconds option's range)
	ExactDuration bool     `json:"exact_duration,omitempty"` // the audio lasts exactly duration_seconds
	Loop          bool     `json:"loop,omitempty"`           // a seamless loop
	Key           string   `json:"key"`                      // "A-flat minor": tonic and mode, as the key option reads it
	Instruments   []string `json:"instruments,omitempty"`    // instruments asked for, in order
	Without       []string `json:"without,omitempty"`        // instruments excluded
	NoDrums       bool     `json:"no_drums,omitempty"`       // no drums
	Meter         int      `json:"meter,omitempty"`          // beats in a bar asked for: 3, 4 or 6; 0 for the style's
	Featured      []string `json:"featured,omitempty"`       // instruments cast in leading roles
	Acoustic      bool     `json:"acoustic,omitempty"`       // no synthesized parts
	NoLead        bool     `json:"no_lead,omitempty"`        // no melody
	Vocal         bool     `json:"vocal,omitempty"`          // the lead plays a vocal line
	Words         []string `json:"words,omitempty"`          // the prompt's other content words (titles draw on them)
	// Chords are the chord charts the request gave, by section name
	// ("song" for the whole song's), as the chords option holds them.
	Chords map[string]string `json:"chords,omitempty"`
	// Melody is the tune the request gave, as the melody option holds it
	// ({"abc": ...} or {"midi": ..., "track": n}, "transpose").
	Melody json.RawMessage `json:"melody,omitempty"`
}

// Edit is one change of a composed song (internal/edit.Change), in the
// members of the request options that ask for it.
type Edit struct {
	BPM           float64            `json:"bpm,omitempty"`              // the new tempo
	Key           string             `json:"key,omitempty"`              // the new key ("D", "E-flat minor")
	Seconds       float64            `json:"duration_seconds,omitempty"` // the new length
	ExactDuration bool               `json:"exact_duration,omitempty"`   // make the length exact
	Loop          bool               `json:"loop,omitempty"`             // make the song a seamless loop
	Intensity     *float64           `json:"intensity,omitempty"`        // 0..1; absent keeps it
	Instruments   map[string]*string `json:"instruments,omitempty"`      // role -> instrument or kit; null mutes
	Regenerate    []string           `json:"regenerate,omitempty"`       // section labels composed anew
	Energy        json.RawMessage    `json:"energy,omitempty"`           // the drawn energy: labels to 0..1, or points
	Hits          json.RawMessage    `json:"hits,omitempty"`             // hit points: [{"at": seconds, "kind": "drop"}]
	// Chords are chord charts by section the edit plays sections over.
	Chords map[string]string `json:"chords,omitempty"`
}

// Marshal returns r as compact JSON, the form results carry and SHA256
// hashes.
func (r *Recipe) Marshal() (json.RawMessage, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// Parse reads and checks a recipe as POST /generate receives it. A recipe
// that is not such an object is EInvalid saying it is malformed; one of
// another format or engine version is EInvalid naming both; one with a
// field out of bounds is EInvalid naming the field (Validate).
func Parse(raw []byte) (*Recipe, error) {
	var head struct {
		RecipeFormat  json.RawMessage `json:"recipe_format"`
		EngineVersion json.RawMessage `json:"engine_version"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is malformed: it must be the recipe object of a completed result (%s).", describe(err))
	}
	if len(head.EngineVersion) == 0 {
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is malformed: it has no 'engine_version'.")
	}
	if f := string(head.RecipeFormat); f != strconv.Itoa(Format) {
		if f == "" {
			f = "1"
		}
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is of recipe format %s; this server reads recipe format %d (snake_case members, docs/api.md). Submit the prompt (with its seed and options) again for a recipe of this format.", f, Format)
	}
	var r Recipe
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is malformed: it must be the recipe object of a completed result (%s).", describe(err))
	}
	if r.EngineVersion != Version {
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is of engine version %q; this server runs engine version %q, which may render it differently. Submit the prompt (with its seed and options) instead.", r.EngineVersion, Version)
	}
	if err := Validate(&r); err != nil {
		return nil, err
	}
	return &r, nil
}

// Check is the jobs.Service RecipeCheck: Parse, keeping only the error.
func Check(raw []byte) error {
	_, err := Parse(raw)
	return err
}

// Seed64 is a 64-bit seed, written as a string of 16 hex digits: a JSON
// number carries integers exactly only up to 2^53 in most clients
// (JavaScript's, Python's json with floats), and a recipe must come back
// bit for bit.
type Seed64 uint64

// MarshalJSON writes the seed as "0123456789abcdef".
func (s Seed64) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`"%016x"`, uint64(s))), nil
}

// UnmarshalJSON reads a seed written by MarshalJSON.
func (s *Seed64) UnmarshalJSON(b []byte) error {
	var h string
	if err := json.Unmarshal(b, &h); err != nil {
		return err
	}
	n, err := strconv.ParseUint(h, 16, 64)
	if err != nil || len(h) != 16 {
		return fmt.Errorf("%w: %q", errNotHex, h)
	}
	*s = Seed64(n)
	return nil
}

// errNotHex is a song_seed that is not 16 hex digits.
var errNotHex = errors.New("'song_seed' must be 16 hex digits")

// SHA256 is the hex SHA-256 of a recipe's bytes as results carry them:
// the provenance the audio files' tags hold.
func SHA256(raw []byte) string {
	h := sha256.Sum256(raw)
	return hex.EncodeToString(h[:])
}

// describe is the part of a decoding error a client can act on.
func describe(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return "member '" + strings.TrimPrefix(te.Field, "Request.") + "' has the wrong type"
	case errors.Is(err, errNotHex):
		return err.Error()
	case errors.As(err, &se):
		return "not valid JSON"
	default:
		return err.Error()
	}
}
