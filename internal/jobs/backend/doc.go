// Package backend is what the backend adapters (the job stores of
// internal/dynamo and internal/embedded, and any new one: docs/backends.md)
// share besides the ports of package jobs: the errors a store answers
// with (their codes are jobs' error table, their wording is written once
// here).
package backend
