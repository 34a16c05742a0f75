// Package backend is what the backend adapters (the job stores of
// internal/dynamo and internal/embedded, and any new one: docs/backends.md)
// share besides the ports of package jobs: the errors a store answers
// with (their codes are jobs' error table, their wording is written once
// here), how a store tells a retried create from a collision
// (SameSubmission, SameKey), the order it keeps a key's history in
// (CursorOf, SortKey), and which jobs count against the stems cap (Heavy).
package backend
