package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/songsmith/songsmith/internal/jobs/measured"
	"io"
	"os"
	"time"
)

// Limiter counts requests per bucket in fixed windows.
type Limiter interface {
	// Allow records one request for bucket in the window of length window
	// that contains now, and reports whether the count is within limit.
	// When it is not, RetryAfter says when the window resets.
	Allow(ctx context.Context, bucket string, limit int, window time.Duration, now time.Time) (Decision, error)
}

// Decision is a rate limiter's answer.
type Decision struct {
	Allowed    bool
	Remaining  int           // requests left in this window
	Reset      time.Duration // until the window resets
	RetryAfter time.Duration // until the window resets (set when not allowed)
}

// Queue hands accepted jobs to workers. Delivery is at least once.
type Queue interface {
	// Enqueue schedules a job for generation.
	Enqueue(ctx context.Context, id JobID) error
}

// Delivery is one received queue message.
type Delivery struct {
	JobID   JobID
	Receipt string // adapter-specific handle for Ack and Release
	// Attempt is the generation attempt this delivery runs, from 1. A
	// queue that can tell (the embedded one) does not count attempts cut
	// short by a process crash; SQS counts every receive.
	Attempt int
	// Received counts the message's deliveries, this one included (crash-
	// interrupted ones too); 0 means the same as Attempt.
	Received int
}

// Receives returns how many times the message was delivered, this
// delivery included.
func (d Delivery) Receives() int { return max(d.Received, d.Attempt) }

// Consumer is the pull side of a Queue, used by the local workers (and by
// `songsmith serve --backend aws`); on Lambda, SQS pushes batches instead.
type Consumer interface {
	// Receive waits up to wait for at most max deliveries. A received
	// message is hidden from other receivers until it is acked, released
	// or its visibility timeout passes.
	Receive(ctx context.Context, max int, wait time.Duration) ([]Delivery, error)
	// Ack removes a delivered message for good.
	Ack(ctx context.Context, d Delivery) error
	// Release makes a delivered message visible again after delay.
	Release(ctx context.Context, d Delivery, delay time.Duration) error
}

// Interrupter is implemented by a Consumer that can tell an attempt cut
// short (a shutdown cancelled it) from a failed one: Interrupt returns the
// message to the queue at once without counting its attempt. Consumers
// without it get Release with no delay.
type Interrupter interface {
	Interrupt(ctx context.Context, d Delivery) error
}

// Media stores generated files and makes time-limited URLs for them.
type Media interface {
	// PutMedia stores body (size bytes) under key, replacing any old object.
	PutMedia(ctx context.Context, key, contentType string, body io.Reader, size int64) error
	// MediaURL returns an absolute URL that downloads key without an API key
	// until ttl has passed. It does not check that the object exists.
	MediaURL(ctx context.Context, key string, ttl time.Duration) (string, error)
	// DeleteMedia removes key; removing a missing key is not an error.
	DeleteMedia(ctx context.Context, key string) error
}

// File is one generated file: in memory (Data), or, when large (stems),
// in a temporary file (Path) that its consumer removes (Remove).
type File struct {
	Data        []byte
	Path        string // when set, the content is this file and Data is unused
	ContentType string
	Ext         string // file extension without dot: mp3, wav, png
}

// Open returns the file's content and size. The reader is also an
// io.Seeker (S3 uploads over plain HTTP need one to checksum the body).
func (f *File) Open() (io.ReadCloser, int64, error) {
	if f.Path == "" {
		return seekCloser{bytes.NewReader(f.Data)}, int64(len(f.Data)), nil
	}
	r, err := os.Open(f.Path)
	if err != nil {
		return nil, 0, err
	}
	st, err := r.Stat()
	if err != nil {
		r.Close()
		return nil, 0, err
	}
	return r, st.Size(), nil
}

// Empty reports whether the file has no content.
func (f *File) Empty() bool {
	if f == nil {
		return true
	}
	if f.Path == "" {
		return len(f.Data) == 0
	}
	st, err := os.Stat(f.Path)
	return err != nil || st.Size() == 0
}

// Remove deletes the temporary file behind Path, if any.
func (f *File) Remove() {
	if f != nil && f.Path != "" {
		_ = os.Remove(f.Path)
	}
}

// Song is what a generator produces for a prompt.
type Song struct {
	Title    string
	BPM      float64
	Duration float64 // seconds
	Tags     []string
	Audio    File
	Cover    File
	Stems    *File   // a zip of one WAV per part, when Options asked for stems
	MIDI     *File   // the score as a Standard MIDI File, when Options asked for it
	Timeline *File   // the composed grid as JSON, when Options asked for it
	MusicXML *File   // the composed score as MusicXML, when Options asked for it
	Layers   *File   // a zip of the intensity layers and manifest, when Options asked for it
	Segments *File   // a zip of intro, body, outro and manifest, when Options asked for it
	LoopEnd  float64 // seconds: the loop's end (it starts at 0) when Options asked for a loop
	// Provenance (see Result): the engine version, the song's recipe and
	// the licence its files carry.
	EngineVersion string
	Recipe        json.RawMessage
	License       *License
	// Measured is what the engine's analysis heard in the audio.
	Measured *measured.Block
}

// Generator turns a prompt into a song, honouring a job's Options (format,
// length, tempo, key, extra outputs; the zero Options for a job submitted
// without any). It must be deterministic for a prompt, seed and options.
// Errors of type *Error with code EInvalid mean the prompt can never
// succeed (the job fails at once); any other error is treated as transient
// and retried up to the attempt limit.
type Generator interface {
	Generate(ctx context.Context, prompt string, seed uint64, o Options) (*Song, error)
}

// seekCloser is an in-memory file: a bytes.Reader with a no-op Close.
type seekCloser struct{ *bytes.Reader }

func (seekCloser) Close() error { return nil }

// Sweeper removes what a store keeps past its retention. The embedded
// store sweeps on the local server's janitor timer; a store whose database
// expires records by itself (DynamoDB's TTL, with an S3 lifecycle rule on
// the media) implements Sweep as a no-op that returns nil, nil.
type Sweeper interface {
	// Sweep removes every job whose retention (ExpiresAt) ended at or
	// before now, whatever its state, together with its idempotency record;
	// before each removal it deletes every media key the job could have
	// written (MediaKeys) from media, so no object outlives its job. It
	// also drops rate-limit windows that ended more than maxWindow before
	// now. It returns the ids it removed, in order, also when it stops at
	// its first error: a media or store error is returned as it came (a
	// *Error of code EUnavailable when the adapter can tell, backend.StorageFull
	// for a full disk; any other error reads as EInternal by ErrorCode),
	// and the next sweep carries on where this one stopped.
	Sweep(ctx context.Context, now time.Time, maxWindow time.Duration, media Media) ([]JobID, error)
}

// Prober checks that a store answers, for GET /healthz.
type Prober interface {
	// Probe makes the cheapest call that proves the store works for the
	// service: the embedded store writes and syncs a small record (so a
	// full disk fails it), DynamoDB reads a job that never exists (the API
	// functions may not write). It returns nil when the store works, else
	// the store's error: EUnavailable (backend.StorageFull for a full disk) when
	// the adapter can tell, any other error reads as EInternal by
	// ErrorCode.
	Probe(ctx context.Context) error
}
