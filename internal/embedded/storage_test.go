package embedded_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// fullAfter is a temporary file that takes n bytes, then fails as a full
// disk does (a short write and ENOSPC).
// (It hides every other method of *os.File: io.Copy would write through
// ReadFrom or WriteString around Write.)
type fullAfter struct {
	f *os.File
	n int
}

func (f *fullAfter) Write(p []byte) (int, error) {
	if len(p) <= f.n {
		f.n -= len(p)
		return f.f.Write(p)
	}
	k, _ := f.f.Write(p[:f.n])
	f.n = 0
	return k, &fs.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
}

func (f *fullAfter) Close() error { return f.f.Close() }
func (f *fullAfter) Name() string { return f.f.Name() }

// diskFull returns a CreateTemp whose files take budget bytes each, for
// the first fails files (every file when fails < 0); later files work.
func diskFull(budget int, fails *atomic.Int64) func(dir, pattern string) (embedded.TempFile, error) {
	return func(dir, pattern string) (embedded.TempFile, error) {
		f, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return nil, err
		}
		if fails.Load() == 0 {
			return f, nil
		}
		fails.Add(-1)
		return &fullAfter{f: f, n: budget}, nil
	}
}

// files lists every file under dir, relative, sorted.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && p != dir {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// A full disk during a media write answers the retryable StorageFull and
// leaves nothing behind: no partial file, no temporary file, no content
// type sidecar (stems.zip.type was left), no empty job directory; an
// object that existed stays whole. When space is back the write works.
func TestMediaDiskFull(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var fails atomic.Int64
	m := &embedded.Media{Dir: dir, Key: []byte("k"), CreateTemp: diskFull(1000, &fails)}
	body := bytes.Repeat([]byte("stems"), 10_000)
	key := "0f8d3c2a-1b4e-4c6d-8e9f-0a1b2c3d4e5f/stems.zip"
	for _, budget := range []struct {
		name  string
		fails int64
	}{{"DataFile", 1}, {"Sidecar", 2}} {
		t.Run(budget.name, func(t *testing.T) {
			fails.Store(budget.fails)
			if budget.name == "Sidecar" {
				// The data file fits, the one-line sidecar does not.
				m.CreateTemp = func(dir, pattern string) (embedded.TempFile, error) {
					f, err := os.CreateTemp(dir, pattern)
					if err != nil || fails.Add(-1) != 0 {
						return f, err
					}
					return &fullAfter{f: f}, nil
				}
			}
			err := m.PutMedia(ctx, key, "application/zip", bytes.NewReader(body), int64(len(body)))
			if !errors.Is(err, backend.ErrStorageFull) || !jobs.IsCode(err, jobs.EUnavailable) {
				t.Fatalf("PutMedia on a full disk: %v, want storage full (service_unavailable)", err)
			}
			if left := files(t, dir); len(left) != 0 {
				t.Fatalf("a failed write left %v", left)
			}
		})
	}
	m.CreateTemp = diskFull(1000, &fails)
	fails.Store(0)
	if err := m.PutMedia(ctx, key, "application/zip", bytes.NewReader(body), int64(len(body))); err != nil {
		t.Fatalf("after space came back: %v", err)
	}
	fails.Store(1)
	if err := m.PutMedia(ctx, key, "text/plain", strings.NewReader(strings.Repeat("x", 5000)), 5000); !errors.Is(err, backend.ErrStorageFull) {
		t.Fatalf("overwrite on a full disk: %v", err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(key)))
	ct, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(key)+".type"))
	if !bytes.Equal(got, body) || string(ct) != "application/zip" {
		t.Fatalf("a failed overwrite changed the object: %d bytes, type %q", len(got), ct)
	}
	if left := files(t, dir); len(left) != 3 { // the job directory, the file, its sidecar
		t.Fatalf("files after a failed overwrite: %v", left)
	}
}

// A database write that fails for want of space (the commit refused with
// ENOSPC) is StorageFull, stores nothing, and the store works again once
// space is back.
func TestStoreDiskFull(t *testing.T) {
	ctx := context.Background()
	var full atomic.Bool
	s := MustOpen(t, embedded.Options{WriteFault: func() error {
		if full.Load() {
			return fmt.Errorf("write /data/songsmith.db: %w", syscall.ENOSPC)
		}
		return nil
	}})
	j := jobstest.NewJob("k")
	full.Store(true)
	for name, write := range map[string]func() error{
		"CreateJob": func() error { return s.CreateJob(ctx, j) },
		"Enqueue":   func() error { return s.Enqueue(ctx, j.ID) },
		"CreateKey": func() error { k, _, _ := jobs.NewAPIKey("x", jobstest.T0, 0); return s.CreateKey(ctx, k) },
		"Probe":     func() error { return s.Probe(ctx) },
	} {
		err := write()
		var je *jobs.Error
		if !errors.Is(err, backend.ErrStorageFull) || !errors.As(err, &je) || je.Code != jobs.EUnavailable || je.RetryAfter <= 0 {
			t.Errorf("%s on a full disk: %v, want storage full with a Retry-After", name, err)
		}
	}
	if _, err := s.Job(ctx, j.ID); !jobs.IsCode(err, jobs.ENotFound) {
		t.Fatalf("the refused job was stored: %v", err)
	}
	if n, _ := s.Pending(); n != 0 {
		t.Fatalf("the refused message was queued: %d", n)
	}
	// Other write failures keep their own error.
	full.Store(false)
	if err := s.CreateJob(ctx, j); err != nil {
		t.Fatalf("after space came back: %v", err)
	}
}

var _ io.Writer = (*fullAfter)(nil)

// A database that a full disk refuses even Open's start-up commit opens
// for reads (every job there, writes StorageFull); a new database on a
// full disk does not open; and once space is back the next Open runs the
// whole start-up recovery again.
func TestOpenOnFullDisk(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "songsmith.db")
	s, err := embedded.Open(path, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	j := jobstest.NewJob("k")
	must(t, s.CreateJob(ctx, j))
	must(t, s.Enqueue(ctx, j.ID))
	if d, err := s.Receive(ctx, 1, 0); err != nil || len(d) != 1 { // in flight when the process "dies"
		t.Fatalf("receive: %v, %v", d, err)
	}
	must(t, s.Close())
	full := func() error { return fmt.Errorf("write %s: %w", path, syscall.ENOSPC) }
	if _, err := embedded.Open(filepath.Join(filepath.Dir(path), "new.db"), embedded.Options{WriteFault: full}); !errors.Is(err, backend.ErrStorageFull) {
		t.Fatalf("a new database on a full disk: %v, want storage full", err)
	}
	s, err = embedded.Open(path, embedded.Options{WriteFault: full})
	if err != nil {
		t.Fatalf("reopening on a full disk: %v", err)
	}
	if got, err := s.Job(ctx, j.ID); err != nil || got.ID != j.ID {
		t.Fatalf("reading on a full disk: %v, %v", got, err)
	}
	if err := s.CreateJob(ctx, jobstest.NewJob("k")); !errors.Is(err, backend.ErrStorageFull) {
		t.Fatalf("writing on a full disk: %v, want storage full", err)
	}
	must(t, s.Close())
	s, err = embedded.Open(path, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if d, err := s.Receive(ctx, 1, 0); err != nil || len(d) != 1 || d[0].JobID != j.ID {
		t.Fatalf("after space came back the in-flight message is delivered again at once: %v, %v", d, err)
	}
}

// On a real full filesystem (a 256 KiB tmpfs; Linux as root only, where a
// test may mount one) the database's commits and the media writes are
// StorageFull, the database opens again afterwards, and the media
// directory holds nothing of the refused write.
func TestRealDiskFull(t *testing.T) {
	if runtime.GOOS != "linux" || os.Getuid() != 0 {
		t.Skip("mounting a tmpfs needs Linux and root; TestStoreDiskFull and TestMediaDiskFull inject the same failure")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", "-l", dir).Run() })
	ctx := context.Background()
	path := filepath.Join(dir, "songsmith.db")
	s, err := embedded.Open(path, embedded.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var stored []*jobs.Job
	for i := 0; i < 10_000; i++ {
		j := jobstest.NewJob("k")
		j.Prompt = strings.Repeat("x", 900)
		if err = s.CreateJob(ctx, j); err != nil {
			break
		}
		stored = append(stored, j)
	}
	if !errors.Is(err, backend.ErrStorageFull) || !jobs.IsCode(err, jobs.EUnavailable) {
		t.Fatalf("after %d jobs: %v, want storage full", len(stored), err)
	}
	m := &embedded.Media{Dir: filepath.Join(dir, "media"), Key: []byte("k")}
	big := strings.Repeat("y", 1<<20)
	if err := m.PutMedia(ctx, "0f8d3c2a-1b4e-4c6d-8e9f-0a1b2c3d4e5f/stems.zip", "application/zip", strings.NewReader(big), int64(len(big))); !errors.Is(err, backend.ErrStorageFull) {
		t.Fatalf("media on a full disk: %v", err)
	}
	if left := files(t, m.Dir); len(left) != 0 {
		t.Fatalf("the refused media write left %v", left)
	}
	must(t, s.Close())
	// Take the last free byte, so the reopening's start-up commit cannot
	// find room however much bbolt's freelist happened to keep.
	filler, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	for _, err = filler.Write(make([]byte, 4096)); err == nil; _, err = filler.Write(make([]byte, 4096)) {
	}
	must(t, filler.Close())
	for round, space := range []string{"full", "space again"} {
		if round == 1 {
			must(t, os.Remove(filler.Name()))
		}
		s, err = embedded.Open(path, embedded.Options{})
		if err != nil {
			t.Fatalf("reopening (%s): %v", space, err)
		}
		for _, j := range stored {
			if _, err := s.Job(ctx, j.ID); err != nil {
				t.Fatalf("job %s lost (%s): %v", j.ID, space, err)
			}
		}
		must(t, s.Close())
	}
	t.Logf("%d jobs stored before the disk was full; all there after reopening", len(stored))
}
