package studio_test

import (
	"context"
	"errors"
	"syscall"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/studio"
)

// TestCancelStopsRender cancels a five-minute song with stems while it
// renders: the studio returns the context's error having spent at most 1 s
// of CPU time after the cancellation (a cancelled job's worker stops within
// a second of noticing; it takes about 20 ms on an idle core). CPU time, not
// the wall clock: on a shared machine the wall clock measures the others.
func TestCancelStopsRender(t *testing.T) {
	// The process-wide bank loads once, on first use, and is not a
	// render: load it before the clock starts (2.4 s on a loaded machine).
	soundfont.Shared(soundfont.DebianPath)
	ctx, cancel := context.WithCancel(context.Background())
	s := &studio.Studio{TempDir: t.TempDir()}
	done := make(chan error, 1)
	go func() {
		_, err := s.Generate(ctx, "epic orchestral film score", 3, jobs.Options{Seconds: 300, Outputs: []string{request.OutputStems}})
		done <- err
	}()
	time.Sleep(500 * time.Millisecond)
	cancel()
	at, cpu := time.Now(), cpuTime(t)
	select {
	case err := <-done:
		lag, spent := time.Since(at), cpuTime(t)-cpu
		t.Logf("the studio returned %v after the cancellation, %v of CPU time", lag.Round(time.Millisecond), spent.Round(time.Millisecond))
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
		if spent > time.Second {
			t.Errorf("the studio spent %v of CPU time to stop", spent)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the studio did not stop within 30 s of the cancellation")
	}
}

// cpuTime is the process's user and system time so far.
func cpuTime(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
