package testutil

import "testing"

// SkipRaceShort skips a long single-threaded signal-processing test in
// make test's first pass (-race -short): the race detector slows DSP about
// 8x and finds nothing in code that starts no goroutine, and the second
// pass (without -race) runs the test anyway. Without -race, or without
// -short, the test runs. A test whose code starts goroutines (the job
// queue, the server, the stores, the synthesizer's parallel parts) must
// not call it.
func SkipRaceShort(tb testing.TB) {
	tb.Helper()
	if RaceEnabled && testing.Short() {
		tb.Skipf("-race -short: single-threaded DSP; make test's second pass runs it without -race")
	}
}
