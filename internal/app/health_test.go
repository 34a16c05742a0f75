package app_test

import (
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/embedded"
	"github.com/songsmith/songsmith/internal/jobs/jobstest"
)

// Eight probers hammering /healthz at once for 3 s all get 200 (no probe
// deletes another's object), and the database is written at most once per
// HealthWriteEvery, not on every probe: over the time the probes took
// (the last ones, started before the 3 s were up, can end well after them
// on a loaded machine).
func TestHealthzConcurrentProbes(t *testing.T) {
	r := startServer(t, t.TempDir(), &jobstest.Generator{}, nil)
	st := r.Server.Backend.Keys.(*embedded.Store)
	before, err := st.CommittedTx()
	if err != nil {
		t.Fatal(err)
	}
	const probers, period = 8, 3 * time.Second
	var ok, bad atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	stop := start.Add(period)
	for range probers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(stop) {
				res, err := http.Get(r.URL + "/healthz")
				if err != nil {
					bad.Add(1)
					continue
				}
				res.Body.Close()
				if res.StatusCode == 200 {
					ok.Add(1)
				} else {
					bad.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	after, err := st.CommittedTx()
	if err != nil {
		t.Fatal(err)
	}
	writes := after - before
	t.Logf("%d probes by %d probers in %s: %d not 200, %d database writes", ok.Load()+bad.Load(), probers, period, bad.Load(), writes)
	if bad.Load() != 0 || ok.Load() < probers {
		t.Fatalf("%d of %d probes failed", bad.Load(), ok.Load()+bad.Load())
	}
	if max := int(took/app.HealthWriteEvery) + 1; writes > max {
		t.Fatalf("%d database writes in %s, want at most %d (one per %s)", writes, took.Round(time.Millisecond), max, app.HealthWriteEvery)
	}
}

// An idle local server (no requests, an empty queue, the janitor's first
// sweep done) writes nothing to its database over more than one queue
// poll period (5 s).
func TestIdleServerDoesNotWrite(t *testing.T) {
	r := startServer(t, t.TempDir(), &jobstest.Generator{}, nil)
	st := r.Server.Backend.Keys.(*embedded.Store)
	time.Sleep(500 * time.Millisecond) // start-up writes (keys, signing key, first sweep) settle
	before, err := st.CommittedTx()
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(6 * time.Second)
	after, err := st.CommittedTx()
	if err != nil {
		t.Fatal(err)
	}
	if after != before {
		t.Fatalf("an idle server committed %d write transactions in 6 s", after-before)
	}
}
