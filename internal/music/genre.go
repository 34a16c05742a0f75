package music

import (
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

type drumStyle int

const (
	drumsBackbeat drumStyle = iota
	drumsBoomBap
	drumsTrap
	drumsFourFloor
	drumsTechno
	drumsBreakbeat
	drumsHalfTime // dubstep
	drumsOneDrop
	drumsJazz
	drumsMetal
	drumsFunk
	drumsDisco
	drumsSoftPulse  // ambient
	drumsOrchestral // timpani pulse
	drumsTrain      // country / folk shuffle
	drumsPattern    // a step-pattern groove from the catalogue
)

type bassStyle int

const (
	bassRootFifth bassStyle = iota
	bassEighths
	bassWalking
	bass808
	bassOffbeat
	bassReese
	bassOneDrop
	bassFunk
	bassOctave
	bassSustain
	bassBoomBap
	bassPattern // step patterns from the catalogue
)

type compStyle int

const (
	compBlock   compStyle = iota // sustained chords
	compPop                      // rhythmic quarter/eighth chords
	compCharles                  // jazz / lo-fi Charleston comping
	compStab                     // house off-beat stabs
	compSkank                    // reggae off-beat skank
	compPower                    // rock / metal power chords
	compFunk                     // sixteenth-note funk stabs
	compStrum                    // folk / country strumming
	compBroken                   // classical broken chords (Alberti-like)
	compPattern                  // step patterns from the catalogue
)

type formKind int

const (
	formSong    formKind = iota // intro verse chorus verse chorus bridge chorus outro
	formDance                   // intro build drop breakdown build drop outro
	formBeat                    // intro verse hook verse hook outro (hip hop)
	formThrough                 // intro A B A' C B outro (ambient, classical)
	formBlues                   // 12-bar choruses
)

// genreProfile is what the composer reads of a style's catalogue entry,
// with the builtin names turned into the composer's own kinds.
type genreProfile struct {
	st        style.Style
	bpm       [2]float64 // typical tempo range
	seconds   float64    // default length when the prompt gives none
	swing     float64
	moods     []plan.Mood // moods that suit the genre, used when the prompt names none
	bright    bool        // prefers major modes when the mood does not decide
	drums     drumStyle
	bass      bassStyle
	comp      compStyle
	form      formKind
	harmony   style.HarmonyFamily // progression family, see progressionPools
	ext       int                 // chord size: 3 triads, 4 sevenths, 5 ninths
	bassInst  score.Instrument
	compInst  score.Instrument
	padInst   score.Instrument // "" for no pad by default
	leadInst  score.Instrument
	arpInst   score.Instrument // "" for no arpeggio by default
	arpRate   float64          // beats per arpeggio note
	reverb    float64
	tail      float64 // seconds of release tail
	leadDense float64 // melody density 0..1
	blue      float64 // chance of a blue-note approach before a melody note on the beat
}

var (
	drumNames = map[style.DrumBuiltin]drumStyle{"backbeat": drumsBackbeat, "boombap": drumsBoomBap, "trap": drumsTrap,
		"fourfloor": drumsFourFloor, "techno": drumsTechno, "breakbeat": drumsBreakbeat, "halftime": drumsHalfTime,
		"onedrop": drumsOneDrop, "jazz": drumsJazz, "metal": drumsMetal, "funk": drumsFunk, "disco": drumsDisco,
		"softpulse": drumsSoftPulse, "orchestral": drumsOrchestral, "train": drumsTrain}
	bassNames = map[style.LineBuiltin]bassStyle{"rootfifth": bassRootFifth, "eighths": bassEighths, "walking": bassWalking,
		"808": bass808, "offbeat": bassOffbeat, "reese": bassReese, "onedrop": bassOneDrop, "funk": bassFunk,
		"octave": bassOctave, "sustain": bassSustain, "boombap": bassBoomBap}
	compNames = map[style.LineBuiltin]compStyle{"block": compBlock, "pop": compPop, "charleston": compCharles,
		"stab": compStab, "skank": compSkank, "power": compPower, "funk": compFunk, "strum": compStrum,
		"broken": compBroken}
	formNames = map[style.Form]formKind{"song": formSong, "dance": formDance, "beat": formBeat,
		"through": formThrough, "blues": formBlues}
)

// profiles holds the profile of every style, built once from the catalogue.
var profiles = func() map[plan.Genre]genreProfile {
	m := make(map[plan.Genre]genreProfile, len(style.All()))
	for _, st := range style.All() {
		m[plan.Genre(st.Name)] = profileOf(st)
	}
	return m
}()

// profileOf reads a catalogue entry. A style's first groove, bass and comp
// line set its default kinds; patterns make them drumsPattern, bassPattern
// and compPattern (the part writers then read the lines).
func profileOf(st style.Style) genreProfile {
	p := genreProfile{st: st, bpm: st.Tempo, seconds: st.Seconds, swing: st.Swing, bright: st.Bright,
		form: formNames[st.Form], harmony: st.Harmony.Family, ext: st.Harmony.Ext,
		bassInst: st.Band.Bass, compInst: st.Band.Chords, padInst: st.Band.Pad, leadInst: st.Band.Lead,
		arpInst: st.Band.Arp, arpRate: st.Band.ArpRate, reverb: st.Mix.Reverb, tail: st.Mix.Tail,
		leadDense: st.Lead.Density, blue: st.Lead.Blue}
	for _, m := range st.Moods {
		p.moods = append(p.moods, plan.Mood(m))
	}
	p.drums = drumsPattern
	if g := st.Drums.Grooves; len(g) > 0 && g[0].Builtin != "" {
		p.drums = drumNames[g[0].Builtin]
	}
	p.bass = bassPattern
	if len(st.Bass) > 0 && st.Bass[0].Builtin != "" {
		p.bass = bassNames[st.Bass[0].Builtin]
	}
	p.comp = compPattern
	if len(st.Comp) > 0 && st.Comp[0].Builtin != "" {
		p.comp = compNames[st.Comp[0].Builtin]
	}
	return p
}

// profile returns the profile of g, falling back to Pop.
func profile(g plan.Genre) genreProfile {
	if p, ok := profiles[g]; ok {
		return p
	}
	return profiles[plan.Pop]
}
