package lambdatest_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/dynamo"
)

// statement is one IAM policy statement of a function's role.
type statement struct {
	Sid       string
	Actions   []string
	Resources []any
	Leading   []string // dynamodb:LeadingKeys patterns; nil when unconditioned
}

// roleStatements returns the statements of the role a function runs as,
// and checks that the function uses an explicit role (no SAM Policies, no
// managed policies) that only Lambda can assume.
func roleStatements(t *testing.T, c cfn, fn string) []statement {
	t.Helper()
	props, _ := dig(c.res(t, fn), "Properties").(map[string]any)
	if _, ok := props["Policies"]; ok {
		t.Errorf("%s: SAM Policies are set; the role is explicit (Role)", fn)
	}
	role := strings.TrimSuffix(str(props, "Role", "Fn::GetAtt"), ".Arn")
	if role == "" {
		t.Fatalf("%s: Role is not !GetAtt <role>.Arn", fn)
	}
	r := c.res(t, role)
	if str(r, "Type") != "AWS::IAM::Role" {
		t.Fatalf("%s: role %s is a %s", fn, role, str(r, "Type"))
	}
	if _, ok := dig(r, "Properties", "ManagedPolicyArns").([]any); ok {
		t.Errorf("role %s has managed policies", role)
	}
	if p := str(r, "Properties", "AssumeRolePolicyDocument", "Statement", "0", "Principal", "Service"); p != "lambda.amazonaws.com" || dig(r, "Properties", "AssumeRolePolicyDocument", "Statement", "1") != nil {
		t.Errorf("role %s: assumable by %q, want only lambda.amazonaws.com", role, p)
	}
	var out []statement
	pols, _ := dig(r, "Properties", "Policies").([]any)
	for _, p := range pols {
		sts, _ := dig(p, "PolicyDocument", "Statement").([]any)
		for _, s := range sts {
			if str(s, "Effect") != "Allow" {
				t.Errorf("role %s: statement %s is not Allow", role, str(s, "Sid"))
			}
			st := statement{Sid: str(s, "Sid"), Actions: strs(dig(s, "Action"))}
			if res, ok := dig(s, "Resource").([]any); ok {
				st.Resources = res
			} else {
				st.Resources = []any{dig(s, "Resource")}
			}
			if lk := dig(s, "Condition", "ForAllValues:StringLike", "dynamodb:LeadingKeys"); lk != nil {
				st.Leading = strs(lk)
			}
			if dig(s, "NotAction") != nil || dig(s, "NotResource") != nil {
				t.Errorf("role %s: statement %s uses NotAction/NotResource", role, st.Sid)
			}
			out = append(out, st)
		}
	}
	if len(out) == 0 {
		t.Fatalf("role %s has no statements", role)
	}
	return out
}

// like reports whether s matches an IAM StringLike pattern (* and ?).
func like(pattern, s string) bool {
	re := "^" + strings.NewReplacer(`\*`, ".*", `\?`, ".").Replace(regexp.QuoteMeta(pattern)) + "$"
	return regexp.MustCompile(re).MatchString(s)
}

// TestTemplateIAM checks least privilege for each function's role: the
// only "*" resource is X-Ray's (its write actions support no resource-level
// permissions), logs go only to the function's own log group, every
// DynamoDB statement is limited to the item partitions the function uses
// (dynamodb:LeadingKeys, with the prefixes internal/dynamo writes), no API
// function can write an API-key item, and S3 and SQS access is per action
// and resource.
func TestTemplateIAM(t *testing.T) {
	c := loadTemplate(t)
	job, keys, rate, idem := dynamo.PrefixJob+"*", dynamo.PartitionKeys, dynamo.PrefixRate+"*", dynamo.PrefixIdem+"*"
	owner, lease := dynamo.PrefixOwner+"*", dynamo.PrefixLease+"*"
	active, outbox := dynamo.PrefixActive+"*", dynamo.PartitionOutbox
	wantDB := map[string]map[string][]string{
		"GenerateFunction": {"dynamodb:GetItem": {keys, job, idem, active}, "dynamodb:PutItem": {job, idem, outbox},
			"dynamodb:UpdateItem": {rate, job, active}, // job: an edit's source past JobTimeout
			"dynamodb:DeleteItem": {outbox}},           // the outbox record of a job sent
		"GetJobFunction": {"dynamodb:GetItem": {keys, job}, "dynamodb:UpdateItem": {rate, job, active}, "dynamodb:Query": {owner},
			"dynamodb:DeleteItem": {job, idem}}, // DELETE /jobs/{job_id}
		"WorkerFunction": {"dynamodb:GetItem": {job, lease, keys}, "dynamodb:UpdateItem": {job, lease, active},
			"dynamodb:Query": {outbox}, "dynamodb:DeleteItem": {outbox}}, // the reconciler
	}
	wantOther := map[string][]string{
		"GenerateFunction": {"sqs:SendMessage JobsQueue.Arn", "sqs:SendMessage WebhooksQueue.Arn"},
		"GetJobFunction":   {"s3:DeleteObject ${MediaBucket.Arn}/jobs/*", "s3:GetObject ${MediaBucket.Arn}/jobs/*", "sqs:SendMessage WebhooksQueue.Arn"},
		"WorkerFunction": {"s3:DeleteObject ${MediaBucket.Arn}/jobs/*", "s3:GetObject ${MediaBucket.Arn}/jobs/*", "s3:PutObject ${MediaBucket.Arn}/jobs/*",
			"secretsmanager:GetSecretValue WebhookSigningSecret",
			"sqs:ChangeMessageVisibility DeadLetterQueue.Arn", "sqs:ChangeMessageVisibility JobsQueue.Arn", "sqs:ChangeMessageVisibility WebhooksQueue.Arn",
			"sqs:DeleteMessage DeadLetterQueue.Arn", "sqs:DeleteMessage JobsQueue.Arn", "sqs:DeleteMessage WebhooksQueue.Arn",
			"sqs:GetQueueAttributes DeadLetterQueue.Arn", "sqs:GetQueueAttributes JobsQueue.Arn", "sqs:GetQueueAttributes WebhooksQueue.Arn",
			"sqs:ReceiveMessage DeadLetterQueue.Arn", "sqs:ReceiveMessage JobsQueue.Arn", "sqs:ReceiveMessage WebhooksQueue.Arn",
			"sqs:SendMessage JobsQueue.Arn", "sqs:SendMessage WebhooksQueue.Arn"},
	}
	logGroup := map[string]string{"GenerateFunction": "GenerateLogGroup.Arn", "GetJobFunction": "GetJobLogGroup.Arn", "WorkerFunction": "WorkerLogGroup.Arn"}
	xray := []string{"xray:PutTelemetryRecords", "xray:PutTraceSegments"}
	for fn, want := range wantDB {
		gotDB := map[string][]string{}
		var other, xr, logs []string
		for _, st := range roleStatements(t, c, fn) {
			for _, a := range st.Actions {
				if strings.Contains(a, "*") {
					t.Errorf("%s %s: wildcard action %s", fn, st.Sid, a)
				}
				for _, r := range st.Resources {
					ref := str(r, "Fn::GetAtt") + str(r, "Fn::Sub") + str(r, "Ref")
					switch {
					case r == "*":
						xr = append(xr, a)
					case strings.HasPrefix(a, "dynamodb:"):
						// Query on the owner index (the history) or, for the
						// reconciler, on the table's OUTBOX partition only;
						// nothing else on an index.
						outboxQuery := a == "dynamodb:Query" && ref == "JobsTable.Arn" && slices.Equal(st.Leading, []string{dynamo.PartitionOutbox})
						if a == "dynamodb:Query" && ref != "${JobsTable.Arn}/index/"+dynamo.OwnerIndex && !outboxQuery ||
							a != "dynamodb:Query" && ref != "JobsTable.Arn" {
							t.Errorf("%s %s: %s on %v", fn, st.Sid, a, r)
						}
						if len(st.Leading) == 0 {
							t.Errorf("%s %s: %s without a dynamodb:LeadingKeys condition", fn, st.Sid, a)
						}
						gotDB[a] = append(gotDB[a], st.Leading...)
					case strings.HasPrefix(a, "logs:"):
						logs = append(logs, a+" "+ref)
					default:
						other = append(other, a+" "+ref)
					}
				}
			}
		}
		slices.Sort(xr)
		if !slices.Equal(xr, xray) {
			t.Errorf(`%s: actions on "*" %v, want only %v`, fn, xr, xray)
		}
		slices.Sort(logs)
		if w := []string{"logs:CreateLogStream " + logGroup[fn], "logs:PutLogEvents " + logGroup[fn]}; !slices.Equal(logs, w) {
			t.Errorf("%s: logs permissions %v, want %v", fn, logs, w)
		}
		slices.Sort(other)
		if !slices.Equal(other, wantOther[fn]) {
			t.Errorf("%s: S3/SQS permissions\n got %v\nwant %v", fn, other, wantOther[fn])
		}
		for a, pats := range gotDB {
			slices.Sort(pats)
			w := slices.Clone(want[a])
			slices.Sort(w)
			if !slices.Equal(pats, w) {
				t.Errorf("%s: %s on partitions %v, want %v", fn, a, pats, w)
			}
		}
		for a := range want {
			if _, ok := gotDB[a]; !ok {
				t.Errorf("%s: lacks %s", fn, a)
			}
		}
		// The API functions read API keys but can never write one.
		{
			for a, pats := range gotDB {
				if a == "dynamodb:GetItem" {
					continue
				}
				for _, p := range pats {
					if like(p, dynamo.PartitionKeys) {
						t.Errorf("%s: %s allowed on the API-key partition (%s)", fn, a, p)
					}
				}
			}
		}
	}
	// The matcher itself.
	if !like("JOB#*", "JOB#123") || like("JOB#*", "KEYS") || !like("KEYS", "KEYS") || like("RATE#*", "XRATE#1") {
		t.Fatal("like is broken")
	}
}
