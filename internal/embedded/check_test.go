package embedded_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// filledDB writes a database of n jobs and two keys and returns its path,
// the jobs and the keys.
func filledDB(t *testing.T, n int) (string, []*jobs.Job, []*jobs.APIKey) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "songsmith.db")
	s, err := embedded.Open(path, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var js []*jobs.Job
	for i := 0; i < n; i++ {
		j := jobstest.NewJob("owner1")
		j.Prompt = strings.Repeat("dusty lo-fi piano ", 20)
		if err := s.CreateJob(ctx, j); err != nil {
			t.Fatal(err)
		}
		js = append(js, j)
	}
	var ks []*jobs.APIKey
	for _, name := range []string{"a", "b"} {
		k, _, _ := jobs.NewAPIKey(name, jobstest.T0, 0)
		if err := s.CreateKey(ctx, k); err != nil {
			t.Fatal(err)
		}
		ks = append(ks, k)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path, js, ks
}

// A damaged database file stops Open with a *DamagedError whose text says
// what is wrong and what to do (restore a backup, or move the file away),
// never a panic and never a silent empty start; the file is left as it was.
func TestOpenDamaged(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(t *testing.T, path string)
		reason string
	}{
		{"ZeroLength", func(t *testing.T, path string) { must(t, os.Truncate(path, 0)) }, "empty"},
		{"HalfTruncated", func(t *testing.T, path string) {
			st, _ := os.Stat(path)
			must(t, os.Truncate(path, st.Size()/2))
		}, "cut short"},
		{"FirstPagesOnly", func(t *testing.T, path string) { must(t, os.Truncate(path, 3*4096)) }, "cut short"},
		{"RandomGarbage", func(t *testing.T, path string) {
			st, _ := os.Stat(path)
			garbage := make([]byte, st.Size())
			r := rand.New(rand.NewPCG(1, 2))
			for i := range garbage {
				garbage[i] = byte(r.Uint32())
			}
			must(t, os.WriteFile(path, garbage, 0o600))
		}, "not a Songsmith database"},
		{"TextFile", func(t *testing.T, path string) {
			must(t, os.WriteFile(path, []byte("hello, this is not a database\n"), 0o600))
		}, "not a Songsmith database"},
		{"GarbagePages", func(t *testing.T, path string) {
			// Valid header pages, every other page overwritten.
			data, err := os.ReadFile(path)
			must(t, err)
			r := rand.New(rand.NewPCG(3, 4))
			for i := 2 * 4096; i < len(data); i++ {
				data[i] = byte(r.Uint32())
			}
			must(t, os.WriteFile(path, data, 0o600))
		}, "pages cannot be read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path, _, _ := filledDB(t, 60)
			tc.damage(t, path)
			before, _ := os.ReadFile(path)
			s, err := embedded.Open(path, embedded.Options{LockTimeout: time.Second})
			if err == nil {
				s.Close()
				t.Fatal("a damaged database opened")
			}
			var de *embedded.DamagedError
			if !errors.As(err, &de) {
				t.Fatalf("error %T %v, want a *DamagedError", err, err)
			}
			msg := err.Error()
			for _, want := range []string{path, tc.reason, "songsmith restore", "mv " + path} {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q does not say %q", msg, want)
				}
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
				t.Error("Open changed the damaged file")
			}
			if err := embedded.CheckFile(path); tc.name != "GarbagePages" && err == nil {
				t.Error("CheckFile passed the damaged file")
			}
		})
	}
	t.Run("Missing", func(t *testing.T) {
		if err := embedded.CheckFile(filepath.Join(t.TempDir(), "none.db")); err != nil {
			t.Fatalf("a missing file: %v (Open creates it)", err)
		}
	})
	t.Run("Healthy", func(t *testing.T) {
		path, _, _ := filledDB(t, 60)
		if err := embedded.CheckFile(path); err != nil {
			t.Fatal(err)
		}
	})
}

// One record that does not decode (a job or a key) is moved to quarantine
// and logged; the store opens and serves every other record.
func TestOpenQuarantinesCorruptRecords(t *testing.T) {
	ctx := context.Background()
	path, js, ks := filledDB(t, 5)
	db, err := bolt.Open(path, 0o600, nil)
	must(t, err)
	must(t, db.Update(func(tx *bolt.Tx) error {
		if err := tx.Bucket([]byte("jobs")).Put([]byte(js[2].ID), []byte(`{"id": "`+string(js[2].ID)+`", "status": 17`)); err != nil {
			return err
		}
		return tx.Bucket([]byte("keys")).Put([]byte(ks[0].ID), []byte("\x00garbage"))
	}))
	must(t, db.Close())

	var logs bytes.Buffer
	s, err := embedded.Open(path, embedded.Options{Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	if err != nil {
		t.Fatalf("one corrupt job and one corrupt key kept the store from opening: %v", err)
	}
	defer s.Close()
	for i, j := range js {
		_, err := s.Job(ctx, j.ID)
		if i == 2 && !jobs.IsCode(err, jobs.ENotFound) || i != 2 && err != nil {
			t.Errorf("job %d: %v", i, err)
		}
	}
	keys, err := s.Keys(ctx)
	if err != nil || len(keys) != 1 || keys[0].ID != ks[1].ID {
		t.Fatalf("keys after quarantine: %v, %v; want only %s", keys, err, ks[1].ID)
	}
	page, _, err := s.ListJobs(ctx, "owner1", 100, "", jobstest.T0)
	if err != nil || len(page) != 4 {
		t.Fatalf("history: %d jobs, %v; want 4", len(page), err)
	}
	q, err := s.Quarantined()
	if err != nil || len(q) != 2 {
		t.Fatalf("quarantined %v, %v", q, err)
	}
	for _, want := range []string{`"bucket":"jobs"`, `"bucket":"keys"`, string(js[2].ID), string(ks[0].ID), "quarantined"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log does not name %s: %s", want, logs.String())
		}
	}
	// Reopening finds nothing new to quarantine.
	s.Close()
	s, err = embedded.Open(path, embedded.Options{})
	must(t, err)
	if q, _ := s.Quarantined(); len(q) != 2 {
		t.Fatalf("after reopening: %v", q)
	}
}

// A database another process holds is a clear timeout error, not a hang.
func TestOpenLocked(t *testing.T) {
	path, _, _ := filledDB(t, 1)
	s, err := embedded.Open(path, embedded.Options{})
	must(t, err)
	defer s.Close()
	start := time.Now()
	_, err = embedded.Open(path, embedded.Options{LockTimeout: 200 * time.Millisecond})
	if !errors.Is(err, bolterrors.ErrTimeout) || time.Since(start) > 5*time.Second {
		t.Fatalf("a locked database: %v after %v, want bbolt's ErrTimeout (serve explains it)", err, time.Since(start))
	}
	if embedded.InUse(path, 100*time.Millisecond) != true {
		t.Fatal("InUse: false for a database a store holds")
	}
	s.Close()
	if embedded.InUse(path, 100*time.Millisecond) {
		t.Fatal("InUse: true after the store closed")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
