package backend

import (
	"errors"
	"fmt"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// StorageFullRetry is the Retry-After of a StorageFull answer.
const StorageFullRetry = 30 * time.Second

// StorageFull wraps a write that failed for want of space (ENOSPC, EDQUOT)
// as jobs.EUnavailable, retryable, with a Retry-After of StorageFullRetry: the
// write left nothing behind, and the same request succeeds once space is
// freed. errors.Is(err, ErrStorageFull) tells it from other outages.
func StorageFull(err error) *jobs.Error {
	return &jobs.Error{Code: jobs.EUnavailable, RetryAfter: StorageFullRetry,
		Message: "The service's storage is full; nothing was saved. Please retry in a few minutes.",
		Err:     fmt.Errorf("%w: %w", ErrStorageFull, err)}
}

// ErrStorageFull marks (inside an *Error's Err) a write refused because the
// disk or quota holding the service's data is full: errors.Is finds it.
var ErrStorageFull = errors.New("storage full")
