package lambdatest_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/emf"
	"github.com/songsmith/songsmith/internal/httpapi"
	"github.com/songsmith/songsmith/internal/worker"
)

// TestTemplateLogsAndAlarms checks that every function logs to its own log
// group with the configured retention, and that each alarm exists only
// with an AlarmEmail and notifies its topic.
func TestTemplateLogsAndAlarms(t *testing.T) {
	res := resources(t, readRoot(t, "template.yaml"))
	logRef := regexp.MustCompile(`\n      LoggingConfig:\n        LogGroup: !Ref ([A-Za-z0-9]+)\n`)
	for _, fn := range []string{"GenerateFunction", "GetJobFunction", "WorkerFunction"} {
		m := logRef.FindStringSubmatch(res[fn])
		if m == nil {
			t.Errorf("%s: no LoggingConfig.LogGroup", fn)
			continue
		}
		if lg := res[m[1]]; !strings.Contains(lg, "Type: AWS::Logs::LogGroup") || !strings.Contains(lg, "RetentionInDays: !Ref LogRetentionDays") {
			t.Errorf("%s logs to %s, which is not a log group with RetentionInDays: !Ref LogRetentionDays", fn, m[1])
		}
	}
	var alarms []string
	for id, block := range res {
		if !strings.Contains(block, "Type: AWS::CloudWatch::Alarm") {
			continue
		}
		alarms = append(alarms, id)
		for _, want := range []string{"Condition: HasAlarmEmail", "AlarmActions: [!Ref AlarmTopic]"} {
			if !strings.Contains(block, want) {
				t.Errorf("alarm %s lacks %q", id, want)
			}
		}
	}
	slices.Sort(alarms)
	if want := []string{"ApiServerErrorsAlarm", "FailedJobsAlarm", "JobBacklogAlarm", "WorkerErrorsAlarm"}; !slices.Equal(alarms, want) {
		t.Errorf("alarms %v, want %v", alarms, want)
	}
	// The failed-jobs alarm watches the metric the worker writes (package emf).
	ns := regexp.MustCompile(`\n\s+SONGSMITH_METRICS_NAMESPACE: (.+)\n`).FindStringSubmatch(readRoot(t, "template.yaml"))
	if ns == nil {
		t.Fatal("the functions' environment lacks SONGSMITH_METRICS_NAMESPACE")
	}
	for _, want := range []string{"Namespace: " + ns[1] + "\n", "MetricName: " + emf.MetricDeliveries + "\n", "Name: Outcome\n", "Value: " + string(worker.Failed) + "\n"} {
		if !strings.Contains(res["FailedJobsAlarm"], want) {
			t.Errorf("FailedJobsAlarm lacks %q", want)
		}
	}
	if !strings.Contains(res["AlarmTopic"], "Condition: HasAlarmEmail") {
		t.Error("AlarmTopic must exist only with an AlarmEmail")
	}
}

// TestTemplateCORS checks that API Gateway's CORS configuration (which
// replaces the functions' own CORS headers on AWS) allows and exposes the
// same headers as the local server.
func TestTemplateCORS(t *testing.T) {
	tmpl := readRoot(t, "template.yaml")
	list := func(field string) []string {
		m := regexp.MustCompile(`\n\s+` + field + `: \[([^\]]*)\]`).FindStringSubmatch(tmpl)
		if m == nil {
			t.Fatalf("template.yaml has no %s list", field)
		}
		var out []string
		for _, h := range strings.Split(m[1], ",") {
			out = append(out, strings.ToLower(strings.TrimSpace(h)))
		}
		slices.Sort(out)
		return out
	}
	lower := func(hs []string) []string {
		var out []string
		for _, h := range hs {
			out = append(out, strings.ToLower(h))
		}
		slices.Sort(out)
		return out
	}
	if got, want := list("AllowHeaders"), lower(httpapi.CORSAllowHeaders); !slices.Equal(got, want) {
		t.Errorf("template AllowHeaders %v, local server %v", got, want)
	}
	if got, want := list("ExposeHeaders"), lower(httpapi.CORSExposeHeaders); !slices.Equal(got, want) {
		t.Errorf("template ExposeHeaders %v, local server %v", got, want)
	}
}
