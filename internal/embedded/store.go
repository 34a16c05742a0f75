// Package embedded implements every jobs port on one pure-Go bbolt database
// file (jobs, API keys, rate-limit windows and the durable job queue) and
// media files on local disk served under HMAC-signed, expiring URLs. It is
// the backend of `songsmith serve` on a laptop.
package embedded

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
	"github.com/songsmith/songsmith/internal/jobs/delivery"
)

var (
	bucketJobs   = []byte("jobs")
	bucketKeys   = []byte("keys")
	bucketLimits = []byte("limits")
	bucketQueue  = []byte("queue")
	bucketMeta   = []byte("meta")
)

// Compile-time checks that Store implements the ports.
var (
	_ jobs.JobStore        = (*Store)(nil)
	_ jobs.KeyStore        = (*Store)(nil)
	_ jobs.Limiter         = (*Store)(nil)
	_ jobs.Queue           = (*Store)(nil)
	_ jobs.Consumer        = (*Store)(nil)
	_ jobs.Interrupter     = (*Store)(nil)
	_ jobs.WebhookRecorder = (*Store)(nil)
)

// Store is the embedded database. One process owns the file at a time.
type Store struct {
	db           boltDB
	visibility   time.Duration
	restartDelay time.Duration
	now          func() time.Time

	mu     sync.Mutex
	notify chan struct{} // closed and replaced on every enqueue/release
	cursor jobs.KeyID    // the key whose job the queue took last (round robin)

	heavyPerKey int          // Options.HeavyPerKey
	fault       func(string) // SetFault
}

// Options tune a Store.
type Options struct {
	// Visibility is how long a received message stays hidden before it is
	// delivered again if not acked (default 10 minutes).
	Visibility time.Duration
	// RestartDelay holds back messages that were in flight when the
	// previous process died: each becomes visible after RestartDelay times
	// the number of deliveries a crash cut short, so the jobs that were
	// running when the process crashed (perhaps because of them) are not
	// the first ones taken again after every restart. 0 = at once.
	RestartDelay time.Duration
	// Now is the clock used for queue visibility (time.Now when nil).
	Now func() time.Time
	// HeavyPerKey bounds how many heavy (stems) jobs of one API key the
	// queue hands out at a time, so one key's expensive jobs cannot take
	// every worker; 0 = no bound.
	HeavyPerKey int
	// LockTimeout is how long Open waits for another process to release
	// the database file (5 s when 0); then it fails with an error that
	// wraps ErrLocked.
	LockTimeout time.Duration
	// Logger receives the records Open quarantines (slog.Default() when
	// nil).
	Logger *slog.Logger
	// WriteFault, when set, is asked after every write transaction's work
	// and before its commit; an error aborts the transaction as a failed
	// commit would (tests inject a full disk with it: an error wrapping
	// syscall.ENOSPC).
	WriteFault func() error
}

// boltDB is the bbolt database with its write errors translated: a write
// refused for want of space is backend.StorageFull (503, retryable), whoever
// in this package writes.
type boltDB struct {
	*bolt.DB
	fault func() error
}

// Update runs fn in a write transaction (bolt.DB.Update), translating a
// full disk.
func (d boltDB) Update(fn func(*bolt.Tx) error) error {
	return writeErr(d.DB.Update(d.faulty(fn)))
}

// Batch is bolt.DB.Batch, translating a full disk.
func (d boltDB) Batch(fn func(*bolt.Tx) error) error {
	return writeErr(d.DB.Batch(d.faulty(fn)))
}

func (d boltDB) faulty(fn func(*bolt.Tx) error) func(*bolt.Tx) error {
	if d.fault == nil {
		return fn
	}
	return func(tx *bolt.Tx) error {
		if err := fn(tx); err != nil {
			return err
		}
		return d.fault()
	}
}

// writeErr turns a write that failed for want of space into
// backend.StorageFull; other errors pass unchanged.
func writeErr(err error) error {
	var je *jobs.Error
	if err == nil || errors.As(err, &je) {
		return err
	}
	if noSpace(err) {
		return backend.StorageFull(err)
	}
	return err
}

// noSpace reports a write refused because the disk or the user's quota is
// full.
func noSpace(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// Open opens (creating if needed) the database at path. Messages that were
// in flight when the previous process died are delivered again (see
// Options.RestartDelay) and their interrupted attempt is not counted: no
// other process can hold them.
func Open(path string, opts Options) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("embedded: %w", err)
	}
	lock := opts.LockTimeout
	if lock <= 0 {
		lock = 5 * time.Second
	}
	bdb, err := openChecked(path, &bolt.Options{Timeout: lock})
	if err != nil {
		return nil, err
	}
	db := boltDB{DB: bdb, fault: opts.WriteFault}
	s := &Store{db: db, visibility: opts.Visibility, restartDelay: opts.RestartDelay, now: opts.Now, notify: make(chan struct{}),
		heavyPerKey: opts.HeavyPerKey}
	if s.visibility <= 0 {
		s.visibility = 10 * time.Minute
	}
	if s.now == nil {
		s.now = time.Now
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range allBuckets {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		if err := quarantine(tx, path, log); err != nil {
			return err
		}
		if err := buildOwnerIndex(tx); err != nil {
			return err
		}
		if err := openQueue(tx); err != nil {
			return err
		}
		if err := s.resetInFlight(tx, bucketQueue); err != nil {
			return err
		}
		return s.resetInFlight(tx, bucketHooks)
	})
	if errors.Is(err, backend.ErrStorageFull) && db.complete() {
		// A full disk refuses even this commit. The database is whole, so
		// open it for reads; writes answer StorageFull until space returns.
		// What the init would have done waits without losing anything: an
		// in-flight message is delivered again when its visibility ends
		// (the interrupted attempt counted), a stale lease expires at its
		// Until, and the active sets already match the records (admission
		// writes both in one transaction).
		log.Warn("embedded: the disk is full; opened without the start-up recovery", "path", path, "err", err)
		return s, nil
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("embedded: init %s: %w", path, err)
	}
	return s, nil
}

// allBuckets are the top-level buckets Open creates.
var allBuckets = [][]byte{bucketJobs, bucketKeys, bucketLimits, bucketQueue, bucketMeta, bucketIdem, bucketOwners, bucketHooks, bucketQuarantine, bucketActive, bucketLeases}

// complete reports whether the database holds every top-level bucket and
// its owner index (a previous Open finished its init).
func (d boltDB) complete() bool {
	return d.View(func(tx *bolt.Tx) error {
		for _, b := range allBuckets {
			if tx.Bucket(b) == nil {
				return errMissing
			}
		}
		if tx.Bucket(bucketMeta).Get(metaOwnerIndex) == nil {
			return errMissing
		}
		return nil
	}) == nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// jobRecord is the stored form of a job.
type jobRecord struct {
	ID         jobs.JobID      `json:"id"`
	Owner      jobs.KeyID      `json:"owner"`
	Prompt     string          `json:"prompt"`
	Status     jobs.Status     `json:"status"`
	Result     *jobs.Result    `json:"result,omitempty"`
	Error      string          `json:"error,omitempty"`
	StartedAt  time.Time       `json:"started_at"`
	FinishedAt time.Time       `json:"finished_at"`
	ExpiresAt  time.Time       `json:"expires_at"`
	Options    *jobs.Options   `json:"options,omitempty"`
	Webhook    *delivery.State `json:"webhook,omitempty"`
	// AttemptedAt: the start of the latest attempt (StartAttempt).
	AttemptedAt time.Time `json:"attempted_at,omitzero"`
}

// CreateJob implements jobs.JobStore.
func (s *Store) CreateJob(ctx context.Context, j *jobs.Job) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketJobs)
		var old jobRecord
		switch err := getJSON(b, string(j.ID), &old, jobs.JobNotFound(j.ID)); {
		case err == nil && backend.SameSubmission((*jobs.Job)(&old), j):
			return nil
		case err == nil:
			return backend.Exists("Job " + string(j.ID))
		case !isNotFound(err):
			return err
		}
		if err := indexJob(tx, j); err != nil {
			return err
		}
		return putJSON(b, string(j.ID), jobRecord(*j))
	})
}

// Job implements jobs.JobStore.
func (s *Store) Job(ctx context.Context, id jobs.JobID) (*jobs.Job, error) {
	var r jobRecord
	err := s.db.View(func(tx *bolt.Tx) error { return getJSON(tx.Bucket(bucketJobs), string(id), &r, jobs.JobNotFound(id)) })
	if err != nil {
		return nil, err
	}
	j := jobs.Job(r)
	return &j, nil
}

// CompleteJob implements jobs.JobStore.
func (s *Store) CompleteJob(ctx context.Context, id jobs.JobID, res jobs.Result, at time.Time) error {
	return s.transition(id, func(r *jobRecord) {
		r.Status, r.Result, r.FinishedAt = jobs.StatusCompleted, &res, at.UTC()
	})
}

// FailJob implements jobs.JobStore.
func (s *Store) FailJob(ctx context.Context, id jobs.JobID, msg string, at time.Time) error {
	return s.transition(id, func(r *jobRecord) {
		r.Status, r.Error, r.FinishedAt = jobs.StatusFailed, msg, at.UTC()
	})
}

// transition applies change to a running job, atomically.
func (s *Store) transition(id jobs.JobID, change func(*jobRecord)) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketJobs)
		var r jobRecord
		if err := getJSON(b, string(id), &r, jobs.JobNotFound(id)); err != nil {
			return err
		}
		if r.Status != jobs.StatusRunning {
			return backend.AlreadyFinished(id, r.Status)
		}
		change(&r)
		if err := endActive(tx, r.Owner, id); err != nil {
			return err
		}
		return putJSON(b, string(id), r)
	})
}

// SetWebhookState implements jobs.WebhookRecorder.
func (s *Store) SetWebhookState(ctx context.Context, id jobs.JobID, st delivery.State) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketJobs)
		var r jobRecord
		if err := getJSON(b, string(id), &r, jobs.JobNotFound(id)); err != nil {
			return err
		}
		r.Webhook = &st
		return putJSON(b, string(id), r)
	})
}

// ExpiredJobs returns jobs whose retention ended before now.
func (s *Store) ExpiredJobs(now time.Time) ([]*jobs.Job, error) {
	var out []*jobs.Job
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketJobs).ForEach(func(k, v []byte) error {
			var r jobRecord
			if err := json.Unmarshal(v, &r); err != nil {
				return err
			}
			if !now.Before(r.ExpiresAt) {
				j := jobs.Job(r)
				out = append(out, &j)
			}
			return nil
		})
	})
	return out, err
}

// RemoveJob removes a job record whatever its state (the janitor's
// removal of an expired job, after its media is gone) and the idempotency
// record that names it.
func (s *Store) RemoveJob(id jobs.JobID) error {
	return s.db.Update(func(tx *bolt.Tx) error { return removeJob(tx, id) })
}

// DeleteJob implements jobs.JobStore: RemoveJob of a terminal job,
// atomically checked.
func (s *Store) DeleteJob(ctx context.Context, id jobs.JobID) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		var r jobRecord
		if err := getJSON(tx.Bucket(bucketJobs), string(id), &r, jobs.JobNotFound(id)); err != nil {
			return err
		}
		if r.Status == jobs.StatusRunning {
			return jobs.JobStillRunning(id)
		}
		return removeJob(tx, id)
	})
}

func removeJob(tx *bolt.Tx, id jobs.JobID) error {
	var r jobRecord
	if err := getJSON(tx.Bucket(bucketJobs), string(id), &r, jobs.JobNotFound(id)); err == nil {
		if err := endActive(tx, r.Owner, id); err != nil {
			return err
		}
	}
	if err := deleteIdem(tx, id); err != nil {
		return err
	}
	if err := unindexJob(tx, id); err != nil {
		return err
	}
	return tx.Bucket(bucketJobs).Delete([]byte(id))
}

// Secret returns a random secret kept in the database under name, creating
// it on first use (the local media signing key).
func (s *Store) Secret(name string, size int) ([]byte, error) {
	var out []byte
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketMeta)
		if v := b.Get([]byte(name)); v != nil {
			out = append([]byte(nil), v...)
			return nil
		}
		out = randomBytes(size)
		return b.Put([]byte(name), out)
	})
	return out, err
}

func putJSON(b *bolt.Bucket, key string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put([]byte(key), data)
}

// getJSON decodes the value at key into v. An absent key is notFound, the
// caller's error from the jobs vocabulary (JobNotFound, KeyNotFound...), so
// the embedded backend answers as the AWS one does.
func getJSON(b *bolt.Bucket, key string, v any, notFound *jobs.Error) error {
	data := b.Get([]byte(key))
	if data == nil {
		return notFound
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("embedded: decode %s: %w", key, err)
	}
	return nil
}

// isNotFound reports a missing record.
// errMissing is the not-found error of records no client asks for
// (queue messages).
var errMissing = &jobs.Error{Code: jobs.ENotFound, Err: errors.New("embedded: record not found")}

func isNotFound(err error) bool {
	var e *jobs.Error
	return errors.As(err, &e) && e.Code == jobs.ENotFound
}
