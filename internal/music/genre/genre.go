package genre

import (
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// DrumStyle is a builtin groove the drummer plays.
type DrumStyle int

// The builtin grooves.
const (
	DrumsBackbeat DrumStyle = iota
	DrumsBoomBap
	DrumsTrap
	DrumsFourFloor
	DrumsTechno
	DrumsBreakbeat
	DrumsHalfTime // dubstep
	DrumsOneDrop
	DrumsJazz
	DrumsMetal
	DrumsFunk
	DrumsDisco
	DrumsSoftPulse  // ambient
	DrumsOrchestral // timpani pulse
	DrumsTrain      // country / folk shuffle
	DrumsPattern    // a step-pattern groove from the catalogue
)

// BassStyle is a builtin bass line.
type BassStyle int

// The builtin bass lines.
const (
	BassRootFifth BassStyle = iota
	BassEighths
	BassWalking
	Bass808
	BassOffbeat
	BassReese
	BassOneDrop
	BassFunk
	BassOctave
	BassSustain
	BassBoomBap
	BassPattern // step patterns from the catalogue
)

// CompStyle is a builtin way of comping the chords.
type CompStyle int

// The builtin comping styles.
const (
	CompBlock   CompStyle = iota // sustained chords
	CompPop                      // rhythmic quarter/eighth chords
	CompCharles                  // jazz / lo-fi Charleston comping
	CompStab                     // house off-beat stabs
	CompSkank                    // reggae off-beat skank
	CompPower                    // rock / metal power chords
	CompFunk                     // sixteenth-note funk stabs
	CompStrum                    // folk / country strumming
	CompBroken                   // classical broken chords (Alberti-like)
	CompPattern                  // step patterns from the catalogue
	CompBallad                   // a ballad's left hand on every beat (the composer's, for pop comping in a ballad)
)

// FormKind is the shape of a song: the sections it cycles through.
type FormKind int

// The forms.
const (
	FormSong    FormKind = iota // intro verse chorus verse chorus bridge chorus outro
	FormDance                   // intro build drop breakdown build drop outro
	FormBeat                    // intro verse hook verse hook outro (hip hop)
	FormThrough                 // intro A B A' C B outro (ambient, classical)
	FormBlues                   // 12-bar choruses
)

// Profile is what the composer reads of a style's catalogue entry,
// with the builtin names turned into the composer's own kinds.
type Profile struct {
	Style     style.Style
	BPM       [2]float64 // typical tempo range
	Seconds   float64    // default length when the prompt gives none
	Swing     float64
	Moods     []plan.Mood // moods that suit the genre, used when the prompt names none
	Bright    bool        // prefers major modes when the mood does not decide
	Drums     DrumStyle
	Bass      BassStyle
	Comp      CompStyle
	Form      FormKind
	Harmony   style.HarmonyFamily // progression family, see progressionPools
	Ext       int                 // chord size: 3 triads, 4 sevenths, 5 ninths
	BassInst  score.Instrument
	CompInst  score.Instrument
	PadInst   score.Instrument // "" for no pad by default
	LeadInst  score.Instrument
	ArpInst   score.Instrument // "" for no arpeggio by default
	ArpRate   float64          // beats per arpeggio note
	Reverb    float64
	Tail      float64 // seconds of release tail
	LeadDense float64 // melody density 0..1
	// LeadEighths: every note of the tune starts on an eighth (the
	// groove's style.Groove.LeadEighths).
	LeadEighths bool
	Blue        float64 // chance of a blue-note approach before a melody note on the beat
}

// The catalogue's builtin names of grooves, lines, comping and forms.
var (
	DrumNames = map[style.DrumBuiltin]DrumStyle{"backbeat": DrumsBackbeat, "boombap": DrumsBoomBap, "trap": DrumsTrap,
		"fourfloor": DrumsFourFloor, "techno": DrumsTechno, "breakbeat": DrumsBreakbeat, "halftime": DrumsHalfTime,
		"onedrop": DrumsOneDrop, "jazz": DrumsJazz, "metal": DrumsMetal, "funk": DrumsFunk, "disco": DrumsDisco,
		"softpulse": DrumsSoftPulse, "orchestral": DrumsOrchestral, "train": DrumsTrain}
	BassNames = map[style.LineBuiltin]BassStyle{"rootfifth": BassRootFifth, "eighths": BassEighths, "walking": BassWalking,
		"808": Bass808, "offbeat": BassOffbeat, "reese": BassReese, "onedrop": BassOneDrop, "funk": BassFunk,
		"octave": BassOctave, "sustain": BassSustain, "boombap": BassBoomBap}
	CompNames = map[style.LineBuiltin]CompStyle{"block": CompBlock, "pop": CompPop, "charleston": CompCharles,
		"stab": CompStab, "skank": CompSkank, "power": CompPower, "funk": CompFunk, "strum": CompStrum,
		"broken": CompBroken}
	FormNames = map[style.Form]FormKind{"song": FormSong, "dance": FormDance, "beat": FormBeat,
		"through": FormThrough, "blues": FormBlues}
)

// profiles holds the profile of every style, built once from the catalogue.
var profiles = func() map[plan.Genre]Profile {
	m := make(map[plan.Genre]Profile, len(style.All()))
	for _, st := range style.All() {
		m[plan.Genre(st.Name)] = profileOf(st)
	}
	return m
}()

// profileOf reads a catalogue entry. A style's first groove, bass and comp
// line set its default kinds; patterns make them drumsPattern, bassPattern
// and compPattern (the part writers then read the lines).
func profileOf(st style.Style) Profile {
	p := Profile{Style: st, BPM: st.Tempo, Seconds: st.Seconds, Swing: st.Swing, Bright: st.Bright,
		Form: FormNames[st.Form], Harmony: st.Harmony.Family, Ext: st.Harmony.Ext,
		BassInst: st.Band.Bass, CompInst: st.Band.Chords, PadInst: st.Band.Pad, LeadInst: st.Band.Lead,
		ArpInst: st.Band.Arp, ArpRate: st.Band.ArpRate, Reverb: st.Mix.Reverb, Tail: st.Mix.Tail,
		LeadDense: st.Lead.Density, Blue: st.Lead.Blue}
	for _, m := range st.Moods {
		p.Moods = append(p.Moods, plan.Mood(m))
	}
	p.Drums = DrumsPattern
	if g := st.Drums.Grooves; len(g) > 0 && g[0].Builtin != "" {
		p.Drums = DrumNames[g[0].Builtin]
	}
	p.Bass = BassPattern
	if len(st.Bass) > 0 && st.Bass[0].Builtin != "" {
		p.Bass = BassNames[st.Bass[0].Builtin]
	}
	p.Comp = CompPattern
	if len(st.Comp) > 0 && st.Comp[0].Builtin != "" {
		p.Comp = CompNames[st.Comp[0].Builtin]
	}
	return p
}

// Of returns the profile of g, falling back to Pop.
func Of(g plan.Genre) Profile {
	if p, ok := profiles[g]; ok {
		return p
	}
	return profiles[plan.Pop]
}
