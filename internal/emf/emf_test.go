package emf_test

import (
	"bufio"
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/emf"
	"github.com/songsmith/songsmith/internal/testutil"
	"github.com/songsmith/songsmith/internal/worker"
)

func TestRecord(t *testing.T) {
	var out bytes.Buffer
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	r := &emf.Recorder{Out: &out, Namespace: "Songsmith/test", Now: func() time.Time { return now }}
	r.Record(context.Background(), worker.Observation{JobID: "j1", Outcome: worker.Completed, Attempt: 2, Elapsed: 1500 * time.Microsecond, AudioSeconds: 151.25})
	r.Record(context.Background(), worker.Observation{JobID: "j2", Outcome: worker.Failed, Elapsed: time.Second})

	sc := bufio.NewScanner(&out)
	var lines [][]byte
	for sc.Scan() {
		lines = append(lines, append([]byte(nil), sc.Bytes()...))
	}
	if len(lines) != 2 {
		t.Fatalf("%d lines, want one per observation", len(lines))
	}
	rec, names := testutil.CheckEMF(t, lines[0])
	if len(names) != 3 || rec["Outcome"] != "completed" || rec["Deliveries"] != 1.0 || rec["ProcessingTime"] != 1.5 ||
		rec["AudioSeconds"] != 151.25 || rec["job_id"] != "j1" || rec["attempt"] != 2.0 {
		t.Fatalf("completed record %v (metrics %v)", rec, names)
	}
	if ts := rec["_aws"].(map[string]any)["Timestamp"]; ts != float64(now.UnixMilli()) {
		t.Fatalf("Timestamp %v, want %d", ts, now.UnixMilli())
	}
	rec, names = testutil.CheckEMF(t, lines[1])
	if len(names) != 2 || rec["Outcome"] != "failed" || rec["ProcessingTime"] != 1000.0 {
		t.Fatalf("failed record %v (metrics %v)", rec, names)
	}
	if _, ok := rec["AudioSeconds"]; ok {
		t.Fatal("a failed delivery reports AudioSeconds")
	}
}
