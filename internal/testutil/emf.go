package testutil

import (
	"encoding/json"
	"testing"
)

// CheckEMF validates one EMF line against the format's rules: an _aws
// object with a millisecond Timestamp and CloudWatchMetrics directives,
// each dimension a string member and each metric a numeric member of the
// record. It returns the record and the metric names per directive.
func CheckEMF(t testing.TB, line []byte) (map[string]any, []string) {
	t.Helper()
	var rec map[string]any
	if err := json.Unmarshal(line, &rec); err != nil {
		t.Fatalf("not a JSON object: %q: %v", line, err)
	}
	meta, ok := rec["_aws"].(map[string]any)
	if !ok {
		t.Fatalf("no _aws object: %s", line)
	}
	if ts, ok := meta["Timestamp"].(float64); !ok || ts < 1e12 || ts != float64(int64(ts)) {
		t.Fatalf("Timestamp %v is not epoch milliseconds", meta["Timestamp"])
	}
	dirs, ok := meta["CloudWatchMetrics"].([]any)
	if !ok || len(dirs) == 0 {
		t.Fatalf("no CloudWatchMetrics directive: %s", line)
	}
	var names []string
	for _, d := range dirs {
		d := d.(map[string]any)
		if ns, _ := d["Namespace"].(string); ns == "" {
			t.Fatalf("directive without a namespace: %v", d)
		}
		for _, set := range d["Dimensions"].([]any) {
			for _, dim := range set.([]any) {
				if v, ok := rec[dim.(string)].(string); !ok || v == "" {
					t.Fatalf("dimension %v is not a string member: %s", dim, line)
				}
			}
		}
		for _, m := range d["Metrics"].([]any) {
			name := m.(map[string]any)["Name"].(string)
			if _, ok := rec[name].(float64); !ok {
				t.Fatalf("metric %s has no numeric member: %s", name, line)
			}
			names = append(names, name)
		}
	}
	return rec, names
}
