// Package recipe is the provenance of a rendered song: the engine version
// (Version), the recipe envelope every completed result carries (the
// resolved plan, seeds, title, sample bank and request options) and its
// SHA-256, and the check POST /generate runs on a submitted recipe.
//
// It is standard library only (plus internal/jobs for error codes), so the
// API Lambdas, which do not link the engine, can check a recipe's version
// at submission; the engine (internal/engine) decodes the plan in the
// worker. The golden-hash test in internal/engine fails when the audio of
// its fixed recipes changes while Version does not.
package recipe

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Version is the engine version: equal versions render a recipe to the
// same samples. Bump it (with the golden hashes of
// internal/engine/golden_test.go) whenever a change alters the audio of a
// recipe.
const Version = "2026.11.28.1"

// NoBank is the Bank of a recipe rendered without a sample bank (every
// part synthesized).
const NoBank = "none"

// Recipe is the resolved request of a song: what the engine needs to
// render it again without the prompt's text.
type Recipe struct {
	EngineVersion string `json:"engine_version"` // Version of the engine that rendered it
	Seed          uint64 `json:"seed"`           // the job's seed (titles number by it)
	SongSeed      Seed64 `json:"song_seed"`      // the seed the composer saw (the job's seed mixed with the prompt)
	Title         string `json:"title"`          // the song's title
	// Bank identifies the sample bank of the recorded parts ("name:bytes",
	// or NoBank): another bank plays other samples.
	Bank string `json:"bank"`
	// Plan is the resolved plan of the song (internal/plan.Plan without
	// its prompt): style, mood, tempo, key, mode, meter, length, the
	// instruments asked for, loop and exact-length flags.
	Plan json.RawMessage `json:"plan"`
	// Options are the request options as POST /generate members (the
	// effective seed and format included; webhook_url and recipe left out).
	Options json.RawMessage `json:"options,omitempty"`
	// Edits are the changes applied in turn to the plan's composition
	// (engine.Edit as JSON: an edited song's chain, and the request's
	// intensity, instruments and regenerate); absent for none.
	Edits json.RawMessage `json:"edits,omitempty"`
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

// Parse reads a recipe as POST /generate receives it. A recipe that is not
// such an object is EInvalid saying it is malformed; one of another engine
// version is EInvalid naming both versions.
func Parse(raw []byte) (*Recipe, error) {
	var r Recipe
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is malformed: it must be the recipe object of a completed result (%s).", describe(err))
	}
	if r.EngineVersion == "" {
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is malformed: it has no 'engine_version'.")
	}
	if r.EngineVersion != Version {
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is of engine version %q; this server runs engine version %q, which may render it differently. Submit the prompt (with its seed and options) instead.", r.EngineVersion, Version)
	}
	if !isObject(r.Plan) {
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is malformed: its 'plan' must be an object.")
	}
	if len(r.Options) > 0 && !isObject(r.Options) {
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is malformed: its 'options' must be an object.")
	}
	if len(r.Edits) > 0 && (r.Edits[0] != '[') {
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is malformed: its 'edits' must be an array.")
	}
	if r.Bank == "" {
		return nil, jobs.Errorf(jobs.EInvalid, "'recipe' is malformed: it has no 'bank'.")
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
		return fmt.Errorf("recipe: song_seed %q is not 16 hex digits", h)
	}
	*s = Seed64(n)
	return nil
}

// SHA256 is the hex SHA-256 of a recipe's bytes as results carry them:
// the provenance the audio files' tags hold.
func SHA256(raw []byte) string {
	h := sha256.Sum256(raw)
	return hex.EncodeToString(h[:])
}

func isObject(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && t[0] == '{'
}

// describe is the part of a decoding error a client can act on.
func describe(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return "member '" + te.Field + "' has the wrong type"
	case errors.As(err, &se):
		return "not valid JSON"
	default:
		return err.Error()
	}
}
