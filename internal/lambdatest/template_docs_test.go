package lambdatest_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var updateDeployDoc = flag.Bool("update-deploy-doc", false, "rewrite the IAM table of docs/deploying.md from template.yaml")

// iamTable is the IAM table of docs/deploying.md, made from the roles of
// template.yaml: per function, each DynamoDB action with the partitions
// (dynamodb:LeadingKeys) it may touch, and the S3, SQS and Secrets Manager
// actions with what they act on.
func iamTable(t *testing.T) string {
	c := loadTemplate(t)
	var b strings.Builder
	b.WriteString("| Function | DynamoDB (partitions) | S3 (`jobs/*` of the media bucket) | SQS | Secrets Manager |\n|---|---|---|---|---|\n")
	for _, fn := range []string{"GenerateFunction", "GetJobFunction", "WorkerFunction"} {
		db := map[string][]string{}
		s3 := map[string]bool{}
		sqs := map[string][]string{}
		var sm []string
		for _, st := range roleStatements(t, c, fn) {
			for _, a := range st.Actions {
				service, action, _ := strings.Cut(a, ":")
				for _, r := range st.Resources {
					ref := strings.TrimSuffix(str(r, "Fn::GetAtt")+str(r, "Ref"), ".Arn")
					switch service {
					case "dynamodb":
						db[action] = append(db[action], st.Leading...)
					case "s3":
						s3[action] = true
					case "sqs":
						sqs[action] = append(sqs[action], ref)
					case "secretsmanager":
						sm = append(sm, fmt.Sprintf("`%s` %s", action, ref))
					}
				}
			}
		}
		cell := func(m map[string][]string, quote bool) string {
			var parts []string
			for _, a := range slices.Sorted(mapKeys(m)) {
				v := slices.Compact(slices.Sorted(slices.Values(m[a])))
				if quote {
					for i := range v {
						v[i] = "`" + v[i] + "`"
					}
				}
				parts = append(parts, fmt.Sprintf("`%s` %s", a, strings.Join(v, ", ")))
			}
			if len(parts) == 0 {
				return "none"
			}
			return strings.Join(parts, "; ")
		}
		s3cell := "none"
		if len(s3) > 0 {
			var a []string
			for _, k := range slices.Sorted(mapKeys(s3)) {
				a = append(a, "`"+k+"`")
			}
			s3cell = strings.Join(a, ", ")
		}
		smcell := "none"
		if len(sm) > 0 {
			smcell = strings.Join(sm, ", ")
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", strings.ToLower(strings.TrimSuffix(fn, "Function")), cell(db, true), s3cell, cell(sqs, false), smcell)
	}
	return b.String()
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// docs/deploying.md's IAM table is the roles of template.yaml (go test
// ./internal/lambdatest -run TestDeployingDocMatchesTemplate -args
// -update-deploy-doc rewrites it), and env.json (sam local's overrides)
// sets every variable of the template whose value is a resource of the
// stack (a table, queue, bucket or secret that has no value outside it),
// and no variable the template does not declare.
func TestDeployingDocMatchesTemplate(t *testing.T) {
	const start, end = "<!-- iam:start -->\n", "<!-- iam:end -->"
	path := filepath.Join("..", "..", "docs", "deploying.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i, j := strings.Index(string(doc), start), strings.Index(string(doc), end)
	if i < 0 || j < i {
		t.Fatalf("docs/deploying.md lacks the %q ... %q block", start, end)
	}
	if want := iamTable(t); string(doc[i+len(start):j]) != want {
		if *updateDeployDoc {
			if err := os.WriteFile(path, []byte(string(doc[:i+len(start)])+want+string(doc[j:])), 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			t.Errorf("docs/deploying.md's IAM table differs from template.yaml's roles:\n%s\n(run go test ./internal/lambdatest -run TestDeployingDocMatchesTemplate -args -update-deploy-doc)", want)
		}
	}

	tmpl := readRoot(t, "template.yaml")
	declared := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^\s+(SONGSMITH_[A-Z0-9_]+|AWS_[A-Z_]+):\s*(.*)$`).FindAllStringSubmatch(tmpl, -1) {
		declared[m[1]] = m[2]
	}
	var env struct{ Parameters map[string]string }
	if err := json.Unmarshal([]byte(readRoot(t, "env.json")), &env); err != nil {
		t.Fatalf("env.json: %v", err)
	}
	res := resources(t, tmpl)
	for name, value := range declared {
		ref := regexp.MustCompile(`^!(?:Ref|GetAtt) ([A-Za-z0-9]+)`).FindStringSubmatch(value)
		if ref == nil {
			continue
		}
		if _, isResource := res[ref[1]]; isResource {
			if _, ok := env.Parameters[name]; !ok {
				t.Errorf("env.json does not set %s (template.yaml: %s, a resource of the stack)", name, value)
			}
		}
	}
	for name := range env.Parameters {
		if _, ok := declared[name]; !ok && name != "AWS_ENDPOINT_URL" {
			t.Errorf("env.json sets %s, which template.yaml does not declare", name)
		}
	}
}
