package studio

import (
	"errors"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
)

// Edits (issue 20 item 4): a job made by POST /jobs/{job_id}/edit carries
// its source in Options.Source, which may itself be an edit. The song is
// the root source's prompt, seed and options composed, then each edit's
// changes in turn (engine.Options.Edits).

// EngineOptions returns the engine's settings for a job's options o:
// the root source's musical options, the edits of every level from the
// root up, and o's own loudness. It also returns the prompt and seed the
// song is composed from (the root source's; prompt and seed when o is no
// edit).
func EngineOptions(prompt string, seed uint64, o jobs.Options) (engine.Options, string, uint64, error) {
	levels := []*jobs.Options{&o}
	for l := &o; l.Source != nil; {
		prompt, seed = l.Source.Prompt, l.Source.Seed
		l = l.Source.Options
		if l == nil {
			l = &jobs.Options{}
		}
		levels = append(levels, l)
	}
	root := levels[len(levels)-1]
	eo := engine.Options{Seconds: root.Seconds, BPM: root.BPM, ExactSeconds: root.ExactDuration, Loop: root.Loop, LoudnessLUFS: o.LoudnessLUFS}
	if root.Key != "" {
		k, err := jobs.ParseKey(root.Key)
		if err != nil {
			return eo, "", 0, err
		}
		eo.KeyRoot, eo.HasKey, eo.Mode = k.Root, true, k.Mode
	}
	for i := len(levels) - 1; i >= 0; i-- {
		l := levels[i]
		e := engine.Edit{Intensity: l.Intensity, Instruments: l.Instruments, Regenerate: l.Regenerate}
		if i < len(levels)-1 { // an edit: its length, tempo and key change the source
			e.BPM, e.Seconds, e.Exact, e.Loop = l.BPM, l.Seconds, l.ExactDuration, l.Loop
			if l.Key != "" {
				k, err := jobs.ParseKey(l.Key)
				if err != nil {
					return eo, "", 0, err
				}
				e.KeyRoot, e.HasKey, e.Mode = k.Root, true, k.Mode
			}
		}
		if i < len(levels)-1 || e.Intensity != nil || len(e.Instruments) > 0 || len(e.Regenerate) > 0 {
			eo.Edits = append(eo.Edits, e)
		}
	}
	return eo, prompt, seed, nil
}

// editError turns an edit the song cannot take into the job's failure
// message (EInvalid: permanent, shown to the user).
func editError(err error) error {
	var ee *engine.EditError
	if errors.As(err, &ee) {
		return jobs.Errorf(jobs.EInvalid, "%s", ee.Message)
	}
	return err
}
