package engine_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
)

// TestRenderConcurrently renders one short song (10 s, the shortest a
// request may ask) on several goroutines at
// once, as the server's workers do, and requires the same samples from
// each: the process-wide state the renders share (the soundfont bank,
// the wave tables, the buffer pools) is read-only or owned by one render.
// It is the engine's render under -race in make test's first pass, where
// the longer single-render tests skip (testutil.SkipRaceShort).
func TestRenderConcurrently(t *testing.T) {
	const n = 2
	songs := make([]*engine.Song, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			songs[i], errs[i] = engine.Render(context.Background(), engine.Resolve("acoustic folk with piano, 10 seconds", 5, engine.Options{}))
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("render %d: %v", i, err)
		}
	}
	for i := 1; i < n; i++ {
		if !slices.Equal(songs[0].Audio.Samples, songs[i].Audio.Samples) {
			t.Errorf("render %d differs from render 0 of the same song", i)
		}
	}
	if len(songs[0].Audio.Samples) == 0 {
		t.Fatal("no audio")
	}
}
