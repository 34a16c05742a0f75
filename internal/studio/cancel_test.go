package studio_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/studio"
)

// TestCancelStopsRender cancels a five-minute song with stems while it
// renders: the studio returns the context's error within 1 s of the
// cancellation (a cancelled job's worker stops within a second of noticing;
// it takes about 20 ms on an idle core).
func TestCancelStopsRender(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := &studio.Studio{TempDir: t.TempDir()}
	done := make(chan error, 1)
	go func() {
		_, err := s.Generate(ctx, "epic orchestral film score", 3, jobs.Options{Seconds: 300, Outputs: []string{request.OutputStems}})
		done <- err
	}()
	time.Sleep(500 * time.Millisecond)
	cancel()
	at := time.Now()
	select {
	case err := <-done:
		lag := time.Since(at)
		t.Logf("the studio returned %v after the cancellation", lag.Round(time.Millisecond))
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
		if lag > time.Second {
			t.Errorf("the studio took %v to stop", lag)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the studio did not stop within 30 s of the cancellation")
	}
}
