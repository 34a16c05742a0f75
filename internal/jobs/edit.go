package jobs

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
)

// Edits (issue 20, item 4): POST /jobs/{job_id}/edit makes a new job whose
// song is a completed job's song with some things changed (tempo, key,
// length, intensity, a part's instrument, new material for named
// sections) and everything else note for note the same. The new job keeps
// its source's prompt and seed and carries the source (prompt, seed,
// options, and through them the source's own source) in Options.Source,
// so the worker can compose the source again and change it: an edit of an
// edit applies the first edit, then the second.

// MaxEditDepth is the most edits a song may be made of (an edit of an
// edit of ...): each is applied to the score in turn when the job renders.
const MaxEditDepth = 16

// EditRoles are the part roles "instruments" may name, in the order
// messages list them (score.Role values).
var EditRoles = []string{"lead", "chords", "bass", "pad", "arp", "drums", "fx"}

// EditKits are the drum kits the "drums" role may be given (score.Kit
// values; a test in internal/edit keeps them true).
var EditKits = []string{"acoustic", "brush", "vintage", "808", "909", "electronic", "latin", "orchestral", "chip", "marching"}

// EditPitched are the instruments a pitched role may be given
// (score.Instrument values but the drum kit; a test in internal/edit keeps
// them true).
var EditPitched = []string{
	"piano", "epiano", "organ", "guitar", "dist_guitar", "pluck", "strings", "pad", "choir",
	"saw_lead", "square_lead", "bells", "flute", "sax", "brass", "bass", "sub_bass", "synth_bass",
	"reese", "arp", "fiddle", "banjo", "mandolin", "ukulele", "accordion", "steel_drums", "sitar",
	"music_box", "nylon_guitar", "harpsichord", "marimba", "vibraphone", "kalimba", "harp",
	"upright_bass", "singing_bowl", "log_drum", "cowbell", "chip_lead", "chip_bass", "tabla",
}

// EditInstruments are the values "instruments" accepts: EditPitched for
// pitched roles, then EditKits for drums.
var EditInstruments = append(slices.Clone(EditPitched), EditKits...)

// EditSource is the song an edit changes: its source job's prompt, seed
// and options (nil for a spec-only job; an edited source's options carry
// its own Source). JobID is the source job (the job body's edited_from;
// empty in jobs stored before it was kept).
type EditSource struct {
	JobID   JobID `json:",omitempty"`
	Prompt  string
	Seed    uint64
	Options *Options
}

func (e *EditSource) equal(f *EditSource) bool {
	if e == nil || f == nil {
		return e == f
	}
	return e.Prompt == f.Prompt && e.Seed == f.Seed && e.Options.Equal(f.Options)
}

// Depth returns how many edits o's song is made of: 0 for a song of its
// own, 1 for an edit of one, ...
func (o *Options) Depth() int {
	n := 0
	for ; o != nil && o.Source != nil; o = o.Source.Options {
		n++
	}
	return n
}

// Edits reports whether o changes a composed song: the edit fields
// (intensity, instruments, regenerate) or a source.
func (o *Options) Edits() bool {
	return o != nil && (o.Source != nil || o.Intensity != nil || len(o.Instruments) > 0 || len(o.Regenerate) > 0)
}

// readObject decodes an object of role -> instrument or null.
func (s *OptionSpec) readObject(p *map[string]string, raw json.RawMessage) error {
	var m map[string]*string
	if json.Unmarshal(raw, &m) != nil || m == nil {
		return s.typeError()
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = ""
		if v != nil {
			if *v == "" {
				return Errorf(EInvalid, "'%s.%s' must name an instrument, or be null to mute the part.", s.Name, k)
			}
			out[k] = *v
		}
	}
	*p = out
	return nil
}

// normalizeObject checks the members' names and values (values in lower
// case; "" mutes).
func (s *OptionSpec) normalizeObject(p *map[string]string) error {
	if len(*p) == 0 {
		*p = nil
		return nil
	}
	if s.MaxItems > 0 && len(*p) > s.MaxItems {
		return Errorf(EInvalid, "'%s' may have at most %d members.", s.Name, s.MaxItems)
	}
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range *p {
			if !yield(k) {
				return
			}
		}
	}) {
		if !slices.Contains(s.Keys, k) {
			return Errorf(EInvalid, "'%s' has no role %q: roles are %s.", s.Name, k, strings.Join(s.Keys, ", "))
		}
		v := strings.ToLower(strings.TrimSpace((*p)[k]))
		(*p)[k] = v
		if v == "" {
			continue
		}
		if s.Name == "instruments" {
			if err := instrumentFits(k, v); err != nil {
				return err
			}
		} else if !slices.Contains(s.Enum, v) {
			return Errorf(EInvalid, "'%s.%s' must be one of %s, or null.", s.Name, k, strings.Join(s.Enum, ", "))
		}
	}
	return nil
}

// instrumentFits checks that an instrument suits a role: a kit for the
// drums, a pitched instrument for every other part.
func instrumentFits(role, v string) error {
	if role == "drums" {
		if !slices.Contains(EditKits, v) {
			return Errorf(EInvalid, "'instruments.drums' must be a drum kit (%s), or null to mute the drums.", strings.Join(EditKits, ", "))
		}
		return nil
	}
	if !slices.Contains(EditPitched, v) {
		if slices.Contains(EditKits, v) {
			return Errorf(EInvalid, "'instruments.%s': %q is a drum kit; the %s part takes an instrument such as piano, strings or saw_lead.", role, v, role)
		}
		return Errorf(EInvalid, "'instruments.%s': unknown instrument %q. Instruments are %s.", role, v, strings.Join(EditPitched, ", "))
	}
	return nil
}

// normalizeLabels puts free labels (an array row without Enum) in
// canonical form: trimmed, lower case, single spaces, sorted, no repeats.
func (s *OptionSpec) normalizeLabels(p *[]string) error {
	if s.MaxItems > 0 && len(*p) > s.MaxItems {
		return Errorf(EInvalid, "'%s' may hold at most %d labels.", s.Name, s.MaxItems)
	}
	var out []string
	for _, v := range *p {
		v = strings.ToLower(strings.Join(strings.Fields(v), " "))
		if v == "" || (s.MaxLen > 0 && len(v) > s.MaxLen) {
			return Errorf(EInvalid, "'%s' must hold section labels such as \"bridge\" or \"verse 2\" (1 to %d characters).", s.Name, s.MaxLen)
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	*p = out
	return nil
}

// Edit makes a new job from a completed job of key: the source's song
// with the changes o asks for (nil: none, the same song again). The new
// job's prompt and seed are the source's; its audio format, sample rate
// and loudness are the source's unless o names them; its outputs and
// webhook are o's own. It counts against the submit rate like Submit and
// is idempotent with idem as Submit is.
//
// An unknown, expired or other key's source is ENotFound; a running one
// EJobRunning; a failed one EJobFailed. A seed (an edit keeps its
// source's) or an edit deeper than MaxEditDepth is EInvalid, as is any
// invalid option (see Options.Normalize). Whether the song has the
// sections o regenerates is known only when it is composed: the new job
// fails with a message that lists the song's sections.
func (s *Service) Edit(ctx context.Context, key *APIKey, rawID string, o *Options, idem string) (*Job, RateStatus, error) {
	if err := o.Normalize(); err != nil {
		return nil, RateStatus{}, err
	}
	if o != nil && o.Seed != nil {
		return nil, RateStatus{}, Errorf(EInvalid, "'seed' cannot be edited: an edit keeps its source's seed (and the song); POST /generate with a seed makes a new song.")
	}
	src, err := s.ownJob(ctx, key, rawID)
	if err != nil {
		return nil, RateStatus{}, err
	}
	switch src.Status {
	case StatusRunning:
		return nil, RateStatus{}, Errorf(EJobRunning, "Job %s is still running; edit it once it has completed.", src.ID)
	case StatusFailed:
		return nil, RateStatus{}, Errorf(EJobFailed, "Job %s failed, so it has no song to edit; submit its prompt again with POST /generate.", src.ID)
	}
	if src.Options.Depth()+1 > MaxEditDepth {
		return nil, RateStatus{}, Errorf(EInvalid, "Job %s is already an edit of %d edits; a song may be edited at most %d times over. Edit an earlier job instead.", src.ID, src.Options.Depth(), MaxEditDepth)
	}
	e := Options{}
	if o != nil {
		e = *o
	}
	seed := src.Seed()
	e.Seed, e.Source = &seed, &EditSource{JobID: src.ID, Prompt: src.Prompt, Seed: seed, Options: src.Options}
	if so := src.Options; so != nil {
		if e.Format == "" {
			e.Format = so.Format
		}
		if e.SampleRate == nil {
			e.SampleRate = so.SampleRate
		}
		if e.LoudnessLUFS == 0 {
			e.LoudnessLUFS = so.LoudnessLUFS
		}
	}
	return s.Submit(ctx, key, Submission{Prompt: src.Prompt, Options: &e, IdempotencyKey: idem})
}
