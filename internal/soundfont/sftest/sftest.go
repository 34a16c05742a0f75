// Package sftest gives tests the SoundFont bank they play recorded parts
// from: $SONGSMITH_SOUNDFONT, else Debian's FluidR3_GM, loaded once per test
// binary. Without it a test is skipped locally and fails under CI=true
// (make tools installs the bank). Being test support, it reads the
// environment itself; product code gets the path from internal/app.
package sftest

import (
	"os"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/internal/soundfont"
	"github.com/songsmith/songsmith/internal/testutil"
)

// EnvPath names the variable that points tests at another bank file.
const EnvPath = "SONGSMITH_SOUNDFONT"

// Path is the test bank's path: $SONGSMITH_SOUNDFONT when set to a file,
// else soundfont.DebianPath (so that a missing bank is reported, not
// silently synthesized).
func Path() string {
	if p := os.Getenv(EnvPath); p != "" && p != "off" {
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
