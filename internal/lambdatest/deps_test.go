package lambdatest_test

import (
	"os/exec"
	"strings"
	"testing"
)

// engine lists the packages of the music engine: only the worker Lambda
// (and `songsmith serve`) may link them.
var engine = []string{"internal/reader", "internal/plan", "internal/music", "internal/synth", "internal/engine", "internal/studio", "internal/cover", "internal/audio/mp3", "internal/style", "internal/score"}

// TestAPIFunctionsDoNotLinkTheEngine: the API Lambdas stay small and
// start fast because they leave the music engine out; the worker needs it.
func TestAPIFunctionsDoNotLinkTheEngine(t *testing.T) {
	for _, f := range functions {
		out, err := exec.Command("go", "list", "-deps", "../../functions/"+f).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps functions/%s: %v\n%s", f, err, out)
		}
		deps := map[string]bool{}
		for _, p := range strings.Fields(string(out)) {
			deps[strings.TrimPrefix(p, "github.com/songsmith/songsmith/")] = true
		}
		for _, e := range engine {
			switch {
			case f == "worker" && !deps["internal/music"]:
				t.Fatalf("worker does not link internal/music: the check reads go list wrongly")
			case f != "worker" && deps[e]:
				t.Errorf("functions/%s links %s", f, e)
			}
		}
	}
}
