// Package jobs is the domain of Songsmith: jobs, their states and results,
// API keys, the error codes, the ports that adapters implement (JobStore,
// KeyStore, Limiter, Queue, Consumer, Media, Generator) and the Service that
// implements the interface's two operations on top of them. Stdlib only.
package jobs
