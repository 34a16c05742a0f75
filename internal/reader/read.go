package reader

import (
	"slices"
	"strings"

	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// rhythmic reports whether a style's identity is its groove, so a calm
// mood keeps its drums ("relaxing house").
func rhythmic(g plan.Genre) bool {
	switch catalogued(g).Family {
	case "calm", "orchestral", "folk", "jazz":
		return false
	}
	return true
}

// only words make the named instruments the whole band ("just piano").
var onlyWords = map[string]bool{"just": true, "only": true, "solo": true, "alone": true, "unaccompanied": true,
	"solamente": true, "solo de": true, "seulement": true, "nur": true, "apenas": true, "somente": true}

// reading is the state of one prompt's reading: the plan being filled,
// the prompt's terms and tokens, and what the terms say beyond the plan
// until the steps of read settle it.
type reading struct {
	p    *plan.Plan
	ms   []match
	toks []string

	mains         []match                // styles named, in prompt order (the main one first once ranked)
	excluded      map[plan.Genre]bool    // styles the prompt rules out ("no jazz")
	scores        map[plan.Genre]float64 // weights of the styles the scenes suggest
	sceneMood     plan.Mood              // the first scene's mood
	sceneTempo    string                 // the first scene's tempo feel
	drumsHint     int                    // the first scene's wish for drums: +1, -1 or 0
	explicitDrums bool                   // the prompt names drums
	only          bool                   // an "only" word: the named instruments are the band
	explicit      bool                   // the style was named (or an adjective names it)
}

// read applies the terms found in a prompt to the plan: style and colour,
// mood, tempo feel, instruments and exclusions, and what scenes imply.
// Each step is a method of reading; their order is the reading's.
func read(p *plan.Plan, ms []match, toks []string) {
	r := &reading{p: p, ms: ms, toks: toks, excluded: map[plan.Genre]bool{}, scores: map[plan.Genre]float64{}}
	r.readWords()
	for _, m := range ms {
		r.readTerm(m)
	}
	r.featureNamedInstruments()
	r.joinModifiers()
	r.rankStyles()
	r.readMisspeltStyle()
	r.chooseNamedStyle()
	r.chooseUnnamedStyle()
	r.applyScenes()
	r.decideDrums()
	r.decideLead()
	r.decideAcoustic()
}

// readWords reads the single words that set a flag wherever they stand:
// drumless, vocals or lyrics, acoustic or unplugged, minimal or no melody,
// the "only" words, and a cappella (a choir, no drums).
func (r *reading) readWords() {
	p, toks := r.p, r.toks
	for i, t := range toks {
		if t == "drumless" || t == "percussionless" || t == "beatless" {
			p.NoDrums = true
		}
		if vocalWords[t] {
			p.Vocal = true
		}
		if acousticWords[t] && (i+1 == len(toks) || !acousticNouns[toks[i+1]]) {
			p.Acoustic = true // "acoustic", not "acoustic guitar" in a house track
		}
		if t == "minimal" || t == "minimalist" || (t == "melody" || t == "melodies") && i > 0 && (toks[i-1] == "no" || toks[i-1] == "without") {
			p.NoLead = true
		}
		if onlyWords[t] || cappella(t) {
			r.only = true
		}
		if cappella(t) && (i == 0 || toks[i-1] == "a" || t == "acapella") {
			p.Instruments = appendUnique(p.Instruments, score.ChoirPad)
			p.NoDrums = true
		}
	}
}

// cappella reports whether t is the second word of "a cappella" (or the
// one-word spelling).
func cappella(t string) bool { return t == "cappella" || t == "acapella" || t == "capella" }

// readTerm applies one term of the prompt: a style or colour is kept for
// choosing the style, the first mood and tempo words set the plan's, an
// instrument is added, excluded or featured, a scene adds its weights.
func (r *reading) readTerm(m match) {
	p := r.p
	switch m.kind {
	case termStyle, termColour:
		r.styleTerm(m)
	case termMood:
		if !m.neg && p.Mood == "" {
			p.Mood = m.mood
		}
	case termTempo:
		if !m.neg && (p.Tempo == "" || p.Tempo == plan.TempoSlow && m.tempo == plan.TempoBallad) {
			p.Tempo = m.tempo
		}
	case termInst:
		r.instrumentTerm(m)
	case termScene:
		if !m.neg {
			r.sceneTerm(m.scene)
		}
	}
}

// styleTerm keeps a style the prompt names (or excludes: "no jazz"); the
// first colour adjective ("jazzy") colours the plan.
func (r *reading) styleTerm(m match) {
	switch {
	case m.neg:
		r.excluded[m.style] = true
	case m.kind == termStyle:
		r.mains = append(r.mains, m)
	case r.p.Colour == "":
		r.p.Colour = m.style
	}
}

// instrumentTerm adds or excludes an instrument; one the prompt itself
// names (not drums or a texture) is featured.
func (r *reading) instrumentTerm(m match) {
	p := r.p
	readInstrument(p, m.inst, m.neg)
	if !m.neg && m.inst != score.Drums && m.inst != score.VinylCrackle && !slices.Contains(p.Without, m.inst) {
		p.Featured = appendUnique(p.Featured, m.inst)
	}
	if m.inst == score.Drums {
		r.explicitDrums = true
	}
}

// sceneTerm adds what a scene says: its styles' weights, and (from the
// first scene that says them) a mood, a tempo feel and a wish for drums;
// its instruments unless excluded.
func (r *reading) sceneTerm(h hint) {
	for _, s := range h.styles {
		r.scores[s.style] += s.w
	}
	if r.sceneMood == "" {
		r.sceneMood = h.mood
	}
	if r.sceneTempo == "" {
		r.sceneTempo = h.tempo
	}
	if h.drums != 0 && r.drumsHint == 0 {
		r.drumsHint = h.drums
	}
	for _, in := range h.inst {
		if !slices.Contains(r.p.Without, in) {
			r.p.Instruments = appendUnique(r.p.Instruments, in)
		}
	}
}

// joinModifiers reads a style word right before another as modifying it:
// "jazzy hip hop", "country rock", "orchestral dubstep" (the head noun is
// the style), unless it is the longer, more specific name ("dark ambient
// drone"). The modifier becomes the colour.
func (r *reading) joinModifiers() {
	mains := r.mains
	for i := 0; i+1 < len(mains); i++ {
		a, b := mains[i], mains[i+1]
		if a.from >= 0 && a.to == b.from && a.style != b.style {
			drop, mod := i, a
			if a.to-a.from > b.to-b.from {
				drop, mod = i+1, b
			}
			if r.p.Colour == "" {
				r.p.Colour = mod.style
			}
			mains = append(mains[:drop], mains[drop+1:]...)
			i--
		}
	}
	r.mains = mains
}

// rankStyles puts first, of several styles named apart, the best
// supported: each naming counts, the first a little more, and so does
// what the rest of the prompt says ("background music for a yoga flow ...
// singing bowl").
func (r *reading) rankStyles() {
	mains := r.mains
	if len(mains) <= 1 {
		return
	}
	support := map[plan.Genre]float64{}
	for i, m := range mains {
		support[m.style] += 10
		if i == 0 {
			support[m.style] += 3 // the style named first leads unless outweighed
		}
	}
	for _, in := range r.p.Instruments {
		for _, s := range instrumentStyles[in] {
			support[s.style] += s.w * 0.8
		}
	}
	best := 0
	for i, m := range mains {
		if support[m.style]+r.scores[m.style] > support[mains[best].style]+r.scores[mains[best].style] {
			best = i
		}
	}
	mains[0], mains[best] = mains[best], mains[0]
}

// readMisspeltStyle names the style of a prompt that names none (and no
// colour) but misspells one by a letter ("tecno").
func (r *reading) readMisspeltStyle() {
	if len(r.mains) > 0 || r.p.Colour != "" {
		return
	}
	if g, ok := misspelt(r.toks, r.knownTokens()); ok {
		r.mains = append(r.mains, match{term: term{kind: termStyle, style: g}, from: -1, to: -1})
	}
}

// chooseNamedStyle makes the first named style that is not excluded the
// plan's, and the next different one its colour; an adjective alone names
// the style ("jazzy", "funky groove"), unless the scene clearly is another
// ("orchestral trailer").
func (r *reading) chooseNamedStyle() {
	p := r.p
	for _, m := range r.mains {
		if !r.excluded[m.style] {
			if p.Genre == "" {
				p.Genre, r.explicit = m.style, true
			} else if p.Colour == "" && m.style != p.Genre {
				p.Colour = m.style
			}
		}
	}
	if p.Genre == "" && p.Colour != "" {
		best, bestScore := topStyle(r.scores, r.excluded)
		if bestScore >= 4 && best != p.Colour {
			p.Genre = best
		} else {
			p.Genre, p.Colour = p.Colour, ""
		}
		r.explicit = true
	}
}

// chooseUnnamedStyle gives a prompt that names no style the best-weighted
// style of what it does say (scenes, instruments, a mood a style lists
// first), or the default its text picks; a colour equal to the style or
// excluded is dropped.
func (r *reading) chooseUnnamedStyle() {
	p := r.p
	if p.Genre == "" {
		for _, in := range p.Instruments {
			for _, s := range instrumentStyles[in] {
				r.scores[s.style] += s.w * 0.8
			}
		}
		if p.Mood != "" {
			for _, g := range plan.Genres {
				if ms := catalogued(g).Moods; len(ms) > 0 && plan.Mood(ms[0]) == p.Mood {
					r.scores[g] += 0.5
				}
			}
		}
		p.Genre, _ = topStyle(r.scores, r.excluded)
	}
	if p.Genre == "" {
		p.Genre = plan.DefaultStyle(p.Prompt)
	}
	if p.Colour == p.Genre || r.excluded[p.Colour] {
		p.Colour = ""
	}
}

// applyScenes gives the plan the scenes' mood and tempo feel where the
// prompt's own words set none.
func (r *reading) applyScenes() {
	if r.p.Mood == "" {
		r.p.Mood = r.sceneMood
	}
	if r.p.Tempo == "" {
		r.p.Tempo = r.sceneTempo
	}
}

// decideDrums drops the drums of a calm song (a calm mood or a scene
// without drums) unless the prompt asks for drums or names a style whose
// identity is its groove, and of a band of "only" the named instruments
// unless drums are named.
func (r *reading) decideDrums() {
	p := r.p
	wants := p.WantsDrums() || r.drumsHint > 0 && !r.explicit
	calm := r.drumsHint < 0 || p.Mood == plan.Calm
	if calm && !wants && !(r.explicit && rhythmic(p.Genre)) {
		p.NoDrums = true
	}
	if r.only && !r.explicit && len(p.Instruments) > 0 {
		p.Only = true
		if !r.explicitDrums {
			p.NoDrums = true
		}
	}
	if p.NoDrums {
		p.Instruments = removeInst(p.Instruments, score.Drums)
	}
}

// decideLead keeps "minimal" from stripping the melody of anything but
// electronic music; "no melody" strips it everywhere.
func (r *reading) decideLead() {
	p, toks := r.p, r.toks
	if p.NoLead && family(p.Genre) != "electronic" && !hasPhrase(toks, "no", "melody") && !hasPhrase(toks, "without", "melody") {
		p.NoLead = false
	}
}

// decideAcoustic makes a live (not electronic, not programmed) style
// acoustic when every instrument the prompt features is acoustic.
func (r *reading) decideAcoustic() {
	p := r.p
	if !p.Acoustic && len(p.Featured) > 0 && family(p.Genre) != "electronic" && !style.FeelOf(catalogued(p.Genre)).Programmed {
		all := true
		for _, in := range p.Featured {
			all = all && plan.AcousticInstrument(in)
		}
		p.Acoustic = all
	}
}

// featureNamedInstruments features the instruments a prompt names inside
// a style's name ("gospel choir") and those it misspells by one letter
// ("pianno", "guitr" is too short to tell).
func (r *reading) featureNamedInstruments() {
	for _, m := range r.ms {
		if m.kind == termStyle && !m.neg && m.to-m.from > 1 {
			for k := max(m.from, 0); k < m.to && k < len(r.toks); k++ {
				r.featureWord(r.toks[k])
			}
		}
	}
	known := r.knownTokens()
	for i, tok := range r.toks {
		if known[i] || len(tok) < 5 || !isASCII(tok) {
			continue
		}
		if phrase, ok := misspeltInstrument(tok); ok {
			r.featureWord(phrase)
		}
	}
}

// featureWord adds and features the melodic instrument word names, unless
// the prompt excludes it.
func (r *reading) featureWord(word string) {
	if in, ok := soloInstrument(word); ok && !slices.Contains(r.p.Without, in) {
		r.p.Instruments = appendUnique(r.p.Instruments, in)
		r.p.Featured = appendUnique(r.p.Featured, in)
	}
}

// knownTokens marks the tokens some term of the prompt covers.
func (r *reading) knownTokens() []bool {
	known := make([]bool, len(r.toks))
	for _, m := range r.ms {
		for k := max(m.from, 0); k < m.to && k < len(r.toks); k++ {
			known[k] = true
		}
	}
	return known
}

// soloInstrument returns the melodic instrument a single word names; bass
// and drum words ("drum and bass") do not count.
func soloInstrument(word string) (score.Instrument, bool) {
	for _, iw := range instrumentWords {
		if iw.phrase != word {
			continue
		}
		switch iw.value {
		case score.Drums, score.Bass, score.SubBass, score.SynthBass, score.Reese, score.VinylCrackle:
			return "", false
		}
		return iw.value, true
	}
	return "", false
}

// family is a style's family.
func family(g plan.Genre) string { return catalogued(g).Family }

// catalogued returns the catalogue entry of style g, falling back to pop
// as the composer does.
func catalogued(g plan.Genre) style.Style {
	if st, ok := style.Lookup(string(g)); ok {
		return st
	}
	return style.Must(string(plan.Pop))
}

// hasPhrase reports whether the tokens hold a then b.
func hasPhrase(toks []string, a, b string) bool {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i] == a && strings.HasPrefix(toks[i+1], b) {
			return true
		}
	}
	return false
}

// vocalWords ask for a singer or words; the engine plays instrumentals, so
// they give the vocal line to the lead (and the tag "instrumental").
var vocalWords = map[string]bool{"vocals": true, "vocal": true, "singer": true, "singing": true, "sung": true,
	"lyrics": true, "lyric": true, "sings": true, "vocalist": true, "rapper": true, "rapping": true, "verses": true,
	"letra": true, "cantante": true, "cantada": true, "gesang": true, "sanger": true, "sangerin": true, "songtext": true,
	"paroles": true, "chanteur": true, "chanteuse": true, "chante": true, "voz": true, "vocais": true, "testo": true}

// acousticNouns after "acoustic" name one instrument, not the band.
var acousticNouns = map[string]bool{"guitar": true, "guitars": true, "bass": true, "piano": true, "drums": true, "kit": true}

// acousticWords ask for an unplugged band.
var acousticWords = map[string]bool{"acoustic": true, "unplugged": true, "akustisch": true, "acustico": true,
	"acustica": true, "acoustique": true, "akustik": true}

// readInstrument adds or excludes an instrument the prompt names.
func readInstrument(p *plan.Plan, in score.Instrument, neg bool) {
	switch {
	case in == score.VinylCrackle && !neg:
		p.Texture = in
	case neg:
		if in == score.Drums {
			p.NoDrums = true
		}
		p.Without = appendUnique(p.Without, in)
		p.Instruments = removeInst(p.Instruments, in)
	case in == score.Drums && p.NoDrums:
	default:
		p.Instruments = appendUnique(p.Instruments, in)
	}
}

// topStyle returns the best-scored style that is not excluded (the first in
// catalogue order on ties), or "" when none scored.
func topStyle(scores map[plan.Genre]float64, excluded map[plan.Genre]bool) (plan.Genre, float64) {
	best, bestScore := plan.Genre(""), 0.0
	for _, g := range plan.Genres {
		if sc := scores[g]; sc > bestScore && !excluded[g] {
			best, bestScore = g, sc
		}
	}
	return best, bestScore
}
