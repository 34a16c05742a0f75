package httpapi

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Extension members of a POST /generate body (Songsmith additions to the
// spec, marked x-songsmith-extension in openapi.json).
const (
	MemberSeed     = "seed"
	MemberFormat   = "format"
	MemberDuration = "duration_seconds"
	MemberBPM      = "bpm"
	MemberKey      = "key"
	MemberOutputs  = "outputs"
	MemberWebhook  = "webhook_url"
	// Issue 20 item 3.
	MemberExactDuration = "exact_duration"
	MemberSampleRate    = "sample_rate"
	// Issue 20 item 2.
	MemberLoop = "loop"
)

// ReadOptions reads the extension members of a submission's body. A member
// that is absent or null is not set; when none is set the options are nil,
// so a spec-only submission stays a spec-only job. A member of the wrong
// type is EInvalid naming the member (ranges are checked by
// jobs.Options.Normalize). Unknown members are ignored, as the spec's
// clients may send fields this service does not know.
func ReadOptions(fields map[string]json.RawMessage) (*jobs.Options, error) {
	var o jobs.Options
	set := false
	has := func(name string) (json.RawMessage, bool) {
		raw, ok := fields[name]
		if !ok || string(raw) == "null" {
			return nil, false
		}
		set = true
		return raw, true
	}
	if raw, ok := has(MemberSeed); ok {
		n, err := strconv.ParseUint(strings.TrimSpace(string(raw)), 10, 64)
		if err != nil || n > jobs.MaxSeed {
			return nil, jobs.Errorf(jobs.EInvalid, "'seed' must be an integer from 0 to %d.", uint64(jobs.MaxSeed))
		}
		o.Seed = &n
	}
	for _, m := range []struct {
		name string
		dst  *string
	}{{MemberFormat, &o.Format}, {MemberKey, &o.Key}, {MemberWebhook, &o.WebhookURL}} {
		if raw, ok := has(m.name); ok {
			if err := json.Unmarshal(raw, m.dst); err != nil || *m.dst == "" {
				return nil, jobs.Errorf(jobs.EInvalid, "'%s' must be a non-empty string.", m.name)
			}
		}
	}
	o.Format = strings.ToLower(o.Format)
	for _, m := range []struct {
		name string
		dst  *float64
	}{{MemberDuration, &o.Seconds}, {MemberBPM, &o.BPM}} {
		if raw, ok := has(m.name); ok {
			if err := json.Unmarshal(raw, m.dst); err != nil || *m.dst == 0 {
				return nil, jobs.Errorf(jobs.EInvalid, "'%s' must be a positive number.", m.name)
			}
		}
	}
	if raw, ok := has(MemberOutputs); ok {
		if err := json.Unmarshal(raw, &o.Outputs); err != nil {
			return nil, jobs.Errorf(jobs.EInvalid, "'outputs' must be an array of strings such as [\"stems\", \"midi\"].")
		}
	}
	// Issue 20 item 3: exact length and sample rate.
	if raw, ok := has(MemberExactDuration); ok {
		if err := json.Unmarshal(raw, &o.ExactDuration); err != nil {
			return nil, jobs.Errorf(jobs.EInvalid, "'exact_duration' must be true or false.")
		}
	}
	if raw, ok := has(MemberSampleRate); ok {
		if err := json.Unmarshal(raw, &o.SampleRate); err != nil {
			return nil, jobs.Errorf(jobs.EInvalid, "'sample_rate' must be 44100 or 48000.")
		}
	}
	// Issue 20 item 2: seamless loops.
	if raw, ok := has(MemberLoop); ok {
		if err := json.Unmarshal(raw, &o.Loop); err != nil {
			return nil, jobs.Errorf(jobs.EInvalid, "'loop' must be true or false.")
		}
	}
	if !set {
		return nil, nil
	}
	if err := o.Normalize(); err != nil {
		return nil, err
	}
	return &o, nil
}
