package jobstest

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/jobs"
)

// RunLimiter runs the Limiter contract against limiters made by open.
func RunLimiter(t *testing.T, open func(t *testing.T) jobs.Limiter) {
	ctx := context.Background()
	t.Run("WindowLimitAndReset", func(t *testing.T) {
		l := open(t)
		b := "submit#" + string(jobs.NewJobID())
		now := T0.Add(10 * time.Second) // 10 s into a minute window
		for i := 0; i < 3; i++ {
			d, err := l.Allow(ctx, b, 3, time.Minute, now)
			if err != nil {
				t.Fatal(err)
			}
			if !d.Allowed || d.Remaining != 2-i || d.Reset != 50*time.Second {
				t.Fatalf("request %d: %+v, want allowed with %d remaining, reset in 50s", i+1, d, 2-i)
			}
		}
		d, err := l.Allow(ctx, b, 3, time.Minute, now)
		if err != nil {
			t.Fatal(err)
		}
		if d.Allowed || d.RetryAfter != 50*time.Second || d.Reset != 50*time.Second || d.Remaining != 0 {
			t.Fatalf("4th request: %+v, want denied with retry after 50s", d)
		}
		d, _ = l.Allow(ctx, b, 3, time.Minute, T0.Add(time.Minute))
		if !d.Allowed {
			t.Fatalf("next window: %+v, want allowed", d)
		}
	})
	t.Run("BucketsAreIndependent", func(t *testing.T) {
		l := open(t)
		a, b := "a#"+string(jobs.NewJobID()), "b#"+string(jobs.NewJobID())
		if d, _ := l.Allow(ctx, a, 1, time.Minute, T0); !d.Allowed {
			t.Fatal("first request of a denied")
		}
		if d, _ := l.Allow(ctx, b, 1, time.Minute, T0); !d.Allowed {
			t.Fatal("bucket b affected by bucket a")
		}
		if d, _ := l.Allow(ctx, a, 1, time.Minute, T0); d.Allowed {
			t.Fatal("second request of a allowed")
		}
	})
	t.Run("ConcurrentCountsExactly", func(t *testing.T) {
		l := open(t)
		b := "c#" + string(jobs.NewJobID())
		var allowed atomic.Int32
		var wg sync.WaitGroup
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d, err := l.Allow(ctx, b, 7, time.Minute, T0)
				if err != nil {
					t.Error(err)
				}
				if d.Allowed {
					allowed.Add(1)
				}
			}()
		}
		wg.Wait()
		if allowed.Load() != 7 {
			t.Fatalf("%d allowed, want exactly 7", allowed.Load())
		}
	})
}
