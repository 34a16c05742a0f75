package studio

import (
	"bytes"
	"errors"
	"maps"
	"slices"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
)

// Edits (issue 20 item 4): a job made by POST /jobs/{job_id}/edit carries
// its source in Options.Source, which may itself be an edit. The song is
// the root source's prompt, seed and options composed, then each edit's
// changes in turn (engine.Request.Edits).

// engineOptions returns the engine's settings for a job's options o:
// the root source's musical options, the edits of every level from the
// root up, and o's own loudness. It also returns the prompt and seed the
// song is composed from (the root source's; prompt and seed when o is no
// edit).
func engineOptions(prompt string, seed uint64, o jobs.Options) (engine.Options, string, uint64, error) {
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
	eo := engine.Options{Seconds: root.Seconds, BPM: root.BPM, ExactSeconds: root.ExactDuration, Loop: root.Loop, LoudnessLUFS: o.LoudnessLUFS, Chords: root.Chords}
	if len(root.Melody) > 0 {
		m, err := request.MelodySource(root.Melody)
		if err != nil {
			return eo, "", 0, err
		}
		eo.Melody = m
	}
	if root.Key != "" {
		k, err := request.ParseKey(root.Key)
		if err != nil {
			return eo, "", 0, err
		}
		eo.KeyRoot, eo.HasKey, eo.Mode = k.Root, true, k.Mode
	}
	for i := len(levels) - 1; i >= 0; i-- {
		e, err := editOf(levels[i], i < len(levels)-1) // above the root: its length, tempo and key change the source
		if err != nil {
			return eo, "", 0, err
		}
		if i < len(levels)-1 || e.Intensity != nil || len(e.Instruments) > 0 || len(e.Regenerate) > 0 || e.Energy != nil || len(e.Hits) > 0 {
			eo.Edits = append(eo.Edits, e)
		}
	}
	return eo, prompt, seed, nil
}

// editOf is the edit l's options make: intensity, instruments and
// regenerate, and with musical also its tempo, length and key.
func editOf(l *jobs.Options, musical bool) (engine.Edit, error) {
	e := engine.Edit{Intensity: l.Intensity, Instruments: l.Instruments, Regenerate: l.Regenerate}
	if len(l.Energy) > 0 {
		c, err := edit.ParseCurve(l.Energy)
		if err != nil {
			return e, err
		}
		e.Energy = c
	}
	if len(l.Hits) > 0 {
		h, err := edit.ParseHits(l.Hits)
		if err != nil {
			return e, err
		}
		e.Hits = h
	}
	if !musical {
		return e, nil
	}
	e.BPM, e.Seconds, e.Exact, e.Loop, e.Chords = l.BPM, l.Seconds, l.ExactDuration, l.Loop, l.Chords
	if l.Key != "" {
		k, err := request.ParseKey(l.Key)
		if err != nil {
			return e, err
		}
		e.KeyRoot, e.HasKey, e.Mode = k.Root, true, k.Mode
	}
	return e, nil
}

// rootOptions returns the options of the song an edit chain starts from
// (o itself when o is no edit).
func rootOptions(o *jobs.Options) *jobs.Options {
	for o.Source != nil {
		if o = o.Source.Options; o == nil {
			return &jobs.Options{}
		}
	}
	return o
}

// recipeEdit is the edit a request with a recipe makes of the recipe's
// song: the request's tempo, key, length, loop, intensity, instruments
// regenerate and chords where they differ from the recipe's options (the
// options a request leaves out are the recipe's, so they never differ).
// ok is false when nothing differs.
func recipeEdit(o, from *jobs.Options) (e engine.Edit, ok bool, err error) {
	var d jobs.Options
	if o.BPM != from.BPM {
		d.BPM, ok = o.BPM, true
	}
	if o.Key != from.Key {
		d.Key, ok = o.Key, true
	}
	if o.Seconds != from.Seconds || o.ExactDuration != from.ExactDuration {
		d.Seconds, d.ExactDuration, ok = o.Seconds, o.ExactDuration, true
	}
	if o.Loop != from.Loop {
		d.Loop, ok = o.Loop, true
	}
	if (o.Intensity == nil) != (from.Intensity == nil) || o.Intensity != nil && *o.Intensity != *from.Intensity {
		d.Intensity, ok = o.Intensity, true
	}
	if !maps.Equal(o.Instruments, from.Instruments) {
		d.Instruments, ok = o.Instruments, true
	}
	if !slices.Equal(o.Regenerate, from.Regenerate) {
		d.Regenerate, ok = o.Regenerate, true
	}
	if !bytes.Equal(o.Energy, from.Energy) {
		d.Energy, ok = o.Energy, true
	}
	if !bytes.Equal(o.Hits, from.Hits) {
		d.Hits, ok = o.Hits, true
	}
	if !maps.Equal(o.Chords, from.Chords) {
		d.Chords, ok = o.Chords, true
	}
	if !ok {
		return e, false, nil
	}
	e, err = editOf(&d, true)
	return e, err == nil, err
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
