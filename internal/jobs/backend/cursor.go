package backend

import "github.com/songsmith/songsmith/internal/jobs"

// CursorOf is the position of j in its owner's history: what a store
// sorts a key's history by and encodes into next_cursor.
func CursorOf(j *jobs.Job) jobs.Cursor { return jobs.Cursor{StartedAt: j.StartedAt, ID: j.ID} }
