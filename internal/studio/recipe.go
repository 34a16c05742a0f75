package studio

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/recipe"
	"github.com/songsmith/songsmith/internal/request"
)

// Recipes and provenance (issue 20 items 5 and 7).

// bank is the identity of the studio's sample bank in recipes.
func (s *Studio) bank() string {
	if s.Bank == "" {
		return recipe.NoBank
	}
	return s.Bank
}

// Request is the engine Request of a job: the one place the studio turns
// a job's prompt, seed and options into what the engine renders. A job
// whose edit chain starts from a recipe decodes the recipe's Request
// (the prompt is not read); any other job's root is read and resolved
// from its prompt (engine.Resolve). The edits of the chain above the root
// follow in turn, and the job's own loudness masters it.
//
// A request with a recipe changes the recipe's song as an edit does
// (recipeEdit: the tempo, key, length, intensity, instruments and
// regenerate it asks for that the recipe's options do not have).
func (s *Studio) Request(prompt string, seed uint64, o jobs.Options) (engine.Request, error) {
	req, _, _, err := s.request(prompt, seed, o)
	return req, err
}

// request is Request, also returning the prompt and seed of the chain's
// root (the cover's).
func (s *Studio) request(prompt string, seed uint64, o jobs.Options) (engine.Request, string, uint64, error) {
	if o.Seed != nil && o.Source == nil {
		seed = *o.Seed // the job's seed (jobs.Job.Seed) is the option's when set
	}
	eo, prompt, seed, err := engineOptions(prompt, seed, o) // edit.go: an edit composes its source
	if err != nil {
		return engine.Request{}, "", 0, err
	}
	eo.Synth = s.Synth
	root := rootOptions(&o)
	if len(root.Recipe) == 0 {
		return engine.Resolve(prompt, seed, eo), prompt, seed, nil
	}
	from, err := recipe.Parse(root.Recipe)
	if err != nil {
		return engine.Request{}, "", 0, err
	}
	if from.Bank != s.bank() {
		return engine.Request{}, "", 0, jobs.Errorf(jobs.EInvalid, "The recipe was rendered with the sample bank %q; this server has %q, which plays other samples.", from.Bank, s.bank())
	}
	req, err := engine.DecodeRequest(from.Request)
	if err != nil {
		return engine.Request{}, "", 0, jobs.Errorf(jobs.EInvalid, "The recipe's plan does not read: it was not made by this engine.")
	}
	fromOpts, err := root.RecipeOptions()
	if err != nil {
		return engine.Request{}, "", 0, err
	}
	e, ok, err := recipeEdit(root, &fromOpts)
	if err != nil {
		return engine.Request{}, "", 0, err
	}
	if ok {
		req.Edits = append(req.Edits, e)
	}
	if e, _ := editOf(root, false); e.Intensity != nil || len(e.Instruments) > 0 || len(e.Regenerate) > 0 || e.Energy != nil || len(e.Hits) > 0 {
		eo.Edits = eo.Edits[1:] // the root's own edit: the recipe's, or in recipeEdit
	}
	req.Edits = append(req.Edits, eo.Edits...)
	if eo.LoudnessLUFS != 0 {
		req.LoudnessLUFS = eo.LoudnessLUFS
	}
	req.Synth = s.Synth
	return req, prompt, seed, nil
}

// recipeOf is the recipe of a song rendered from req: req in the
// envelope, with the job's options as asked (the effective seed and
// format).
func (s *Studio) recipeOf(req engine.Request, format string, o jobs.Options) (json.RawMessage, error) {
	rec := recipe.Recipe{RecipeFormat: recipe.Format, EngineVersion: recipe.Version, Bank: s.bank(), Request: engine.EncodeRequest(req)}
	eff := o
	eff.Seed, eff.Format = &rec.Seed, format
	if eff.Format == "" {
		eff.Format = request.FormatMP3
	}
	var err error
	if rec.Options, err = eff.Members(); err != nil {
		return nil, err
	}
	return rec.Marshal()
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

// loopTags appends to a Vorbis comment's tags the loop points game engines
// read (RPG Maker and many Ogg loaders): LOOPSTART and LOOPLENGTH in sample
// frames, the whole file, when the song is a loop.
func loopTags(tags [][2]string, song *engine.Song) [][2]string {
	if !song.Score.Loop {
		return tags
	}
	return append(tags, [2]string{"LOOPSTART", "0"}, [2]string{"LOOPLENGTH", strconv.Itoa(song.Audio.Frames())})
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
