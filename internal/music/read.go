package music

import (
	"hash/fnv"
	"slices"
	"strings"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// defaultStyles are the sensible choices for a prompt that says nothing the
// reader understands; the prompt's own text picks one, so different
// prompts give different songs.
var defaultStyles = []Genre{Pop, LoFi, Ambient, Folk, Jazz, House, "indie", "cinematic", Classical, Synthwave, "soul", "bossa nova"}

// defaultStyle picks a default style from the prompt text.
func defaultStyle(prompt string) Genre {
	h := fnv.New64a()
	h.Write([]byte(strings.TrimSpace(prompt)))
	return defaultStyles[h.Sum64()%uint64(len(defaultStyles))]
}

// rhythmic reports whether a style's identity is its groove, so a calm
// mood keeps its drums ("relaxing house").
func rhythmic(g Genre) bool {
	switch profile(g).st.Family {
	case "calm", "orchestral", "folk", "jazz":
		return false
	}
	return true
}

// only words make the named instruments the whole band ("just piano").
var onlyWords = map[string]bool{"just": true, "only": true, "solo": true, "alone": true, "unaccompanied": true,
	"solamente": true, "solo de": true, "seulement": true, "nur": true, "apenas": true, "somente": true}

// read applies the terms found in a prompt to the plan: style and colour,
// mood, tempo feel, instruments and exclusions, and what scenes imply.
func (p *Plan) read(ms []match, toks []string) {
	var mains []match
	excluded := map[Genre]bool{}
	scores := map[Genre]float64{}
	var sceneMood Mood
	sceneTempo, drumsHint, explicitDrums := "", 0, false
	only := false
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
		if onlyWords[t] || (t == "cappella" || t == "acapella" || t == "capella") {
			only = true
		}
		if (t == "cappella" || t == "acapella" || t == "capella") && (i == 0 || toks[i-1] == "a" || t == "acapella") {
			p.Instruments = appendUnique(p.Instruments, score.ChoirPad)
			p.NoDrums = true
		}
	}
	for _, m := range ms {
		switch m.kind {
		case termStyle, termColour:
			if m.neg {
				excluded[m.style] = true
				continue
			}
			if m.kind == termStyle {
				mains = append(mains, m)
			} else if p.Colour == "" {
				p.Colour = m.style
			}
		case termMood:
			if !m.neg && p.Mood == "" {
				p.Mood = m.mood
			}
		case termTempo:
			if !m.neg && (p.Tempo == "" || p.Tempo == TempoSlow && m.tempo == TempoBallad) {
				p.Tempo = m.tempo
			}
		case termInst:
			p.readInstrument(m.inst, m.neg)
			if !m.neg && m.inst != score.Drums && m.inst != score.VinylCrackle && !slices.Contains(p.Without, m.inst) {
				p.Featured = appendUnique(p.Featured, m.inst)
			}
			if m.inst == score.Drums {
				explicitDrums = true
			}
		case termScene:
			if m.neg {
				continue
			}
			for _, s := range m.scene.styles {
				scores[s.style] += s.w
			}
			if sceneMood == "" {
				sceneMood = m.scene.mood
			}
			if sceneTempo == "" {
				sceneTempo = m.scene.tempo
			}
			if m.scene.drums != 0 && drumsHint == 0 {
				drumsHint = m.scene.drums
			}
			for _, in := range m.scene.inst {
				if !slices.Contains(p.Without, in) {
					p.Instruments = appendUnique(p.Instruments, in)
				}
			}
		}
	}
	p.readNamedInstruments(ms, toks)
	// A style word right before another modifies it: "jazzy hip hop",
	// "country rock", "orchestral dubstep" (the head noun is the style),
	// unless it is the longer, more specific name ("dark ambient drone").
	for i := 0; i+1 < len(mains); i++ {
		a, b := mains[i], mains[i+1]
		if a.from >= 0 && a.to == b.from && a.style != b.style {
			drop, mod := i, a
			if a.to-a.from > b.to-b.from {
				drop, mod = i+1, b
			}
			if p.Colour == "" {
				p.Colour = mod.style
			}
			mains = append(mains[:drop], mains[drop+1:]...)
			i--
		}
	}
	// Of several styles named apart, the best supported is the main one:
	// each naming counts, and so does what the rest of the prompt says
	// ("background music for a yoga flow ... singing bowl").
	if len(mains) > 1 {
		support := map[Genre]float64{}
		for i, m := range mains {
			support[m.style] += 10
			if i == 0 {
				support[m.style] += 3 // the style named first leads unless outweighed
			}
		}
		for _, in := range p.Instruments {
			for _, s := range instrumentStyles[in] {
				support[s.style] += s.w * 0.8
			}
		}
		best := 0
		for i, m := range mains {
			if support[m.style]+scores[m.style] > support[mains[best].style]+scores[mains[best].style] {
				best = i
			}
		}
		mains[0], mains[best] = mains[best], mains[0]
	}
	if len(mains) == 0 && p.Colour == "" {
		known := make([]bool, len(toks))
		for _, m := range ms {
			for k := max(m.from, 0); k < m.to; k++ {
				known[k] = true
			}
		}
		if g, ok := misspelt(toks, known); ok {
			mains = append(mains, match{term: term{kind: termStyle, style: g}, from: -1, to: -1})
		}
	}
	explicit := false
	for _, m := range mains {
		if !excluded[m.style] {
			if p.Genre == "" {
				p.Genre, explicit = m.style, true
			} else if p.Colour == "" && m.style != p.Genre {
				p.Colour = m.style
			}
		}
	}
	if p.Genre == "" && p.Colour != "" {
		// An adjective alone names the style ("jazzy", "funky groove"),
		// unless the scene clearly is another ("orchestral trailer").
		best, bestScore := topStyle(scores, excluded)
		if bestScore >= 4 && best != p.Colour {
			p.Genre = best
		} else {
			p.Genre, p.Colour = p.Colour, ""
		}
		explicit = true
	}
	if p.Genre == "" {
		for _, in := range p.Instruments {
			for _, s := range instrumentStyles[in] {
				scores[s.style] += s.w * 0.8
			}
		}
		if p.Mood != "" {
			for _, g := range Genres {
				if ms := profile(g).moods; len(ms) > 0 && ms[0] == p.Mood {
					scores[g] += 0.5
				}
			}
		}
		p.Genre, _ = topStyle(scores, excluded)
	}
	if p.Genre == "" {
		p.Genre = defaultStyle(p.Prompt)
	}
	if p.Colour == p.Genre || excluded[p.Colour] {
		p.Colour = ""
	}
	if p.Mood == "" {
		p.Mood = sceneMood
	}
	if p.Tempo == "" {
		p.Tempo = sceneTempo
	}
	wants := p.WantsDrums() || drumsHint > 0 && !explicit
	calm := drumsHint < 0 || p.Mood == Calm
	if calm && !wants && !(explicit && rhythmic(p.Genre)) {
		p.NoDrums = true
	}
	if only && !explicit && len(p.Instruments) > 0 {
		p.Only = true
		if !explicitDrums {
			p.NoDrums = true
		}
	}
	if p.NoDrums {
		p.Instruments = removeInst(p.Instruments, score.Drums)
	}
	if p.NoLead && family(p.Genre) != "electronic" && !hasPhrase(toks, "no", "melody") && !hasPhrase(toks, "without", "melody") {
		p.NoLead = false // "minimal" strips the melody of electronic music only
	}
	if !p.Acoustic && len(p.Featured) > 0 && family(p.Genre) != "electronic" && !style.FeelOf(profile(p.Genre).st).Programmed {
		all := true
		for _, in := range p.Featured {
			all = all && acoustic[in]
		}
		p.Acoustic = all
	}
}

// readNamedInstruments features the instruments a prompt names inside a
// style's name ("gospel choir") and those it misspells by one letter
// ("pianno", "guitr" is too short to tell).
func (p *Plan) readNamedInstruments(ms []match, toks []string) {
	known := make([]bool, len(toks))
	for _, m := range ms {
		for k := max(m.from, 0); k < m.to && k < len(toks); k++ {
			known[k] = true
		}
		if m.kind != termStyle || m.neg {
			continue
		}
		for k := max(m.from, 0); k < m.to && k < len(toks) && m.to-m.from > 1; k++ {
			if in, ok := soloInstrument(toks[k]); ok && !slices.Contains(p.Without, in) {
				p.Instruments = appendUnique(p.Instruments, in)
				p.Featured = appendUnique(p.Featured, in)
			}
		}
	}
	for i, tok := range toks {
		if known[i] || len(tok) < 5 || !isASCII(tok) {
			continue
		}
		for _, iw := range instrumentWords {
			if len(iw.phrase) >= 5 && !strings.Contains(iw.phrase, " ") && editDistance1(tok, iw.phrase) {
				if in, ok := soloInstrument(iw.phrase); ok && !slices.Contains(p.Without, in) {
					p.Instruments = appendUnique(p.Instruments, in)
					p.Featured = appendUnique(p.Featured, in)
				}
				break
			}
		}
	}
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
func family(g Genre) string { return profile(g).st.Family }

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
func (p *Plan) readInstrument(in score.Instrument, neg bool) {
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
func topStyle(scores map[Genre]float64, excluded map[Genre]bool) (Genre, float64) {
	best, bestScore := Genre(""), 0.0
	for _, g := range Genres {
		if sc := scores[g]; sc > bestScore && !excluded[g] {
			best, bestScore = g, sc
		}
	}
	return best, bestScore
}

// misspelt finds a style name or alias written with one typo (a letter
// missing, added, changed or two swapped: "tecno", "dupstep", "bosanova"):
// single words of five letters or more, and two words written as one.
func misspelt(toks []string, known []bool) (Genre, bool) {
	for i, tok := range toks {
		if known[i] {
			continue // a word the reader knows is no typo
		}
		cands := []string{tok}
		if i+1 < len(toks) && !known[i+1] {
			cands = append(cands, tok+toks[i+1])
		}
		for _, c := range cands {
			if len(c) < 5 || !isASCII(c) {
				continue
			}
			for _, t := range vocabulary() {
				if t.kind != termStyle || t.cjk || t.hangul {
					continue
				}
				if p := strings.ReplaceAll(t.phrase, " ", ""); len(p) >= 5 && editDistance1(c, p) {
					return t.style, true
				}
			}
		}
	}
	return "", false
}

// editDistance1 reports whether a and b differ by exactly one edit
// (insertion, deletion, substitution or adjacent transposition).
func editDistance1(a, b string) bool {
	if a == b || abs(len(a)-len(b)) > 1 {
		return false
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	switch {
	case len(a) == len(b):
		if a[i+1:] == b[i+1:] {
			return true
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case len(a) > len(b):
		return a[i+1:] == b[i:]
	default:
		return a[i:] == b[i+1:]
	}
}
