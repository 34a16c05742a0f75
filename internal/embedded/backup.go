package embedded

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Backups: a consistent copy of the whole database file, taken in one read
// transaction (bbolt's Tx.WriteTo), so writers go on while it is made and
// the copy is the database as of one instant. A running server makes it
// for another process (Store.Backup, behind the admin endpoint of
// `songsmith serve`); with no server, BackupFile opens the file read-only.

// Backup writes a consistent copy of the database to w while the store
// stays in use, and returns its size in bytes.
func (s *Store) Backup(w io.Writer) (n int64, err error) {
	err = s.db.View(func(tx *bolt.Tx) error {
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// BackupSize returns the size of the copy Backup would write now.
func (s *Store) BackupSize() (n int64, err error) {
	err = s.db.View(func(tx *bolt.Tx) error { n = tx.Size(); return nil })
	return n, err
}

// BackupFile writes a consistent copy of the database file at path to w
// without changing it: it opens the file read-only, waiting up to lock
// for a process that holds it for writing (then the error wraps bbolt's
// ErrTimeout: that process must make the copy, see Store.Backup). A
// damaged file is a *DamagedError.
func BackupFile(path string, w io.Writer, lock time.Duration) (n int64, err error) {
	db, err := openChecked(path, &bolt.Options{ReadOnly: true, Timeout: lock})
	if err != nil {
		return 0, err
	}
	defer db.Close()
	err = db.View(func(tx *bolt.Tx) error {
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// Summary is what VerifyFile found in a database file.
type Summary struct {
	Jobs, Keys int   // records that decode
	Damaged    int   // job and key records that do not (Open quarantines them)
	Size       int64 // bytes
}

// VerifyFile checks, without changing it, that the file at path is a whole
// Songsmith database: CheckFile, every page readable, the buckets of a
// Songsmith database present. It counts the job and key records.
func VerifyFile(path string) (Summary, error) {
	var sum Summary
	db, err := openChecked(path, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		return sum, err
	}
	defer db.Close()
	err = db.View(func(tx *bolt.Tx) error {
		sum.Size = tx.Size()
		jb, kb := tx.Bucket(bucketJobs), tx.Bucket(bucketKeys)
		if jb == nil || kb == nil || tx.Bucket(bucketMeta) == nil {
			return &DamagedError{Path: path, Reason: "it is a database, but not a Songsmith one (it has no jobs, keys or meta bucket)"}
		}
		count := func(b *bolt.Bucket, n *int, v any) error {
			return b.ForEach(func(_, data []byte) error {
				if data == nil {
					return nil
				}
				if json.Unmarshal(data, v) != nil {
					sum.Damaged++
				} else {
					*n++
				}
				return nil
			})
		}
		if err := count(jb, &sum.Jobs, &jobRecord{}); err != nil {
			return err
		}
		return count(kb, &sum.Keys, &jobs.APIKey{})
	})
	if err != nil {
		var de *DamagedError
		if errors.As(err, &de) {
			return sum, err
		}
		return sum, fmt.Errorf("embedded: verify %s: %w", path, err)
	}
	return sum, nil
}

// InUse reports whether a process (a running `songsmith serve`) holds the
// healthy database file at path, waiting up to wait for it to let go. A
// missing or damaged file is not in use.
func InUse(path string, wait time.Duration) (inUse bool) {
	if _, err := os.Stat(path); err != nil || CheckFile(path) != nil {
		return false
	}
	defer func() {
		if recover() != nil {
			inUse = false
		}
	}()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: wait})
	if err == nil {
		_ = db.Close()
		return false
	}
	return errors.Is(err, bolterrors.ErrTimeout)
}
