package lambdatest_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/app"
	"github.com/songsmith/songsmith/internal/testutil"
)

func readRoot(t *testing.T, name string) string {
	b, err := os.ReadFile(filepath.Join("..", "..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTemplateLint runs cfn-lint on template.yaml: no errors, no
// warnings, and no informational findings either. One run: with
// --include-checks I cfn-lint applies its default rules (errors and
// warnings) and the informational ones, so a clean run is clean on all
// three (a run without the flag was a subset of it, 20-40 s of CPU).
func TestTemplateLint(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: cfn-lint on the template")
	}
	bin := testutil.RequireTool(t, "cfn-lint")
	cmd := exec.Command(bin, "template.yaml", "--include-checks", "I")
	cmd.Dir = filepath.Join("..", "..")
	if out, err := cmd.CombinedOutput(); err != nil || len(strings.TrimSpace(string(out))) > 0 {
		t.Fatalf("cfn-lint template.yaml --include-checks I: %v\n%s", err, out)
	}
}

// resources splits the template's Resources section into blocks by
// logical id (two-space indented keys).
func resources(t *testing.T, tmpl string) map[string]string {
	_, rest, ok := strings.Cut(tmpl, "\nResources:\n")
	if !ok {
		t.Fatal("no Resources section")
	}
	if i := strings.Index(rest, "\nOutputs:"); i >= 0 {
		rest = rest[:i]
	}
	out := map[string]string{}
	var cur string
	for _, line := range strings.Split(rest, "\n") {
		if m := regexp.MustCompile(`^  ([A-Za-z0-9]+):\s*$`).FindStringSubmatch(line); m != nil {
			cur = m[1]
			continue
		}
		if cur != "" {
			out[cur] += line + "\n"
		}
	}
	return out
}

// TestTemplateFunctions checks the three functions' shape and that each
// has its Makefile build target with the exact build command, in the
// repository's Makefile.aws and in its CodeUri (where sam build runs make).
func TestTemplateFunctions(t *testing.T) {
	tmpl := readRoot(t, "template.yaml")
	mk := readRoot(t, "Makefile.aws")
	for _, want := range []string{"\nLAMBDA_GOARCH ?= arm64\n",
		"\nLAMBDA_BUILD = CGO_ENABLED=0 GOOS=linux GOARCH=$(LAMBDA_GOARCH) go build -trimpath -buildvcs=false -tags lambda.norpc $(LAMBDA_GCFLAGS) -ldflags=\"-s -w -buildid=\" -o $(ARTIFACTS_DIR)/bootstrap\n",
		// No fused multiply-add on arm64: recipes render the same samples there.
		"\nLAMBDA_GCFLAGS = -gcflags=all=-d=fmahash=qn\n"} {
		if !strings.Contains(mk, want) {
			t.Errorf("Makefile.aws lacks %q", want)
		}
	}
	for _, want := range []string{"Transform: AWS::Serverless-2016-10-31", "Runtime: provided.al2023", "Architectures: [arm64]", "Handler: bootstrap", "Type: AWS::Serverless::HttpApi",
		"ThrottlingBurstLimit:", "ThrottlingRateLimit:", "Path: /generate", "Path: /compose", "Path: /jobs/{job_id}", "AttributeName: expires_at",
		"FunctionResponseTypes: [ReportBatchItemFailures]", "maxReceiveCount: !FindInMap [Redrive, !Ref MaxAttempts, MaxReceiveCount]", "ExpirationInDays: !Ref RetentionDays"} {
		if !strings.Contains(tmpl, want) {
			t.Errorf("template.yaml lacks %q", want)
		}
	}
	want := map[string]string{"GenerateFunction": "generate", "GetJobFunction": "getjob", "WorkerFunction": "worker"}
	seen := map[string]bool{}
	for id, block := range resources(t, tmpl) {
		if !strings.Contains(block, "Type: AWS::Serverless::Function") {
			continue
		}
		dir, ok := want[id]
		if !ok {
			t.Errorf("unexpected function %s", id)
			continue
		}
		seen[id] = true
		if !strings.Contains(block, "BuildMethod: makefile") || !strings.Contains(block, "CodeUri: functions/"+dir+"/\n") {
			t.Errorf("%s: want BuildMethod makefile and CodeUri functions/%s/", id, dir)
		}
		if cmd := "$(LAMBDA_BUILD) ./functions/" + dir; !strings.Contains(mk, "\nbuild-"+id+":\n\t"+cmd+"\n") {
			t.Errorf("Makefile.aws: target build-%s must run exactly:\n\t%s", id, cmd)
		}
		if sub := readRoot(t, filepath.Join("functions", dir, "Makefile")); !strings.Contains(sub, "\nbuild-"+id+":\n") {
			t.Errorf("functions/%s/Makefile lacks build-%s", dir, id)
		}
	}
	if len(seen) != len(want) {
		t.Fatalf("functions found %v, want %v", seen, want)
	}
}

// TestTemplateEnvironment checks that the Globals declare the SONGSMITH_*
// variables of internal/app/config.go that matter on Lambda, and no others.
func TestTemplateEnvironment(t *testing.T) {
	tmpl := readRoot(t, "template.yaml")
	declared := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+(SONGSMITH_[A-Z0-9_]+):`).FindAllStringSubmatch(tmpl, -1) {
		declared[m[1]] = true
	}
	localOnly := map[string]bool{"SONGSMITH_ADDR": true, "SONGSMITH_BASE_URL": true, "SONGSMITH_DATA_DIR": true,
		"SONGSMITH_API_KEYS": true, "SONGSMITH_WORKERS": true, "SONGSMITH_SIGNING_KEY": true,
		"SONGSMITH_SHUTDOWN_GRACE": true, "SONGSMITH_WRITE_TIMEOUT": true,
		// The worker Lambda reads it but runs on its default: SQS's
		// maxReceiveCount bounds deliveries there (whichever limit comes
		// first fails the job).
		"SONGSMITH_CRASH_HEADROOM": true,
		// Read by the `songsmith generate` client command only.
		"SONGSMITH_URL": true, "SONGSMITH_KEY": true, "SONGSMITH_API_KEY": true}
	known := map[string]bool{}
	for _, v := range app.Vars {
		known[v.Name] = true
		if strings.HasPrefix(v.Name, "SONGSMITH_") && !localOnly[v.Name] && !declared[v.Name] {
			t.Errorf("template.yaml does not declare %s", v.Name)
		}
	}
	for name := range declared {
		if !known[name] {
			t.Errorf("template.yaml declares %s, which internal/app/config.go does not read", name)
		}
	}
}

// templateDiffers are the Lambda settings that differ from app.Vars on
// purpose, and why.
var templateDiffers = map[string]string{
	"SONGSMITH_BACKEND":           "the Lambdas run on the aws backend",
	"SONGSMITH_GENERATE_TIMEOUT":  "270 s: the worker's 300 s Lambda timeout less the time to record the outcome",
	"SONGSMITH_JOB_TIMEOUT":       "4h: it must outlast every delivery the queue allows (TestTemplateDelivery)",
	"SONGSMITH_METRICS_NAMESPACE": "Songsmith/<stack>: the worker's metrics have a namespace on AWS",
	"SONGSMITH_TABLE":             "the stack's table",
}

// TestTemplateDefaults: what the template gives the Lambdas by default,
// as a literal value or through a parameter's default, is app.Vars'
// default, unless templateDiffers explains why not; so the defaults have
// one table, and the template follows it.
func TestTemplateDefaults(t *testing.T) {
	c := loadTemplate(t)
	env, ok := c.path("Globals", "Function", "Environment", "Variables").(map[string]any)
	if !ok {
		t.Fatal("no Globals.Function.Environment.Variables")
	}
	checked := 0
	for _, v := range app.Vars {
		val, ok := env[v.Name]
		if !ok || templateDiffers[v.Name] != "" {
			continue
		}
		var got string
		switch x := val.(type) {
		case string:
			got = x
		case map[string]any:
			switch {
			case x["Ref"] != nil && c.path("Parameters", fmt.Sprint(x["Ref"])) != nil:
				got = c.paramDefault(t, fmt.Sprint(x["Ref"]))
			case x["Fn::FindInMap"] != nil:
				// [Map, !Ref Param, Key]: the entry of the parameter's default.
				args, _ := x["Fn::FindInMap"].([]any)
				if len(args) != 3 {
					t.Fatalf("%s: %v", v.Name, x)
				}
				key := fmt.Sprint(args[1])
				if ref, ok := args[1].(map[string]any); ok {
					key = c.paramDefault(t, fmt.Sprint(ref["Ref"]))
				}
				got = str(c.path("Mappings", fmt.Sprint(args[0]), key), fmt.Sprint(args[2]))
			default:
				continue // names a resource (queue URL, bucket): no default
			}
		}
		if got != v.Default {
			t.Errorf("template gives %s %q by default, app.Vars says %q", v.Name, got, v.Default)
		}
		checked++
	}
	if checked < 8 {
		t.Fatalf("compared only %d variables: the test reads the template wrongly", checked)
	}
}
