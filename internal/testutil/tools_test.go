package testutil_test

import (
	"fmt"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// recorder is a testing.TB that records how a helper ended the test.
type recorder struct {
	testing.TB
	ended string // "fatal" or "skip", the first call only
	msg   string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) { r.end("fatal", format, args) }

func (r *recorder) Skipf(format string, args ...any) { r.end("skip", format, args) }

func (r *recorder) end(how, format string, args []any) {
	if r.ended == "" {
		r.ended, r.msg = how, fmt.Sprintf(format, args...)
	}
}

// TestRequireTool checks that a missing tool (chromium for the browser
// test, moto_server, cfn-lint...) fails the test under CI=true and only
// skips it elsewhere, and that a present tool is returned.
func TestRequireTool(t *testing.T) {
	const missing = "songsmith-no-such-tool"
	for _, c := range []struct{ ci, want string }{{"true", "fatal"}, {"", "skip"}, {"false", "skip"}} {
		t.Setenv("CI", c.ci)
		r := &recorder{}
		if p := testutil.RequireTool(r, missing); p != "" || r.ended != c.want {
			t.Errorf("CI=%q, missing tool: returned %q, ended %q, want %s", c.ci, p, r.ended, c.want)
		}
		if c.want == "fatal" && testutil.InCI() != true {
			t.Error("InCI is false under CI=true")
		}
	}
	t.Setenv("CI", "true")
	r := &recorder{}
	if p := testutil.RequireTool(r, "sh"); p == "" || r.ended != "" {
		t.Errorf("sh: returned %q, ended %q %s", p, r.ended, r.msg)
	}
}

// TestSkipRaceShort checks that SkipRaceShort skips exactly when the
// binary has the race detector and runs with -short (make test's first
// pass), and lets the test run otherwise.
func TestSkipRaceShort(t *testing.T) {
	r := &recorder{}
	testutil.SkipRaceShort(r)
	want := ""
	if testutil.RaceEnabled && testing.Short() {
		want = "skip"
	}
	if r.ended != want {
		t.Errorf("race %v, short %v: ended %q, want %q", testutil.RaceEnabled, testing.Short(), r.ended, want)
	}
}
