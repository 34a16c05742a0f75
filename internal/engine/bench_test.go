package engine_test

import (
	"context"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/engine"
)

// BenchPrompt is the prompt of BenchmarkRender3Min; scripts/bench-engine.sh
// renders the same prompt and seed to MIDI for the FluidSynth yardstick.
const BenchPrompt = "happy pop song with piano and strings, 3 minutes"

// BenchmarkRender3Min renders a three-minute song end to end (parse,
// compose, synthesize, master) and reports how many times faster than real
// time that is, and the peak Go heap (peak_heap_MiB: live objects plus
// freed-but-unswept ones, sampled every 20 ms). Each song is released
// (Song.Release) once rendered, as a server worker does after encoding it.
// Goal: >= 100 x_realtime with -cpu 1, <= 200 MiB peak RSS (the process's,
// measured by scripts/bench-engine.sh).
func BenchmarkRender3Min(b *testing.B) {
	b.ReportAllocs()
	ctx := context.Background()
	seconds := 0.0
	peak := watchHeap()
	for b.Loop() {
		song, err := engine.Render(ctx, engine.Resolve(BenchPrompt, 1, engine.Options{}))
		if err != nil {
			b.Fatal(err)
		}
		seconds += song.Seconds
		song.Release()
	}
	b.ReportMetric(seconds/b.Elapsed().Seconds(), "x_realtime")
	b.ReportMetric(float64(peak())/(1<<20), "peak_heap_MiB")
}

// watchHeap samples the heap's object bytes (runtime/metrics) every 20 ms
// until the returned function is called, which returns the largest sample.
func watchHeap() func() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var (
		mu   sync.Mutex
		max  uint64
		done = make(chan struct{})
		wg   sync.WaitGroup
	)
	read := func() {
		metrics.Read(s)
		mu.Lock()
		max = maxU(max, s[0].Value.Uint64())
		mu.Unlock()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				read()
			}
		}
	}()
	return func() uint64 {
		close(done)
		wg.Wait()
		read()
		return max
	}
}

func maxU(a, b uint64) uint64 {
	if a > b {
		return a
	}
	return b
}
