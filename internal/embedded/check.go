package embedded

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/songsmith/songsmith/internal/jobs"
)

// bucketQuarantine keeps the records Open found undecodable, so that one
// damaged record costs that record only, and can still be looked at.
var bucketQuarantine = []byte("quarantine")

// DamagedError is the error of a database file that cannot be used as it
// is: empty, cut short, not a database, or with pages that cannot be read.
// Its text says what to do.
type DamagedError struct {
	Path   string // the database file
	Reason string // what is wrong, e.g. "it is empty (0 bytes)"
	Err    error  // the underlying error, if any
}

// Error implements error: the damage and the two ways out.
func (e *DamagedError) Error() string {
	dir := filepath.Dir(e.Path)
	return fmt.Sprintf("the database %s is damaged: %s. Nothing was changed. Restore a backup with "+
		"`songsmith restore --data-dir %s BACKUP_FILE` (see docs/operations.md), or move the file away "+
		"to start with an empty database (every job and API key in it is then gone): mv %s %s.damaged",
		e.Path, e.Reason, dir, e.Path, e.Path)
}

// Unwrap returns the underlying error.
func (e *DamagedError) Unwrap() error { return e.Err }

// The layout of a bbolt file's meta pages (go.etcd.io/bbolt/internal/common):
// a 16-byte page header, then magic, version, page size, flags (uint32
// each), the root bucket (root pgid, sequence), the freelist pgid, the
// high-water mark pgid, the txid and an FNV-64a checksum of what precedes
// it, all little-endian on the platforms we build for.
const (
	pageHeaderSize = 16
	metaSize       = 64
	boltMagic      = 0xED0CDAED
	boltVersion    = 2
)

// meta is what CheckFile reads of one meta page.
type meta struct {
	pageSize uint32
	pgid     uint64 // high-water mark: pages [0, pgid) are in the file
	txid     uint64
}

// readMeta decodes and checks the meta page at off of f.
func readMeta(f io.ReaderAt, off int64) (meta, error) {
	var buf [pageHeaderSize + metaSize]byte
	if _, err := f.ReadAt(buf[:], off); err != nil {
		return meta{}, err
	}
	m := buf[pageHeaderSize:]
	le := binary.LittleEndian
	switch {
	case le.Uint32(m[0:]) != boltMagic:
		return meta{}, bolterrors.ErrInvalid
	case le.Uint32(m[4:]) != boltVersion:
		return meta{}, bolterrors.ErrVersionMismatch
	}
	h := fnv.New64a()
	h.Write(m[:56])
	if h.Sum64() != le.Uint64(m[56:]) {
		return meta{}, bolterrors.ErrChecksum
	}
	return meta{pageSize: le.Uint32(m[8:]), pgid: le.Uint64(m[40:]), txid: le.Uint64(m[48:])}, nil
}

// CheckFile checks the database file at path before bbolt opens it: an
// empty file, a file whose two meta pages are both unreadable (not a
// database, random garbage) and a file shorter than its newest meta page
// says (truncated) are a *DamagedError. A missing file is not an error
// (Open creates it).
func CheckFile(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	if st.IsDir() {
		return &DamagedError{Path: path, Reason: "it is a directory, not a file"}
	}
	if st.Size() == 0 {
		return &DamagedError{Path: path, Reason: "it is empty (0 bytes; a database never is: it was cut short, by a full disk, a crash while it was created or a failed copy)"}
	}
	m0, err0 := readMeta(f, 0)
	best, ok := m0, err0 == nil
	sizes := []uint32{uint32(os.Getpagesize()), 4096, 8192, 16384, 32768, 65536}
	if ok {
		sizes = []uint32{m0.pageSize}
	}
	for _, ps := range sizes {
		if m1, err := readMeta(f, int64(ps)); err == nil && m1.pageSize == ps {
			if !ok || m1.txid > best.txid {
				best = m1
			}
			ok = true
			break
		}
	}
	if !ok {
		if errors.Is(err0, bolterrors.ErrVersionMismatch) {
			return &DamagedError{Path: path, Reason: "it was written by an incompatible database version", Err: err0}
		}
		return &DamagedError{Path: path, Reason: "it is not a Songsmith database, or its header is overwritten (neither of its two header pages is valid)", Err: err0}
	}
	if need := int64(best.pgid) * int64(best.pageSize); st.Size() < need {
		return &DamagedError{Path: path, Reason: fmt.Sprintf("it is cut short (%d of its %d bytes are there)", st.Size(), need)}
	}
	return nil
}

// openChecked opens the database at path after CheckFile (bbolt options
// o: a lock timeout, read-only), and reads every page once: a panic or a
// memory fault in bbolt on a damaged file becomes a *DamagedError instead
// of a crash.
func openChecked(path string, o *bolt.Options) (db *bolt.DB, err error) {
	if err := CheckFile(path); err != nil {
		return nil, err
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			if db != nil {
				_ = db.Close()
			}
			db, err = nil, &DamagedError{Path: path, Reason: fmt.Sprintf("its pages cannot be read (%v)", p)}
		}
	}()
	db, err = bolt.Open(path, 0o600, o)
	switch {
	case errors.Is(err, bolterrors.ErrInvalid), errors.Is(err, bolterrors.ErrChecksum), errors.Is(err, bolterrors.ErrVersionMismatch):
		return nil, &DamagedError{Path: path, Reason: "its header pages are invalid", Err: err}
	case err != nil:
		return nil, fmt.Errorf("embedded: open %s: %w", path, err)
	}
	if err := db.View(walk); err != nil {
		_ = db.Close()
		return nil, &DamagedError{Path: path, Reason: "its pages cannot be read", Err: err}
	}
	return db, nil
}

// walk reads every bucket, key and value of the database once.
func walk(tx *bolt.Tx) error {
	var visit func(b *bolt.Bucket) error
	visit = func(b *bolt.Bucket) error {
		return b.ForEach(func(k, v []byte) error {
			if v == nil {
				if nb := b.Bucket(k); nb != nil {
					return visit(nb)
				}
			}
			return nil
		})
	}
	return tx.ForEach(func(_ []byte, b *bolt.Bucket) error { return visit(b) })
}

// quarantined is one record moved to bucketQuarantine.
type quarantined struct {
	Bucket string    `json:"bucket"`
	Key    string    `json:"key"`
	Value  []byte    `json:"value"` // as it was stored
	Error  string    `json:"error"`
	At     time.Time `json:"at"`
}

// quarantine moves every job and key record that does not decode to
// bucketQuarantine and logs each one: the service starts and serves the
// others. The quarantined records stay in the file (a backup keeps them).
func quarantine(tx *bolt.Tx, path string, log *slog.Logger) error {
	checks := []struct {
		bucket []byte
		decode func([]byte) error
	}{
		{bucketJobs, func(v []byte) error { var r jobRecord; return json.Unmarshal(v, &r) }},
		{bucketKeys, func(v []byte) error { var k jobs.APIKey; return json.Unmarshal(v, &k) }},
	}
	q := tx.Bucket(bucketQuarantine)
	for _, c := range checks {
		b := tx.Bucket(c.bucket)
		bad := map[string]quarantined{}
		err := b.ForEach(func(k, v []byte) error {
			if v == nil {
				return nil // a nested bucket
			}
			if err := c.decode(v); err != nil {
				bad[string(k)] = quarantined{Bucket: string(c.bucket), Key: string(k), Value: append([]byte(nil), v...), Error: err.Error(), At: time.Now().UTC()}
			}
			return nil
		})
		if err != nil {
			return err
		}
		for k, r := range bad {
			if err := putJSON(q, r.Bucket+"/"+k+"/"+r.At.Format(time.RFC3339Nano), r); err != nil {
				return err
			}
			if err := b.Delete([]byte(k)); err != nil {
				return err
			}
			log.Warn("embedded: a damaged record was quarantined; the service goes on without it",
				"database", path, "bucket", r.Bucket, "key", k, "err", r.Error)
		}
	}
	return nil
}

// Quarantined returns the bucket and key of every record Open has moved
// to quarantine, in key order ("jobs/<id>", "keys/<id>").
func (s *Store) Quarantined() ([]string, error) {
	var out []string
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketQuarantine).ForEach(func(_, v []byte) error {
			var r quarantined
			if err := json.Unmarshal(v, &r); err != nil {
				return err
			}
			out = append(out, r.Bucket+"/"+r.Key)
			return nil
		})
	})
	return out, err
}
