package main_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// TestAWSInitCommand runs `songsmith aws init` against moto twice (the
// second run changes nothing) and then `songsmith keys create` on the
// backend the printed variables name.
func TestAWSInitCommand(t *testing.T) {
	ep := testutil.StartMoto(t)
	env := os.Environ()
	for k, v := range testutil.AWSEnv(ep) {
		env = append(env, k+"="+v)
	}
	queue := testutil.UniqueName("songsmith-jobs")
	env = append(env, "SONGSMITH_BACKEND=aws", "SONGSMITH_TABLE="+testutil.UniqueName("songsmith"),
		"SONGSMITH_BUCKET="+testutil.UniqueName("songsmith-media"), "SONGSMITH_QUEUE_URL=http://localhost/000000000000/"+queue)
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(binPath, args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("songsmith %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	first := run("aws", "init")
	if second := run("aws", "init"); second != first {
		t.Errorf("second aws init printed\n%s\nfirst\n%s", second, first)
	}
	vars := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(first), "\n") {
		k, v, ok := strings.Cut(strings.TrimPrefix(line, "export "), "=")
		if !ok || !strings.HasPrefix(line, "export ") {
			t.Fatalf("aws init printed %q, want export NAME=value lines", line)
		}
		vars[k] = v
	}
	if !strings.HasSuffix(vars["SONGSMITH_QUEUE_URL"], "/"+queue) || !strings.HasSuffix(vars["SONGSMITH_DLQ_URL"], "/"+queue+"-dlq") ||
		!strings.HasSuffix(vars["SONGSMITH_WEBHOOK_QUEUE_URL"], "/"+queue+"-webhooks") ||
		!strings.Contains(vars["SONGSMITH_WEBHOOK_SECRET_ARN"], ":secret:"+vars["SONGSMITH_TABLE"]+"-webhook-master") {
		t.Fatalf("aws init printed %v", vars)
	}
	for k, v := range vars {
		env = append(env, k+"="+v)
	}
	// With the printed variables the key's signing secret derives from the
	// Secrets Manager secret, not from a master in the table.
	if out := run("keys", "create", "--name", "init"); !strings.Contains(out, "ss_") || !strings.Contains(out, "whsec_") ||
		strings.Contains(out, "SONGSMITH_WEBHOOK_SECRET_ARN is not set") {
		t.Fatalf("keys create on the initialised backend: %s", out)
	}
}

// aws init without credentials, or with nothing at AWS_ENDPOINT_URL, says
// which and how to fix it, with exit 3 and 6.
func TestAWSInitErrors(t *testing.T) {
	// Empty values hide the caller's (the SDK treats them as unset).
	base := []string{"AWS_EC2_METADATA_DISABLED=true", "AWS_REGION=us-east-1", "AWS_CONFIG_FILE=/nonexistent",
		"AWS_SHARED_CREDENTIALS_FILE=/nonexistent", "AWS_PROFILE=", "AWS_ACCESS_KEY_ID=", "AWS_SECRET_ACCESS_KEY=",
		"AWS_SESSION_TOKEN=", "AWS_ENDPOINT_URL=", "AWS_WEB_IDENTITY_TOKEN_FILE=", "AWS_CONTAINER_CREDENTIALS_FULL_URI=",
		"AWS_CONTAINER_CREDENTIALS_RELATIVE_URI="}
	r := runCLI(t, "", base, "aws", "init")
	r.want(t, 3)
	if !strings.Contains(r.stderr, "no AWS credentials") || !strings.Contains(r.stderr, "set AWS_ENDPOINT_URL") {
		t.Errorf("stderr %q", r.stderr)
	}
	closed := "http://" + freeAddr(t)
	r = runCLI(t, "", append(base, "AWS_ENDPOINT_URL="+closed, "AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test"), "aws", "init")
	r.want(t, 6)
	if !strings.Contains(r.stderr, "nothing answers at AWS_ENDPOINT_URL="+closed) {
		t.Errorf("stderr %q", r.stderr)
	}
}
