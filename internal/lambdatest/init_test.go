package lambdatest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"testing"
)

// maxInitBytes bounds what one package may allocate while it initialises
// in a Lambda: package init runs on every cold start, before the first
// event, whether or not the invocation needs it.
const maxInitBytes = 4 << 20

// TestColdStartInit runs each bootstrap with GODEBUG=inittrace=1 and
// checks that no package allocates more than maxInitBytes at init (the
// allocation counts are deterministic, unlike times on a shared machine);
// it logs each function's total init allocation and time.
func TestColdStartInit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the functions to time their cold start")
	}
	dir := samBuild(t, runtime.GOARCH)
	line := regexp.MustCompile(`(?m)^init (\S+) @[\d.]+ ms, ([\d.]+) ms clock, (\d+) bytes, (\d+) allocs`)
	for _, f := range functions {
		cmd := exec.Command(filepath.Join(dir, f, "bootstrap"))
		// No Runtime API answers: the process exits after its init.
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "GODEBUG=inittrace=1", "AWS_LAMBDA_RUNTIME_API=127.0.0.1:1", "HOME=" + t.TempDir()}
		out, _ := cmd.CombinedOutput()
		inits := line.FindAllStringSubmatch(string(out), -1)
		if len(inits) < 20 {
			t.Fatalf("%s: %d init lines; GODEBUG=inittrace=1 printed:\n%s", f, len(inits), out)
		}
		var ms float64
		var bytes int
		for _, m := range inits {
			clock, _ := strconv.ParseFloat(m[2], 64)
			n, _ := strconv.Atoi(m[3])
			ms, bytes = ms+clock, bytes+n
			if n > maxInitBytes {
				t.Errorf("%s: package %s allocates %.1f MiB (%s allocs, %s ms) at init, over %d MiB: build it on first use",
					f, m[1], float64(n)/(1<<20), m[4], m[2], maxInitBytes>>20)
			}
		}
		t.Logf("%s: %d packages initialise, %.1f MiB, %.1f ms", f, len(inits), float64(bytes)/(1<<20), ms)
	}
}
