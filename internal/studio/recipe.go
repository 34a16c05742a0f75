package studio

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/recipe"
)

// Recipes and provenance (issue 20 items 5 and 7).

// bank is the identity of the studio's sample bank in recipes.
func (s *Studio) bank() string {
	if s.Bank == "" {
		return recipe.NoBank
	}
	return s.Bank
}

// render renders the song of a job: from its root's recipe when the chain
// starts from one, else from the prompt. It returns the song and its
// recipe, which renders it again, and the engine options it rendered with.
//
// A recipe's song is its plan composed and changed by its edits; a
// request with the recipe changes it further, as an edit does (recipeEdit:
// the tempo, key, length, intensity, instruments and regenerate it asks
// for that the recipe's options do not have), and so do the edits of a
// chain above it (eo.Edits past the root's own).
func (s *Studio) render(ctx context.Context, prompt string, seed uint64, format string, o jobs.Options, eo engine.Options) (*engine.Song, json.RawMessage, engine.Options, error) {
	var (
		song *engine.Song
		rec  = recipe.Recipe{EngineVersion: recipe.Version, Seed: seed, Bank: s.bank()}
		err  error
	)
	if root := rootOptions(&o); len(root.Recipe) > 0 {
		from, err := recipe.Parse(root.Recipe)
		if err != nil {
			return nil, nil, eo, err
		}
		if from.Bank != rec.Bank {
			return nil, nil, eo, jobs.Errorf(jobs.EInvalid, "The recipe was rendered with the sample bank %q; this server has %q, which plays other samples.", from.Bank, rec.Bank)
		}
		plan, err := engine.UnmarshalPlan(from.Plan)
		if err != nil {
			return nil, nil, eo, jobs.Errorf(jobs.EInvalid, "The recipe's plan does not read: it was not made by this engine.")
		}
		var edits []engine.Edit
		if len(from.Edits) > 0 && json.Unmarshal(from.Edits, &edits) != nil {
			return nil, nil, eo, jobs.Errorf(jobs.EInvalid, "The recipe's edits do not read: it was not made by this engine.")
		}
		fromOpts, err := root.RecipeOptions()
		if err != nil {
			return nil, nil, eo, err
		}
		e, ok, err := recipeEdit(root, &fromOpts)
		if err != nil {
			return nil, nil, eo, err
		}
		if ok {
			edits = append(edits, e)
		}
		if e, _ := editOf(root, false); e.Intensity != nil || len(e.Instruments) > 0 || len(e.Regenerate) > 0 {
			eo.Edits = eo.Edits[1:] // the root's own edit: the recipe's, or in recipeEdit
		}
		ro := engine.Options{Seconds: plan.Seconds, ExactSeconds: plan.ExactSeconds, Loop: plan.Loop,
			LoudnessLUFS: eo.LoudnessLUFS, Synth: eo.Synth, Edits: append(edits, eo.Edits...)}
		rec.Seed, rec.SongSeed, rec.Plan = from.Seed, from.SongSeed, from.Plan
		if song, err = engine.RenderPlan(ctx, plan, uint64(from.SongSeed), from.Seed, from.Title, ro); err != nil {
			return nil, nil, eo, fmt.Errorf("studio: render recipe: %w", err)
		}
		eo = ro
	} else {
		if song, err = engine.Render(ctx, prompt, seed, eo); err != nil {
			return nil, nil, eo, fmt.Errorf("studio: render: %w", err)
		}
		plan, songSeed := engine.ResolvePlan(prompt, seed, eo)
		rec.SongSeed = recipe.Seed64(songSeed)
		if rec.Plan, err = engine.MarshalPlan(plan); err != nil {
			return nil, nil, eo, err
		}
	}
	if len(eo.Edits) > 0 {
		if rec.Edits, err = json.Marshal(eo.Edits); err != nil {
			return nil, nil, eo, err
		}
	}
	rec.Title = song.Title
	eff := o
	eff.Seed, eff.Format = &rec.Seed, format
	if eff.Format == "" {
		eff.Format = jobs.FormatMP3
	}
	if rec.Options, err = eff.Members(); err != nil {
		return nil, nil, eo, err
	}
	raw, err := rec.Marshal()
	return song, raw, eo, err
}

// prov is what a song's files say of their origin and rights.
type prov struct {
	license *jobs.License
	sha     string // SHA-256 of the recipe
}

func (s *Studio) provenance(rec json.RawMessage) prov {
	return prov{license: s.License, sha: recipe.SHA256(rec)}
}

// software names the engine and its version.
func (p prov) software() string { return "Songsmith engine " + recipe.Version }

func (p prov) licenseID() string {
	if p.license == nil {
		return ""
	}
	return p.license.ID
}

func (p prov) licenseURL() string {
	if p.license == nil {
		return ""
	}
	return p.license.URL
}

// copyright is the licence message: "License: CC0-1.0 (URL). Attribution."
func (p prov) copyright() string {
	l := p.license
	if l == nil {
		return ""
	}
	msg := "License: " + l.ID
	if l.URL != "" {
		msg += " (" + l.URL + ")"
	}
	if l.Attribution != "" {
		msg += ". " + l.Attribution
	}
	return msg
}

// fields are the named provenance fields (ID3 TXXX, Vorbis comments).
func (p prov) fields() [][2]string {
	return [][2]string{
		{"LICENSE", p.licenseID()}, {"LICENSE_URL", p.licenseURL()},
		{"SONGSMITH-ENGINE-VERSION", recipe.Version}, {"SONGSMITH-RECIPE-SHA256", p.sha},
	}
}

// vorbis are a FLAC's Vorbis comments.
func (p prov) vorbis(song *engine.Song) [][2]string {
	tags := [][2]string{{"TITLE", song.Title}, {"ARTIST", "Songsmith"}, {"GENRE", song.Genre}, {"ENCODER", p.software()}}
	if c := p.copyright(); c != "" {
		tags = append(tags, [2]string{"COPYRIGHT", c})
	}
	for _, f := range p.fields() {
		if f[1] != "" {
			tags = append(tags, f)
		}
	}
	return tags
}

// info is a WAV's LIST/INFO: the named fields go in the comment as
// name=value lines.
func (p prov) info(song *engine.Song) wav.Info {
	var c []string
	for _, f := range p.fields() {
		if f[1] != "" {
			c = append(c, f[0]+"="+f[1])
		}
	}
	return wav.Info{Title: song.Title, Artist: "Songsmith", Genre: song.Genre, Copyright: p.copyright(),
		Software: p.software(), Comment: strings.Join(c, "\n")}
}
