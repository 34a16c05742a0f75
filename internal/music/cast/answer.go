package cast

import (
	"slices"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
)

// Voice says who plays one bar of a melody phrase.
type Voice byte

// The voices of a phrase.
const (
	Sing   Voice = 'L' // the lead
	Answer Voice = 'A' // the answering instrument (the lead rests)
	Breath Voice = '.' // nobody: the melody breathes
)

// phrasePlans are who plays the four bars of a phrase, per kind of
// section: the lead states, another instrument answers, and the lead
// breathes, so that it plays in about half of a song's bars and never
// through a whole section. Each section occurrence takes the next plan of
// its kind.
var phrasePlans = map[string][][4]Voice{
	"verse": {{Sing, Sing, Answer, Breath}, {Sing, Breath, Sing, Answer}, {Sing, Sing, Breath, Answer}},
	// A chorus and a drop open with the hook on the lead, every time.
	"chorus":    {{Sing, Sing, Sing, Answer}, {Sing, Sing, Answer, Sing}},
	"drop":      {{Sing, Sing, Sing, Answer}, {Sing, Sing, Answer, Breath}},
	"bridge":    {{Answer, Breath, Sing, Sing}, {Answer, Answer, Sing, Breath}},
	"breakdown": {{Answer, Answer, Sing, Breath}, {Answer, Breath, Sing, Sing}},
	// The intro previews the chorus hook on the answering instrument; the
	// outro recalls it before the lead closes the song on the tonic.
	"intro": {{Breath, Answer, Breath, Answer}},
	"outro": {{Answer, Breath, Answer, Breath}},
}

// Melodic reports whether a section has a melody: the lead plays in it,
// or it is an intro or outro, where the answering instrument plays.
func Melodic(s *form.Section) bool {
	return s.On[form.LayerLead] || s.Name == "intro" || s.Name == "outro"
}

// WhoPlays returns who plays bar b of a section with a lead; the song's
// last bar (its final cadence) is always the lead's.
func WhoPlays(s *form.Section, b int, final bool) Voice {
	if final {
		return Sing
	}
	plans, ok := phrasePlans[s.Name]
	if !ok {
		return Sing
	}
	plan := plans[s.Index%len(plans)]
	if b/4%2 == 1 {
		plan = plans[(s.Index+1)%len(plans)]
	}
	return plan[b%4]
}

// AnswerInstrument draws the instrument that answers the lead, per seed,
// from the band (arpeggio, chords, pad instruments that can carry a tune)
// and the style's other lead instruments (acoustic ones only in an acoustic
// band); "" when the band has none (the lead then rests where the answer
// would play).
func AnswerInstrument(p plan.Plan, prof genre.Profile, c Band, seed uint64) score.Instrument {
	lead := c.Inst[form.LayerLead]
	if lead == "" {
		return ""
	}
	var pool []score.Instrument
	add := func(in score.Instrument) {
		if in == "" || in == lead || slices.Contains(pool, in) || slices.Contains(p.Without, in) {
			return
		}
		if _, synth := SynthParts[in]; synth && p.Acoustic {
			return // an acoustic band answers on acoustic instruments only
		}
		if slices.Contains(PreferredLayers[in], form.LayerLead) {
			pool = append(pool, in)
		}
	}
	for _, l := range []form.Layer{form.LayerArp, form.LayerChords, form.LayerPad} {
		add(c.Inst[l])
	}
	if !p.Only {
		for _, in := range append([]score.Instrument{prof.Style.Band.Lead}, prof.Style.Band.LeadAlt...) {
			add(in)
		}
	}
	if len(pool) == 0 {
		return ""
	}
	return pool[harmony.NewRNG(seed, "answer").Intn(len(pool))]
}
