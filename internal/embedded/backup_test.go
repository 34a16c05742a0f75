package embedded_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// A backup taken while writers go on is a whole database holding every
// record written before it began; it opens as a store with those jobs.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	path, before, keys := filledDB(t, 40)
	s, err := embedded.Open(path, embedded.Options{})
	must(t, err)
	defer s.Close()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				j := jobstest.NewJob("owner2")
				if err := s.CreateJob(ctx, j); err != nil {
					t.Error(err)
					return
				}
				_ = s.Enqueue(ctx, j.ID)
			}
		}()
	}
	time.Sleep(20 * time.Millisecond)
	out := filepath.Join(t.TempDir(), "backup.db")
	f, err := os.Create(out)
	must(t, err)
	n, err := s.Backup(f)
	must(t, err)
	must(t, f.Close())
	close(stop)
	wg.Wait()

	sum, err := embedded.VerifyFile(out)
	if err != nil || sum.Size != n || sum.Jobs < len(before) || sum.Keys != len(keys) || sum.Damaged != 0 {
		t.Fatalf("backup of %d bytes: %+v, %v", n, sum, err)
	}
	b, err := embedded.Open(out, embedded.Options{})
	must(t, err)
	defer b.Close()
	for _, j := range before {
		if _, err := b.Job(ctx, j.ID); err != nil {
			t.Fatalf("job %s missing from the backup: %v", j.ID, err)
		}
	}
	t.Logf("backup: %d bytes, %d jobs (%d written while writers ran)", n, sum.Jobs, sum.Jobs-len(before))

	// BackupFile reads a database no process holds, read-only; one a
	// store holds is ErrLocked for it.
	if _, err := embedded.BackupFile(path, &discard{}, 100*time.Millisecond); !errors.Is(err, embedded.ErrLocked) {
		t.Fatalf("BackupFile of a database a store holds: %v, want ErrLocked", err)
	}
	b.Close()
	// BackupFile copies a closed database's used pages (bbolt's high-water
	// mark), not its whole file: a store that opened it may have grown the
	// file past them (126976 bytes of a 131072-byte file once, 131072 of
	// 262144 another time). The copy holds every record the file holds.
	st, err := os.Stat(out)
	must(t, err)
	again := filepath.Join(t.TempDir(), "again.db")
	g, err := os.Create(again)
	must(t, err)
	n2, err := embedded.BackupFile(out, g, time.Second)
	must(t, err)
	must(t, g.Close())
	orig, err := embedded.VerifyFile(out)
	must(t, err)
	cp, err := embedded.VerifyFile(again)
	if err != nil || n2 <= 0 || n2 > st.Size() || cp.Size != n2 || cp.Jobs != orig.Jobs || cp.Keys != orig.Keys || cp.Damaged != 0 {
		t.Fatalf("BackupFile of a closed database (%d bytes, file %d): %+v, %v; the file holds %+v", n2, st.Size(), cp, err, orig)
	}
	if _, err := embedded.VerifyFile(filepath.Join(t.TempDir(), "none.db")); err == nil {
		t.Fatal("VerifyFile passed a missing file")
	}
}

type discard struct{ n int64 }

func (d *discard) Write(p []byte) (int, error) { d.n += int64(len(p)); return len(p), nil }
