package jobs

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"regexp"
	"strings"
	"time"

	"github.com/songsmith/songsmith/internal/jobs/delivery"
	"github.com/songsmith/songsmith/internal/jobs/measured"
	"github.com/songsmith/songsmith/internal/jobs/mediakey"
	"github.com/songsmith/songsmith/internal/request"
)

// JobID identifies a job: a lower-case RFC 4122 UUID string.
type JobID string

var uuidRE = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// ParseJobID validates s as a UUID (any case) and returns it in canonical
// lower case. A malformed id returns ENotFound: to a client it names no job.
func ParseJobID(s string) (JobID, error) {
	s = strings.ToLower(s)
	if !uuidRE.MatchString(s) {
		return "", Errorf(ENotFound, "No job with that id exists. Use the job_id or poll_url returned by POST /generate.")
	}
	return JobID(s), nil
}

// seed derives the deterministic generation seed of a job from its id, so a
// retried generation produces the same song. It is at most request.MaxSeed, so it
// can be returned as a JSON number and submitted again.
func (id JobID) seed() uint64 {
	h := sha256.Sum256([]byte(id))
	return binary.BigEndian.Uint64(h[:8]) & request.MaxSeed
}

// Status is the state of a job.
type Status string

// The three job states of the interface. Completed and failed are terminal.
const (
	StatusRunning   Status = "running"
	StatusCompleted Status = "completed"
	StatusFailed    Status = "failed"
)

// Terminal reports whether no further transition can happen.
func (s Status) Terminal() bool { return s == StatusCompleted || s == StatusFailed }

// Job is one generation request and its outcome.
type Job struct {
	ID         JobID
	Owner      KeyID // the API key that submitted it; only it may read the job
	Prompt     string
	Status     Status
	Result     *Result   // set when completed
	Error      string    // user-safe message when failed
	StartedAt  time.Time // when the job was accepted and began processing (UTC)
	FinishedAt time.Time // zero while running
	ExpiresAt  time.Time // after this instant the job answers 404 and its media is removed
	Options    *Options  // the submission's extension members; nil for a spec-only submission
	// Webhook is the delivery state of the job's webhook (nil before the
	// first attempt; see WebhookOf).
	Webhook *delivery.State
	// AttemptedAt is when the latest generation attempt started (zero
	// while the job waits in the queue for its first attempt): the run
	// timeout counts from it, the queue age from StartedAt until it is set.
	AttemptedAt time.Time
}

// Expired reports whether the job is past its retention at now.
func (j *Job) Expired(now time.Time) bool { return !now.Before(j.ExpiresAt) }

// Result is what a completed job produced.
type Result struct {
	Title    string
	BPM      float64
	Duration float64  // seconds, exact length of the audio
	Tags     []string // genre, mood, instruments, tempo feel
	SongKey  string   // media key of the audio file
	ImageKey string   // media key of the cover art
	SongURL  string   // absolute, signed; filled in when the job is read
	ImageURL string   // absolute, signed; filled in when the job is read
	// Extension outputs (see Options): set only for jobs with Options.
	Seed     uint64 // the seed the song was generated with
	Format   string // the audio format (the song file's extension)
	StemsKey string // media key of the stems zip; "" when not asked for
	MIDIKey  string // media key of the MIDI file; "" when not asked for
	StemsURL string // absolute, signed; filled in when the job is read
	MIDIURL  string // absolute, signed; filled in when the job is read
	// TimelineKey is the media key of the timeline document; "" when not
	// asked for. TimelineURL is its signed URL, filled in when read.
	TimelineKey, TimelineURL string
	// MusicXMLKey is the media key of the score as MusicXML; "" when not
	// asked for. MusicXMLURL is its signed URL, filled in when read.
	MusicXMLKey, MusicXMLURL string
	// LayersKey and SegmentsKey are the media keys of the adaptive
	// package's zips (layers; intro, body and outro); "" when not asked
	// for. Their URLs are signed, filled in when read.
	LayersKey, LayersURL     string
	SegmentsKey, SegmentsURL string
	// LoopEnd is the length in seconds of a loop (options loop: true),
	// which starts at 0; 0 for a song that is not a loop.
	LoopEnd float64
	// Provenance of every completed result (issue 20 items 5 and 7): the
	// engine version, the recipe that renders the song again (compact
	// JSON; internal/recipe) and the licence of its files.
	EngineVersion string
	Recipe        json.RawMessage `json:",omitempty"`
	License       *License        `json:",omitempty"`
	// Measured is what the analysis heard in the song (issue 30 item 4);
	// nil for a result from before it.
	Measured *measured.Block `json:",omitempty"`
}

// MediaKeys returns every media key j may have: its result's keys, and for
// a job without a result (failed, or cut short) every key an attempt could
// have written.
func MediaKeys(j *Job) []string {
	if r := j.Result; r != nil {
		keys := []string{r.SongKey, r.ImageKey}
		for _, k := range []string{r.StemsKey, r.MIDIKey, r.TimelineKey, r.MusicXMLKey, r.LayersKey, r.SegmentsKey} {
			if k != "" {
				keys = append(keys, k)
			}
		}
		return keys
	}
	keys := []string{mediakey.Stems(j.ID), mediakey.MIDI(j.ID), mediakey.Timeline(j.ID), mediakey.MusicXML(j.ID), mediakey.Layers(j.ID), mediakey.Segments(j.ID)}
	for _, e := range mediakey.Exts.Audio {
		keys = append(keys, mediakey.Song(j.ID, e))
	}
	for _, e := range mediakey.Exts.Cover {
		keys = append(keys, mediakey.Image(j.ID, e))
	}
	return keys
}

// JobStore keeps jobs. Implementations must make transitions conditional:
// only a running job may complete or fail, exactly once.
type JobStore interface {
	// CreateJob stores a new running job. EConflict if another job has
	// the id; storing the same job again (see backend.SameSubmission) is a no-op,
	// so a write retried after a lost answer succeeds.
	CreateJob(ctx context.Context, j *Job) error
	// Job returns the stored job, expired or not. ENotFound if absent.
	Job(ctx context.Context, id JobID) (*Job, error)
	// CompleteJob moves a running job to completed with r and finishedAt.
	// ENotFound if absent; EConflict if the job is not running.
	CompleteJob(ctx context.Context, id JobID, r Result, finishedAt time.Time) error
	// FailJob moves a running job to failed with a user-safe message.
	// ENotFound if absent; EConflict if the job is not running.
	FailJob(ctx context.Context, id JobID, message string, finishedAt time.Time) error
	// DeleteJob removes a terminal job's record (and what indexes it: its
	// idempotency record, its place in the owner's history) for good.
	// ENotFound if absent; EJobRunning if the job is still running. The
	// caller removes the job's media first.
	DeleteJob(ctx context.Context, id JobID) error
	// The idempotency records: which job an API key's idempotency key
	// created. A record lives exactly as long as its job (until the job's
	// ExpiresAt); after that the key may name a new job.
	// CreateJobIdempotent stores the new running job j together with the
	// record that j.Owner's idempotency key idem names it, atomically. If an
	// unexpired record (at j.StartedAt) for j.Owner and idem exists, it
	// stores nothing and returns the job that record names with created
	// false; otherwise it returns j with created true. Of concurrent calls
	// with the same owner and idem, exactly one creates. Repeating the
	// same call (the record names j itself, see SameSubmission) returns j
	// with created true again, so a caller whose first answer was lost
	// still enqueues it. EConflict if another job has j.ID.
	CreateJobIdempotent(ctx context.Context, j *Job, idem string) (stored *Job, created bool, err error)
	// IdempotentJob returns the job that owner's idempotency key idem
	// names. ENotFound if there is no such record or it expired at now.
	IdempotentJob(ctx context.Context, owner KeyID, idem string, now time.Time) (*Job, error)
	JobLister
}

// Seed returns the seed a job generates with: its Options' seed when
// given (for a piece of a collection, request.PieceSeed of it), otherwise
// the one derived from its id.
func (j *Job) Seed() uint64 {
	if j.Options != nil && j.Options.Seed != nil {
		if p := j.Options.Piece; p != nil {
			return request.PieceSeed(*j.Options.Seed, p.Index) // each piece of a collection its own
		}
		return *j.Options.Seed
	}
	return j.ID.seed()
}

// Options are the optional members of a submission beyond the spec's
// prompt: the request schema's (internal/request), stored on the job.
type Options = request.Options
