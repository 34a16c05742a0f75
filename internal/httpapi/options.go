package httpapi

import (
	"encoding/json"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// ReadOptions reads the extension members of a submission's body, one per
// row of request.OptionSpecs (marked x-songsmith-extension in openapi.json).
// A member that is absent or null is not set; when none is set the options
// are nil, so a spec-only submission stays a spec-only job. A member of the
// wrong type or out of range is EInvalid naming the member. Unknown members
// are ignored, as the spec's clients may send fields this service does not
// know. The options returned are normalized.
func ReadOptions(fields map[string]json.RawMessage) (*jobs.Options, error) {
	var o jobs.Options
	set := false
	for i := range request.OptionSpecs {
		spec := &request.OptionSpecs[i]
		raw, ok := fields[spec.Name]
		if !ok || string(raw) == "null" {
			continue
		}
		set = true
		if err := spec.ReadJSON(&o, raw); err != nil {
			return nil, err
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
