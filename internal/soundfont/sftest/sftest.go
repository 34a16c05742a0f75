// Package sftest gives tests the SoundFont bank they play recorded parts
// from: $SONGSMITH_SOUNDFONT, else Debian's FluidR3_GM, loaded once per test
// binary. Without it a test is skipped locally and fails under CI=true
// (make tools installs the bank).
package sftest

import (
	"sync"
	"testing"

	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/testutil"
)

// Path is the test bank's path: soundfont.DefaultPath, or DebianPath when
// that finds none (so that a missing bank is reported, not silently
// synthesized).
func Path() string {
	if p := soundfont.DefaultPath(); p != "" {
		return p
	}
	return soundfont.DebianPath
}

var load = sync.OnceValues(func() (*soundfont.Bank, error) { return soundfont.Load(Path()) })

// Bank returns the test bank, or skips (fails in CI) when it is missing.
func Bank(tb testing.TB) *soundfont.Bank {
	tb.Helper()
	testutil.RequireFile(tb, Path(), "make tools installs fluid-soundfont-gm")
	b, err := load()
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
