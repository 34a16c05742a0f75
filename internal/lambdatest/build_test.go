package lambdatest_test

import (
	"bytes"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// functions are the Lambda functions: their folder under functions/ and
// their logical id in template.yaml.
var functions = []string{"generate", "getjob", "worker"}

var logicalIDs = map[string]string{"generate": "GenerateFunction", "getjob": "GetJobFunction", "worker": "WorkerFunction"}

// samBuild does what `sam build` does with build_in_source and
// BuildMethod makefile: for each function it runs `make build-<LogicalId>`
// in the function's CodeUri with ARTIFACTS_DIR set. goarch overrides the
// target architecture (LAMBDA_GOARCH, arm64 by default) so the tests can run
// the output. It returns the folder holding <function>/bootstrap.
func samBuild(t *testing.T, goarch string) string {
	if testing.Short() {
		t.Skip("-short: sam build of every function")
	}
	t.Helper()
	dir := t.TempDir()
	for _, f := range functions {
		art := filepath.Join(dir, f)
		if err := os.MkdirAll(art, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("make", "--no-print-directory", "build-"+logicalIDs[f])
		cmd.Dir = filepath.Join("..", "..", "functions", f)
		cmd.Env = append(os.Environ(), "ARTIFACTS_DIR="+art)
		if goarch != "" {
			cmd.Env = append(cmd.Env, "LAMBDA_GOARCH="+goarch)
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("make build-%s in functions/%s: %v\n%s", logicalIDs[f], f, err, out)
		}
	}
	return dir
}

// TestSamBuildArm64 builds the functions exactly as `sam build` would for
// Lambda (no architecture override) and checks each bootstrap is a static
// linux/arm64 executable, and that building again gives the same bytes.
func TestSamBuildArm64(t *testing.T) {
	first, second := samBuild(t, ""), samBuild(t, "")
	for _, f := range functions {
		path := filepath.Join(first, f, "bootstrap")
		ef, err := elf.Open(path)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if ef.Machine != elf.EM_AARCH64 || ef.Class != elf.ELFCLASS64 {
			t.Errorf("%s: machine %v class %v, want 64-bit arm64", f, ef.Machine, ef.Class)
		}
		for _, p := range ef.Progs {
			if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
				t.Errorf("%s: dynamically linked (%v), want static", f, p.Type)
			}
		}
		if ef.Section(".symtab") != nil {
			t.Errorf("%s: symbol table present, want stripped (-s -w)", f)
		}
		ef.Close()
		a, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(second, f, "bootstrap"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two builds of the same tree differ: the flags are not reproducible", f)
		}
		t.Logf("%s: linux/arm64 bootstrap %.1f MB", f, float64(len(a))/1e6)
	}
}
