package jobs_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/songsmith/songsmith/internal/jobs"
)

// Both kinds of File open as a seekable reader of the right size (S3
// uploads over plain HTTP need to seek), and Remove deletes only a
// temporary file.
func TestFileOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("on disk"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, f := range []*jobs.File{{Data: []byte("in memory")}, {Path: path}} {
		r, size, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := r.(io.Seeker); !ok {
			t.Errorf("%T is not an io.Seeker", r)
		}
		b, _ := io.ReadAll(r)
		r.Close()
		if int64(len(b)) != size || f.Empty() {
			t.Errorf("read %q, size %d", b, size)
		}
		f.Remove()
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("Remove left the temporary file")
	}
	var none *jobs.File
	if !none.Empty() || !(&jobs.File{}).Empty() {
		t.Fatal("Empty")
	}
	none.Remove()
}
