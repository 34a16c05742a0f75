package music

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
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
	// style's own range (see pickBPM); the composer also lets the band
	// in softly (see balladArrangement).
	TempoBallad = "ballad"
)

// Plan is what a prompt asks for. Parse fills only what the prompt says;
// Resolve fills the rest from the genre, the mood and a seed.
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
	// included (see fitLength); otherwise the length is whole bars near it.
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
}

// WantsDrums reports whether the prompt asks for drums.
func (p Plan) WantsDrums() bool { return slices.Contains(p.Instruments, score.Drums) }

// Resolve returns a complete plan: genre, mood, tempo, length, key and mode
// are filled in from the prompt's words, the genre profile and seed. A plan
// that is already complete is returned unchanged.
func (p Plan) Resolve(seed uint64) Plan {
	r := newRNG(seed, "plan")
	if p.Genre == "" {
		p.Genre = defaultStyle(p.Prompt) // never the seed alone: see Parse
	}
	prof := profile(p.Genre)
	if p.Mood == "" {
		p.Mood = prof.moods[r.intn(len(prof.moods))]
	}
	if p.BPM <= 0 {
		p.BPM = pickBPM(prof, moodOf(p.Mood), p.Tempo, r)
	}
	if p.Seconds <= 0 {
		p.Seconds = prof.seconds
	}
	if p.Loop {
		p.Seconds = clamp(p.Seconds, MinLoopSeconds, MaxSeconds)
	} else {
		p.Seconds = clamp(p.Seconds, MinSeconds, MaxSeconds)
	}
	if p.KeyRoot < 0 || p.KeyRoot > 11 {
		p.KeyRoot = r.intn(12)
	}
	if p.Mode == "" {
		p.Mode = pickMode(p.Genre, p.Mood, r)
	}
	return p
}

// pickBPM chooses a whole-number tempo inside (or, for slow and fast, just
// beyond) the genre range, leaning the way the mood and tempo words say; a
// ballad is 60-80 bpm in a faster style, and slow in a slow one.
func pickBPM(prof genreProfile, mood moodProfile, feel string, r *rng) float64 {
	lo, hi := prof.bpm[0], prof.bpm[1]
	pos := 0.5 + 0.35*mood.tempo + r.between(-0.15, 0.15)
	if feel == TempoBallad && lo <= 80 {
		feel = TempoSlow // a slow style's ballad: its slow end
	}
	switch feel {
	case TempoSlow, TempoHalfTime:
		lo, hi = lo*0.85, lo+(hi-lo)*0.3
		pos = r.between(0.2, 0.8)
	case TempoBallad:
		lo, hi = 60, 80
		pos = r.between(0.2, 0.8)
	case TempoFast:
		lo, hi = hi-(hi-lo)*0.3, hi*1.1
		pos = r.between(0.2, 0.8)
	case TempoMid:
		pos = r.between(0.4, 0.6)
	}
	return math.Round(clamp(lo+(hi-lo)*clamp(pos, 0, 1), MinBPM, MaxBPM))
}

// pickMode chooses a mode: among the style's preferred modes, those whose
// colour (major-ish or minor-ish) fits the mood, the first most often;
// otherwise the mood's own colour.
func pickMode(g Genre, m Mood, r *rng) string {
	mp, prof := moodOf(m), profile(g)
	bright := mp.bright > 0 || (mp.bright == 0 && prof.bright)
	var fit []string
	for _, md := range prof.st.Harmony.Modes {
		if brightMode(md) == bright {
			fit = append(fit, md)
		}
	}
	if len(fit) == 1 || len(fit) > 1 && r.chance(0.6) {
		return fit[0]
	} else if len(fit) > 1 {
		return fit[1+r.intn(len(fit)-1)]
	}
	if mp.special != "" && r.chance(0.4) {
		return mp.special
	}
	if bright {
		return "major"
	}
	return "minor"
}

// brightMode reports whether a mode has a major third.
func brightMode(mode string) bool {
	return mode == "major" || mode == "lydian" || mode == "mixolydian" || mode == "ionian"
}

func clamp(v, lo, hi float64) float64 { return math.Min(hi, math.Max(lo, v)) }
