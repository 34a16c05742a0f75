package app

import (
	"net/http"

	"github.com/songsmith/songsmith/internal/embedded"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Backend is one set of adapters behind the ports.
type Backend struct {
	Jobs     jobs.JobStore
	Keys     jobs.KeyStore
	Limiter  jobs.Limiter
	Queue    jobs.Queue
	Consumer jobs.Consumer // pull side for local workers
	// DeadLetters, when set, is consumed by local workers: every message in
	// it marks its job failed (the SQS dead-letter queue on the aws backend).
	DeadLetters jobs.Consumer
	Media       jobs.Media
	// MediaHandler serves media URLs under /media/ (embedded backend only;
	// on AWS the URLs point at S3).
	MediaHandler http.Handler
	// Embedded is the local database when the backend is embedded (used
	// by the janitor that removes expired jobs and their media).
	Embedded *embedded.Store
	// Close releases the backend's resources.
	Close func() error
}
