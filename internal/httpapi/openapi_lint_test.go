package httpapi_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/testutil"
)

// The OpenAPI document passes the validators people run on it:
// @apidevtools/swagger-parser and Redocly's linter (no errors; Redocly's
// style warnings are allowed). scripts/tools.sh installs both, pinned, in
// scripts/openapi-lint.
func TestOpenAPIOutsideValidators(t *testing.T) {
	node := testutil.RequireTool(t, "node")
	dir, err := filepath.Abs("../../scripts/openapi-lint")
	if err != nil {
		t.Fatal(err)
	}
	testutil.RequireFile(t, filepath.Join(dir, "node_modules", "@redocly", "cli", "package.json"),
		"scripts/tools.sh installs the validators (npm ci in scripts/openapi-lint)")
	doc, err := filepath.Abs("openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, filepath.Join(dir, "validate.js"), doc).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "swagger-parser: valid") {
		t.Errorf("swagger-parser: %v\n%s", err, out)
	}
	redocly := filepath.Join(dir, "node_modules", ".bin", "redocly")
	cmd := exec.Command(redocly, "lint", "--format=stylish", doc)
	cmd.Env = append(os.Environ(), "REDOCLY_TELEMETRY=off", "REDOCLY_SUPPRESS_UPDATE_NOTICE=true")
	out, err = cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), " error ") {
		t.Errorf("redocly lint: %v\n%s", err, out)
	}
}
