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
// group with the configured retention, and that each alarm exists always
// and notifies the topic when there is one (an AlarmEmail).
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
	// Every alarm exists with or without an AlarmEmail (its state shows in
	// CloudWatch); only its notification needs the topic.
	c := loadTemplate(t)
	var alarms []string
	for id, block := range res {
		if !strings.Contains(block, "Type: AWS::CloudWatch::Alarm") {
			continue
		}
		alarms = append(alarms, id)
		a := c.res(t, id)
		if cond, ok := a["Condition"]; ok {
			t.Errorf("alarm %s exists only under condition %v", id, cond)
		}
		for _, field := range []string{"AlarmActions", "OKActions"} {
			v := dig(a, "Properties", field, "Fn::If")
			if str(v, "0") != "HasAlarmEmail" || str(v, "1", "0", "Ref") != "AlarmTopic" || str(v, "2", "Ref") != "AWS::NoValue" {
				t.Errorf("alarm %s: %s = %v, want !If [HasAlarmEmail, [!Ref AlarmTopic], !Ref AWS::NoValue]", id, field, dig(a, "Properties", field))
			}
		}
	}
	slices.Sort(alarms)
	if want := []string{"ApiServerErrorsAlarm", "DeadLetterDepthAlarm", "FailedJobsAlarm", "JobBacklogAlarm", "WorkerErrorsAlarm"}; !slices.Equal(alarms, want) {
		t.Errorf("alarms %v, want %v", alarms, want)
	}
	// The dead-letter alarm fires on any message waiting in the DLQ.
	dl := c.res(t, "DeadLetterDepthAlarm")
	if str(dl, "Properties", "Namespace") != "AWS/SQS" || str(dl, "Properties", "MetricName") != "ApproximateNumberOfMessagesVisible" ||
		str(dl, "Properties", "Dimensions", "0", "Name") != "QueueName" || str(dl, "Properties", "Dimensions", "0", "Value", "Fn::GetAtt") != "DeadLetterQueue.QueueName" ||
		str(dl, "Properties", "Threshold") != "0" || str(dl, "Properties", "ComparisonOperator") != "GreaterThanThreshold" {
		t.Errorf("DeadLetterDepthAlarm does not watch the dead-letter queue's depth > 0: %v", dl["Properties"])
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
	if got, want := list("AllowMethods"), lower(httpapi.CORSAllowMethods); !slices.Equal(got, want) {
		t.Errorf("template AllowMethods %v, local server %v", got, want)
	}
	if got, want := list("ExposeHeaders"), lower(httpapi.CORSExposeHeaders); !slices.Equal(got, want) {
		t.Errorf("template ExposeHeaders %v, local server %v", got, want)
	}
}
