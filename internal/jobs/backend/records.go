package backend

import (
	"context"
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

// CollectionAdmitter is what an adapter implements beside jobs.Admitter to
// admit collections (POST /generate with count; issue 31 item 5): the
// jobs js (the pieces of one collection, in index order) stored with
// Admit's semantics for each, all or none in one transaction, under the
// caps of lim: a key that cannot take every one is ETooManyJobs
// (TooManyJobs) and nothing is stored; the idempotency record, when idem
// is not "", names js[0], and a repeated idempotent submission stores
// nothing and returns the first job the earlier one created (Created
// false). jobs.Service finds the method on its Admitter.
type CollectionAdmitter interface {
	AdmitCollection(ctx context.Context, js []*jobs.Job, idem string, lim jobs.Limits) (jobs.Admission, error)
}
