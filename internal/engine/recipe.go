package engine

import (
	"encoding/json"
	"fmt"
	"maps"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/score"
)

// Recipes (issue 20 item 5, issue 29 item 1): a recipe is a Request in a
// versioned envelope (internal/recipe). EncodeRequest and DecodeRequest
// are the two directions; rendering a recipe is decoding it and calling
// Render. TestRequestRoundTrip fills every field of Request and proves
// both directions keep it.

// EncodeRequest is r as a recipe holds it. r.Synth is the process's
// bank, which the envelope names by its identity instead.
func EncodeRequest(r Request) recipe.Request {
	p := r.Plan
	w := recipe.Request{Seed: r.Seed, SongSeed: recipe.Seed64(r.SongSeed), Title: r.Title, LoudnessLUFS: r.LoudnessLUFS,
		Plan: recipe.Plan{
			Style: string(p.Genre), Colour: string(p.Colour), Only: p.Only, Texture: string(p.Texture),
			Mood: string(p.Mood), BPM: p.BPM, ExplicitBPM: p.ExplicitBPM, Tempo: p.Tempo, Seconds: p.Seconds,
			ExactDuration: p.ExactSeconds, Loop: p.Loop, Instruments: names(p.Instruments), Without: names(p.Without),
			NoDrums: p.NoDrums, Meter: p.Meter, Featured: names(p.Featured), Acoustic: p.Acoustic, NoLead: p.NoLead,
			Vocal: p.Vocal, Words: clone(p.Words), Chords: maps.Clone(p.Chords),
		}}
	if p.KeyRoot >= 0 {
		w.Plan.Key = recipe.KeyName(p.KeyRoot, p.Mode)
	}
	if p.HasMelody() {
		w.Plan.Melody, _ = json.Marshal(p.Melody) // strings and integers: never fails
	}
	for _, e := range r.Edits {
		we := recipe.Edit{BPM: e.BPM, Seconds: e.Seconds, ExactDuration: e.Exact, Loop: e.Loop,
			Intensity: e.Intensity, Regenerate: clone(e.Regenerate), Chords: maps.Clone(e.Chords)}
		if e.Energy != nil {
			we.Energy = e.Energy.JSON()
		}
		if len(e.Hits) > 0 {
			we.Hits = edit.HitsJSON(e.Hits)
		}
		if e.HasKey {
			we.Key = recipe.KeyName(e.KeyRoot, e.Mode)
		}
		if len(e.Instruments) > 0 {
			we.Instruments = map[string]*string{}
			for role, in := range e.Instruments {
				if in == "" {
					we.Instruments[role] = nil
				} else {
					we.Instruments[role] = &in
				}
			}
		}
		w.Edits = append(w.Edits, we)
	}
	return w
}

// DecodeRequest is the Request of a recipe that recipe.Parse accepted
// (its fields within bounds). A key that does not read is an error.
func DecodeRequest(w recipe.Request) (Request, error) {
	wp := w.Plan
	p := plan.Plan{
		Genre: plan.Genre(wp.Style), Colour: plan.Genre(wp.Colour), Only: wp.Only, Texture: score.Instrument(wp.Texture),
		Mood: plan.Mood(wp.Mood), BPM: wp.BPM, ExplicitBPM: wp.ExplicitBPM, Tempo: wp.Tempo, Seconds: wp.Seconds,
		ExactSeconds: wp.ExactDuration, Loop: wp.Loop, KeyRoot: -1, Instruments: instruments(wp.Instruments),
		Without: instruments(wp.Without), NoDrums: wp.NoDrums, Meter: wp.Meter, Featured: instruments(wp.Featured),
		Acoustic: wp.Acoustic, NoLead: wp.NoLead, Vocal: wp.Vocal, Words: clone(wp.Words), Chords: maps.Clone(wp.Chords),
	}
	if wp.Key != "" {
		var err error
		if p.KeyRoot, p.Mode, err = recipe.ParseKey(wp.Key); err != nil {
			return Request{}, fmt.Errorf("engine: recipe plan key: %w", err)
		}
	}
	if len(wp.Melody) > 0 {
		if err := json.Unmarshal(wp.Melody, &p.Melody); err != nil {
			return Request{}, fmt.Errorf("engine: recipe plan melody: %w", err)
		}
	}
	r := Request{Plan: p, Seed: w.Seed, SongSeed: uint64(w.SongSeed), Title: w.Title, LoudnessLUFS: w.LoudnessLUFS}
	for i, we := range w.Edits {
		e := Edit{BPM: we.BPM, Seconds: we.Seconds, Exact: we.ExactDuration, Loop: we.Loop,
			Intensity: we.Intensity, Regenerate: clone(we.Regenerate), Chords: maps.Clone(we.Chords)}
		if len(we.Energy) > 0 {
			var err error
			if e.Energy, err = edit.ReadCurve(we.Energy); err != nil {
				return Request{}, fmt.Errorf("engine: recipe edit %d energy: %w", i+1, err)
			}
		}
		if len(we.Hits) > 0 {
			if err := json.Unmarshal(we.Hits, &e.Hits); err != nil {
				return Request{}, fmt.Errorf("engine: recipe edit %d hits: %w", i+1, err)
			}
		}
		if we.Key != "" {
			var err error
			if e.KeyRoot, e.Mode, err = recipe.ParseKey(we.Key); err != nil {
				return Request{}, fmt.Errorf("engine: recipe edit %d key: %w", i+1, err)
			}
			e.HasKey = true
		}
		if len(we.Instruments) > 0 {
			e.Instruments = map[string]string{}
			for role, in := range we.Instruments {
				e.Instruments[role] = ""
				if in != nil {
					e.Instruments[role] = *in
				}
			}
		}
		r.Edits = append(r.Edits, e)
	}
	return r, nil
}

// names are instruments as strings (nil for none).
func names(in []score.Instrument) []string {
	if len(in) == 0 {
		return nil
	}
	out := make([]string, len(in))
	for i, x := range in {
		out[i] = string(x)
	}
	return out
}

// instruments are names as instruments (nil for none).
func instruments(in []string) []score.Instrument {
	if len(in) == 0 {
		return nil
	}
	out := make([]score.Instrument, len(in))
	for i, x := range in {
		out[i] = score.Instrument(x)
	}
	return out
}

// clone copies a list (nil for none).
func clone(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return append([]string(nil), s...)
}
