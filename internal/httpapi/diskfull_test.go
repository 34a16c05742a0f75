package httpapi_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/jobs/backend"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
	"github.com/songsmith/songsmith/internal/worker"
)

// fullDisk switches a store and a media directory between a disk with
// room and a full one (ENOSPC on every database commit and media write).
type fullDisk struct{ full atomic.Bool }

func (d *fullDisk) fault() error {
	if d.full.Load() {
		return fmt.Errorf("write songsmith.db: %w", syscall.ENOSPC)
	}
	return nil
}

// noSpaceFile fails every write as a full disk does.
type noSpaceFile struct{ f *os.File }

func (n noSpaceFile) Write([]byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: n.f.Name(), Err: syscall.ENOSPC}
}
func (n noSpaceFile) Close() error { return n.f.Close() }
func (n noSpaceFile) Name() string { return n.f.Name() }

func (d *fullDisk) createTemp(dir, pattern string) (embedded.TempFile, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil || !d.full.Load() {
		return f, err
	}
	return noSpaceFile{f}, nil
}

// A full data disk answers /generate and /edit with 503
// service_unavailable, Retry-After 30 and a message that says what
// happened; nothing is stored or queued, and the same request works once
// space is back.
func TestDiskFull(t *testing.T) {
	ctx := context.Background()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	disk := &fullDisk{}
	st, err := embedded.Open(filepath.Join(t.TempDir(), "songsmith.db"), embedded.Options{WriteFault: disk.fault})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	mediaDir := t.TempDir()
	media := &embedded.Media{Dir: mediaDir, Key: []byte("k"), CreateTemp: disk.createTemp}
	svc := &jobs.Service{Jobs: st, Keys: st, Limiter: st, Queue: st, Media: media, Config: jobstest.Config(), Logger: quiet}
	srv := httptest.NewServer(httpapi.New(svc, httpapi.Options{Media: media, MaxBodyBytes: 4096, Logger: quiet}))
	t.Cleanup(srv.Close)
	media.BaseURL = srv.URL
	k, key, _ := jobs.NewAPIKey("t", time.Now(), 0)
	if err := st.CreateKey(ctx, k); err != nil {
		t.Fatal(err)
	}
	e := &env{URL: srv.URL, Store: st, Key: key}
	w := &worker.Worker{Jobs: st, Media: media, Generator: &jobstest.Generator{}, MaxAttempts: 2, Timeout: 2 * time.Second, Logger: quiet}
	src := e.submit(t, "lo-fi")
	if out, err := w.Process(ctx, jobs.JobID(src), 1); out != worker.Completed {
		t.Fatalf("source job: %v %v", out, err)
	}

	queued, _ := st.Pending()
	disk.full.Store(true)
	for path, body := range map[string]string{"/generate": `{"prompt": "lo-fi"}`, "/jobs/" + src + "/edit": `{"bpm": 96}`} {
		res, m := e.do(t, "POST", path, e.Key, []byte(body))
		assertErrorBody(t, 503, res, m)
		if m["error"] != "service_unavailable" || m["message"] != backend.StorageFull(nil).Message || res.Header.Get("Retry-After") != "30" {
			t.Fatalf("%s on a full disk: %v, Retry-After %q", path, m, res.Header.Get("Retry-After"))
		}
	}
	if n := e.jobCount(t); n != 1 {
		t.Fatalf("%d jobs after the refused requests, want 1", n)
	}
	if n, _ := st.Pending(); n != queued {
		t.Fatalf("%d queued after the refused requests, want %d", n, queued)
	}

	// The worker's media write: the song waits for space and the job
	// completes once the disk has room again, on its last attempt too.
	disk.full.Store(false)
	id := e.submit(t, "dub techno")
	disk.full.Store(true)
	time.AfterFunc(500*time.Millisecond, func() { disk.full.Store(false) })
	if out, err := w.Process(ctx, jobs.JobID(id), 2); out != worker.Completed {
		t.Fatalf("a job on a disk that frees: %v %v, want completed", out, err)
	}
	// A disk that stays full past the attempt's time: the job is retried,
	// not failed, even on its last attempt.
	id = e.submit(t, "dub techno")
	disk.full.Store(true)
	out, err := w.Process(ctx, jobs.JobID(id), 2)
	if out != worker.Retry || !errors.Is(err, backend.ErrStorageFull) {
		t.Fatalf("last attempt on a full disk: %v %v, want retry", out, err)
	}
	disk.full.Store(false)
	if j, _ := st.Job(ctx, jobs.JobID(id)); j.Status != jobs.StatusRunning {
		t.Fatalf("the job is %s, want running", j.Status)
	}
	if out, _ := w.Process(ctx, jobs.JobID(id), 3); out != worker.Completed {
		t.Fatalf("after space came back: %v", out)
	}
	for _, f := range files(t, mediaDir) {
		if filepath.Ext(f) == ".type" {
			if _, err := os.Stat(filepath.Join(mediaDir, f[:len(f)-5])); err != nil {
				t.Errorf("a sidecar without its file: %s", f)
			}
		} else if filepath.Base(f)[0] == '.' {
			t.Errorf("a temporary file left: %s", f)
		}
	}
}

// files lists every file under dir, relative.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	return out
}
