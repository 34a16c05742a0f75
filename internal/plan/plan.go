package plan

import (
	"hash/fnv"
	"slices"
	"strings"

	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/tune"
)

// Length and tempo limits. A requested duration is clamped to
// [MinSeconds, MaxSeconds]; an explicit tempo is clamped to [MinBPM, MaxBPM]
// and otherwise honoured exactly.
const (
	// MinSeconds is the shortest song the composer writes (10 s).
	MinSeconds = 10.0
	// MaxSeconds is the longest song the composer writes (300 s = 5 min).
	MaxSeconds = 300.0
	// MinLoopSeconds is the shortest loop the composer writes (4 s).
	MinLoopSeconds = 4.0
	// MinBPM is the slowest tempo accepted from a prompt.
	MinBPM = 40.0
	// MaxBPM is the fastest tempo accepted from a prompt.
	MaxBPM = 240.0
)

// Tempo feels a prompt can ask for with words instead of a number.
const (
	TempoSlow     = "slow"
	TempoMid      = "mid"
	TempoFast     = "fast"
	TempoHalfTime = "half-time"
	// TempoBallad is a ballad's tempo, about 60-80 bpm whatever the
	// style's own range (see the composer's pickBPM); the composer also
	// lets the band in softly (see its balladArrangement).
	TempoBallad = "ballad"
)

// Plan is what a prompt asks for. reader.Parse fills only what the prompt
// says; music.Resolve fills the rest from the genre, the mood and a seed.
type Plan struct {
	Prompt      string           // the prompt as given
	Genre       Genre            // the style read from the prompt ("" only for a plan built in code)
	Colour      Genre            // a second style colouring the first ("jazzy hip hop": jazz); "" for none
	Only        bool             // the named instruments are the whole band ("just piano", "a cappella")
	Texture     score.Instrument // a bed under the song the prompt asks for ("vinyl crackle")
	Mood        Mood             // "" when the prompt names none
	BPM         float64          // exact tempo; 0 when the prompt gives no number
	ExplicitBPM bool             // BPM came from the prompt and must be kept exactly
	Tempo       string           // TempoSlow, TempoMid, TempoFast, TempoHalfTime, TempoBallad or ""
	Seconds     float64          // requested length in seconds (clamped); 0 for the genre default
	// ExactSeconds makes the song last exactly Seconds, release tail
	// included (see the composer's fitLength); otherwise the length is
	// whole bars near it.
	ExactSeconds bool
	// Loop makes a seamless loop of about Seconds (from MinLoopSeconds):
	// whole phrases of the form's middle sections, no intro, outro,
	// final cadence or fades; synthesis wraps the tails into the start.
	Loop        bool
	KeyRoot     int                // pitch class 0..11; -1 when the prompt names no key
	Mode        string             // "major", "minor", "dorian" ...; "" when not named
	Instruments []score.Instrument // instruments the prompt asks for, in prompt order
	Without     []score.Instrument // instruments the prompt excludes ("no piano")
	NoDrums     bool               // "no drums", "without drums", "drumless"
	Meter       int                // meter asked for: 3 for "waltz", "3/4"; 6 for "6/8", "jig"; 4 for "4/4"; 0 when not named
	Featured    []score.Instrument // instruments the prompt itself names (not a scene's), in prompt order: cast in leading roles
	Acoustic    bool               // "acoustic", "unplugged", or a live style whose named instruments are all acoustic: no synth parts
	NoLead      bool               // no melody: "minimal techno", "no melody"
	Vocal       bool               // the prompt asks for vocals or lyrics: an instrumental whose lead plays the vocal line
	Words       []string           // other content words, used for titles
	// Chords are chord charts the request gives (harmony.ParseChart), by
	// section name ("verse", "chorus", ...) or ChordsSong for every
	// section; nil lets the composer choose the harmony.
	Chords map[string]string
	// Melody is the tune the request gives (issue 30 item 2: ABC or a
	// MIDI file, internal/tune), arranged by the composer with the lead
	// playing it as written; the zero value lets the composer write one.
	Melody tune.Source
}

// HasMelody reports whether the plan gives a melody.
func (p Plan) HasMelody() bool { return p.Melody.ABC != "" || p.Melody.MIDI != "" }

// ChordsSong is the Chords key of a chart for the whole song.
const ChordsSong = "song"

// WantsDrums reports whether the prompt asks for drums.
func (p Plan) WantsDrums() bool { return slices.Contains(p.Instruments, score.Drums) }

// defaultStyles are the sensible choices for a prompt that says nothing the
// reader understands; the prompt's own text picks one, so different
// prompts give different songs.
var defaultStyles = []Genre{Pop, LoFi, Ambient, Folk, Jazz, House, "indie", "cinematic", Classical, Synthwave, "soul", "bossa nova"}

// DefaultStyle picks the style of a prompt that names none the reader
// understands (and of a plan built in code without a genre) from the
// prompt's own text, never from the seed alone.
func DefaultStyle(prompt string) Genre {
	h := fnv.New64a()
	h.Write([]byte(strings.TrimSpace(prompt)))
	return defaultStyles[h.Sum64()%uint64(len(defaultStyles))]
}

// acoustic instruments are the ones a sample bank plays better than the
// synthesizer.
var acoustic = map[score.Instrument]bool{
	score.Piano: true, score.EPiano: true, score.Organ: true, score.Guitar: true, score.DistGuitar: true,
	score.Strings: true, score.ChoirPad: true, score.Flute: true, score.Sax: true, score.Brass: true,
	score.Bass: true, score.Bells: true, score.Fiddle: true, score.Banjo: true, score.Mandolin: true,
	score.Ukulele: true, score.Accordion: true, score.SteelDrums: true, score.Sitar: true, score.MusicBox: true,
	score.NylonGuitar: true, score.Harpsichord: true, score.Marimba: true, score.Vibraphone: true,
	score.Kalimba: true, score.Harp: true, score.UprightBass: true,
}

// AcousticInstrument reports whether in is an acoustic instrument: one a
// sample bank plays better than the synthesizer. The reader makes a plan
// Acoustic when every instrument it features is; the composer records
// such parts.
func AcousticInstrument(in score.Instrument) bool { return acoustic[in] }
