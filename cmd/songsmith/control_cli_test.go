package main_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// songsmith jobs cancel and delete against a real serve (one worker):
// the first of two five-minute jobs renders, the second waits in the
// queue; both are cancelled (exit 0, failed with error "canceled", twice
// for the second), a running job cannot be deleted (exit 1), a cancelled
// one can (exit 0, then get is exit 4), and an unknown job is exit 4.
func TestJobsCancelDelete(t *testing.T) {
	p := startServe(t, t.TempDir(), freeAddr(t))
	env := []string{"SONGSMITH_URL=" + p.URL, "SONGSMITH_API_KEY=" + p.Key, "XDG_STATE_HOME=" + t.TempDir()}
	first := p.call(t, "POST", "/generate", `{"prompt": "epic orchestral", "duration_seconds": 300}`)["job_id"].(string)
	queued := p.call(t, "POST", "/generate", `{"prompt": "calm ambient", "duration_seconds": 300}`)["job_id"].(string)

	r := runCLI(t, "", env, "jobs", "delete", queued)
	r.want(t, 1, "delete running")
	if !strings.Contains(r.stderr, "still running") || !strings.Contains(r.stderr, "songsmith jobs cancel "+queued) {
		t.Errorf("delete running: stderr %q", r.stderr)
	}
	for range 2 {
		r = runCLI(t, "", env, "jobs", "cancel", queued, "--json")
		r.want(t, 0, "cancel")
		var j struct {
			JobID         string `json:"job_id"`
			Status, Error string
		}
		if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || j.JobID != queued || j.Status != "failed" || j.Error != "canceled" {
			t.Fatalf("jobs cancel --json: %q (%v)", r.stdout, err)
		}
	}
	r = runCLI(t, "", env, "jobs", "cancel", first)
	r.want(t, 0, "cancel")
	if !strings.Contains(r.stdout, "Cancelled job "+first) || strings.Contains(strings.ToLower(r.stdout), "failed") {
		t.Errorf("jobs cancel: %q", r.stdout)
	}
	r = runCLI(t, "", env, "jobs", "get", first)
	r.want(t, 0, "get cancelled")
	if !strings.HasPrefix(r.stdout, "Cancelled: job "+first) || strings.Contains(strings.ToLower(r.stdout), "failed") {
		t.Errorf("jobs get of a cancelled job: %q", r.stdout)
	}
	r = runCLI(t, "", env, "jobs", "wait", first)
	r.want(t, 7, "wait cancelled")
	if !strings.Contains(r.stderr, "was cancelled") || strings.Contains(r.stderr, "failed") {
		t.Errorf("jobs wait of a cancelled job: %q", r.stderr)
	}
	r = runCLI(t, "", env, "jobs", "delete", queued)
	r.want(t, 0, "delete")
	if strings.TrimSpace(r.stdout) != "deleted "+queued {
		t.Errorf("jobs delete: %q", r.stdout)
	}
	runCLI(t, "", env, "jobs", "get", queued).want(t, 4, "get deleted")
	runCLI(t, "", env, "jobs", "cancel", "00000000-0000-4000-8000-000000000000").want(t, 4, "cancel unknown")
	runCLI(t, "", env, "jobs", "delete", "00000000-0000-4000-8000-000000000000").want(t, 4, "delete unknown")
}
