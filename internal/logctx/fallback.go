package logctx

import (
	"log/slog"
	"time"
)

// Now returns now() in UTC, or the wall clock's time in UTC when now is
// nil: the injected clock of the service, the worker and the webhook
// sender, one fallback for all of them.
func Now(now func() time.Time) time.Time {
	if now != nil {
		return now().UTC()
	}
	return time.Now().UTC()
}

// LoggerOr returns l, or slog.Default() when l is nil: the injected logger
// of the service, the worker, the webhook sender and the queue handlers.
func LoggerOr(l *slog.Logger) *slog.Logger {
	if l != nil {
		return l
	}
	return slog.Default()
}
