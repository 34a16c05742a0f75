package backend

import (
	"crypto/subtle"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// SameSubmission reports whether o is j as first created: the same id,
// owner, prompt, start and expiry. A store uses it to tell a retried create
// (a no-op) from a collision of ids (EConflict).
func SameSubmission(j, o *jobs.Job) bool {
	return j.ID == o.ID && j.Owner == o.Owner && j.Prompt == o.Prompt &&
		j.StartedAt.Equal(o.StartedAt) && j.ExpiresAt.Equal(o.ExpiresAt) && j.Options.Equal(o.Options)
}

// SameKey reports whether o is k as first stored: the same id and secret
// hash. A store uses it to tell a retried create (a no-op) from a collision.
func SameKey(k, o *jobs.APIKey) bool {
	return k.ID == o.ID && subtle.ConstantTimeCompare(k.Hash, o.Hash) == 1
}

// SortKey is the history order of position c as a string that sorts
// the same way: fixed-width UTC start time, then the id.
func SortKey(c jobs.Cursor) string {
	return c.StartedAt.UTC().Format("20060102T150405.000000000Z") + "#" + string(c.ID)
}

// Heavy reports whether a job with options o asks for the expensive
// outputs that Limits.MaxActiveStems bounds: stems (one WAV per part) and
// layers (every part rendered again, as for stems).
func Heavy(o *jobs.Options) bool {
	return o != nil && (o.Wants(request.OutputStems) || o.Wants(request.OutputLayers))
}
