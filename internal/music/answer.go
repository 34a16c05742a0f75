package music

import (
	"slices"

	"github.com/songsmith/songsmith/internal/music/cast"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
)

// voiceOf says who plays one bar of a melody phrase.
type voiceOf byte

const (
	sing   voiceOf = 'L' // the lead
	answer voiceOf = 'A' // the answering instrument (the lead rests)
	breath voiceOf = '.' // nobody: the melody breathes
)

// phrasePlans are who plays the four bars of a phrase, per kind of
// section: the lead states, another instrument answers, and the lead
// breathes, so that it plays in about half of a song's bars and never
// through a whole section. Each section occurrence takes the next plan of
// its kind.
var phrasePlans = map[string][][4]voiceOf{
	"verse": {{sing, sing, answer, breath}, {sing, breath, sing, answer}, {sing, sing, breath, answer}},
	// A chorus and a drop open with the hook on the lead, every time.
	"chorus":    {{sing, sing, sing, answer}, {sing, sing, answer, sing}},
	"drop":      {{sing, sing, sing, answer}, {sing, sing, answer, breath}},
	"bridge":    {{answer, breath, sing, sing}, {answer, answer, sing, breath}},
	"breakdown": {{answer, answer, sing, breath}, {answer, breath, sing, sing}},
	// The intro previews the chorus hook on the answering instrument; the
	// outro recalls it before the lead closes the song on the tonic.
	"intro": {{breath, answer, breath, answer}},
	"outro": {{answer, breath, answer, breath}},
}

// melodic reports whether a section has a melody: the lead plays in it,
// or it is an intro or outro, where the answering instrument plays.
func melodic(s *form.Section) bool {
	return s.On[form.LayerLead] || s.Name == "intro" || s.Name == "outro"
}

// whoPlays returns who plays bar b of a section with a lead; the song's
// last bar (its final cadence) is always the lead's.
func whoPlays(s *form.Section, b int, final bool) voiceOf {
	if final {
		return sing
	}
	plans, ok := phrasePlans[s.Name]
	if !ok {
		return sing
	}
	plan := plans[s.Index%len(plans)]
	if b/4%2 == 1 {
		plan = plans[(s.Index+1)%len(plans)]
	}
	return plan[b%4]
}

// answerInstrument draws the instrument that answers the lead, per seed,
// from the band (arpeggio, chords, pad instruments that can carry a tune)
// and the style's other lead instruments (acoustic ones only in an acoustic
// band); "" when the band has none (the lead then rests where the answer
// would play).
func answerInstrument(p plan.Plan, prof genre.Profile, c cast.Band, seed uint64) score.Instrument {
	lead := c.Inst[form.LayerLead]
	if lead == "" {
		return ""
	}
	var pool []score.Instrument
	add := func(in score.Instrument) {
		if in == "" || in == lead || slices.Contains(pool, in) || slices.Contains(p.Without, in) {
			return
		}
		if _, synth := cast.SynthParts[in]; synth && p.Acoustic {
			return // an acoustic band answers on acoustic instruments only
		}
		if slices.Contains(cast.PreferredLayers[in], form.LayerLead) {
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
