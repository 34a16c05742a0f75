package main_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// songsmith jobs edit against a real serve: a 10 s song, then an edit of
// it (another tempo and key, the drums muted, WAV and MIDI) saved like a
// generated song, with the source's prompt; a section the song does not
// have fails the new job (exit 7, the message lists the song's
// sections); a seed is refused (exit 2); an unknown job is exit 4.
func TestJobsEdit(t *testing.T) {
	p := startServe(t, t.TempDir(), freeAddr(t))
	env := []string{"SONGSMITH_URL=" + p.URL, "SONGSMITH_API_KEY=" + p.Key, "XDG_STATE_HOME=" + t.TempDir()}
	dir := t.TempDir()
	r := runCLI(t, dir, env, "generate", "happy pop song", "--duration", "10s", "--seed", "4", "--json", "-q")
	r.want(t, 0, "generate")
	var src struct {
		JobID  string `json:"job_id"`
		Prompt string
		Result struct {
			BPM float64
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &src); err != nil || src.JobID == "" {
		t.Fatalf("generate --json: %q (%v)", r.stdout, err)
	}
	r = runCLI(t, dir, env, "jobs", "edit", src.JobID, "--bpm", "100", "--song-key", "E", "--instrument", "drums=none",
		"--intensity", "0.3", "--format", "wav", "--midi", "--json")
	r.want(t, 0, "jobs edit")
	var ed struct {
		JobID  string `json:"job_id"`
		Status string
		Prompt string
		Result struct {
			BPM  float64
			Tags string
		}
		Files struct{ Song, MIDI string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &ed); err != nil {
		t.Fatalf("jobs edit --json: %q (%v)", r.stdout, err)
	}
	if ed.JobID == src.JobID || ed.Status != "completed" || ed.Prompt != "happy pop song" || ed.Result.BPM != 100 ||
		!strings.HasSuffix(ed.Files.Song, ".wav") || ed.Files.MIDI == "" {
		t.Fatalf("edit: %+v", ed)
	}
	r = runCLI(t, dir, env, "jobs", "edit", src.JobID, "--regenerate", "solo")
	if r.code != 7 || !strings.Contains(r.stderr, `no section "solo"`) || !strings.Contains(r.stderr, "outro") {
		t.Fatalf("regenerate an unknown section: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runCLI(t, dir, env, "jobs", "edit", src.JobID, "--seed", "3")
	r.want(t, 2, "edit with a seed")
	runCLI(t, dir, env, "jobs", "edit", "00000000-0000-4000-8000-000000000000").want(t, 4, "edit unknown")
}
