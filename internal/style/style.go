// Package style is the catalogue of musical styles: one declarative entry
// per style (names and aliases, tempo, meters, swing, grooves, kit, bass,
// comping, band, harmony, form, mix, cover palette and title words). The
// prompt reader, the composer, the synthesizer's patch choice, the cover and
// the titles all read it; adding a style means adding one entry to one of
// the catalogue files (latin.go, urban.go ...) and nothing else. Stdlib and
// internal/score only.
package style

import "github.com/songsmith/songsmith/internal/score"

// Style is one entry of the catalogue.
type Style struct {
	// Name is the canonical name, as people call the style ("bossa nova");
	// it is the first tag of a song.
	Name string
	// Family groups styles a listener hears as related ("latin",
	// "electronic", "urban", "rock", "jazz", "folk", "orchestral", "calm",
	// "pop", "world", "holiday", "soul"). The prompt reader uses it to rank
	// candidates; tests use it to compare readings.
	Family string
	// Aliases are the phrases that name the style in a prompt, lower case,
	// words separated by single spaces, in any language ("bossa",
	// "bossanova"). The Name matches too. Hyphens, plurals and spacing
	// variants are handled by the reader, not listed here.
	Aliases []string
	// Colour lists adjective forms that add this style's colour to another
	// main style ("jazzy", "funky", "bluesy"): "jazzy hip hop" is hip hop
	// with jazz harmony and keys.
	Colour []string

	// Tempo is the typical range in BPM (dotted quarters in 6/8).
	Tempo [2]float64
	// Seconds is the default length when the prompt gives none.
	Seconds float64
	// Meters lists the meters the style plays in; the first is its default.
	// A prompt asking for another meter gets it only if it is listed here
	// or the style has no groove for the default meter's rival (see Meter).
	Meters []Meter
	// Swing delays off-beat eighths: 0 straight .. 1 full triplet swing.
	Swing float64
	// SwingSixteenths swings the off-beat sixteenths only and keeps the
	// eighths straight (the sixteenth swing of slow hip hop, soul and r&b).
	SwingSixteenths bool
	// Moods that suit the style, most typical first; used when the prompt
	// names none (canonical mood names: "happy", "sad", "dark", "dreamy",
	// "epic", "calm", "energetic", "romantic", "mysterious", "melancholic",
	// "chill", "aggressive", "uplifting", "nostalgic").
	Moods []string
	// Bright prefers major modes when the mood does not decide.
	Bright bool

	// Drums is the rhythm section's groove and kit.
	Drums Drums
	// Bass is how the bass plays: builtin names or step patterns.
	Bass []Line
	// Comp is how the chord instrument plays: builtin names or patterns.
	Comp []Line
	// Band says which instrument plays each part, and which are recorded.
	Band Band
	// Harmony is the harmonic language.
	Harmony Harmony
	// Form is the song's shape: "song" (verse/chorus), "dance" (build/drop),
	// "beat" (hip hop verse/hook), "through" (through-composed A B A' C),
	// "blues" (12-bar choruses).
	Form Form
	// Lead shapes the melody.
	Lead Lead
	// Mix holds the style's mix notes.
	Mix Mix
	// Seat is the style's mix family (its mix plan: mixplan.go) and the
	// reference set its mixes are measured against (mixfamily.go).
	Seat MixSeat
	// Feel changes the family's default feel (feel.go) for this style:
	// where its players sit against the beat; nil keeps the family's.
	Feel func(f *Feel)
	// Cover is the cover art's look.
	Cover Cover
	// Titles are nouns that suit a title in this style ("Mirrorball").
	Titles []string
}

// Meter is a time signature: Beats per bar and the Subdivision of a beat
// (2 simple, 3 compound). 4/4 is {4, 2}, 3/4 is {3, 2}, 6/8 is {2, 3}.
type Meter struct {
	Beats, Subdivision int
}

// Common meters.
var (
	FourFour  = Meter{4, 2}
	ThreeFour = Meter{3, 2}
	SixEight  = Meter{2, 3}
)

// String returns the meter as musicians write it ("4/4", "3/4", "6/8").
func (m Meter) String() string {
	if m.Subdivision == 3 {
		return itoa(m.Beats*3) + "/8"
	}
	return itoa(m.Beats) + "/4"
}

// Drums is a style's drum kit and its grooves.
type Drums struct {
	// Kit is the sound family of the drums.
	Kit score.Kit
	// Grooves lists the style's grooves; a song picks one per seed (and
	// may change groove between sections where a style has several).
	Grooves []Groove
	// None marks styles that play without a drum kit unless the prompt
	// asks for drums (meditation, chant, lullaby).
	None bool
}

// Groove is one drum groove: either a Builtin drummer of the composer
// ("backbeat", "boombap", "trap", "fourfloor", "disco", "techno",
// "breakbeat", "halftime", "onedrop", "jazz", "metal", "funk", "softpulse",
// "orchestral", "train") or a step pattern written as Lines.
type Groove struct {
	Name    string
	Builtin DrumBuiltin
	// Meter is the meter the Lines are written in (zero means FourFour).
	Meter Meter
	// Lines are the groove's drum lines. Every line covers one bar; a line
	// of 16 steps in 4/4 is sixteenth notes, 12 steps in 4/4 is triplet
	// eighths, 6 steps in 6/8 is eighths.
	Lines []DrumLine
	// Fill is the drum sound of fills ("" is snare and toms).
	Fill score.Drum
	// ArpRate is beats per arpeggio note under this groove (0: the band's
	// Band.ArpRate).
	ArpRate float64
	// LeadDensity is the melody's density under this groove (0: the
	// style's Lead.Density). Where the tempo sits between two pulses a
	// tempo tracker can take (reggae at 70-84 bpm, its beat or its
	// eighths), the tune picks the pulse the groove does.
	LeadDensity float64
	// LeadEighths moves the tune's sixteenth pickups onto the eighth
	// before them (a dotted eighth and a sixteenth become two eighths)
	// under this groove: where a tracker hears the groove at its eighths,
	// a tune's pickup a sixteenth before each beat marks the beat.
	LeadEighths bool
	// Break, when set, are the lines played from BreakBPM on in 4/4 bars
	// outside the drops and choruses (intro, verses, builds, breakdowns,
	// outro) in place of the groove: drum and bass's half time, a big
	// band's two. Fast, aubio starts on the beat and halves it a few
	// seconds later whatever the drums play (drum and bass at 178-187:
	// beats 0.32 s apart, then 0.64 s; a swing at 174-185 too), so the
	// mean of its beat-to-beat tempi lands between; a start in half time
	// lets it start where it stays. Slower it keeps the beat, and a
	// half-time start made it switch (drum and bass at 172-174 heard at
	// 137-156, 172-175 without).
	Break []DrumLine
	// BreakBPM is the tempo from which the Break lines play (with Break).
	BreakBPM float64
	// Slow, when set, are the lines played in place of Lines in every
	// section of a song whose tempo is in SlowBPM: a cinematic taiko
	// ostinato's and of 2 and its toms' sixteenths set aubio on the
	// eighths at 85 bpm (taikoOnTheBeats).
	Slow []DrumLine
	// SlowBPM is the tempo range [from, to) in which the Slow lines play
	// (with Slow).
	SlowBPM [2]float64
	// CountIn, when set, is the bar a song is counted in with under
	// CountInBPM (a slow blues' finger snaps on the four beats): the
	// intro's first bar plays these lines alone and the band enters on
	// the next downbeat. The bar is the song's own (bar lines, hit points
	// and the length stay). Slow, aubio's first estimate of the beat
	// period (1.49 s in) takes the half beat whatever the band plays, and
	// the half beats it places until its second (2.97 s) made it hear a
	// slow blues 4 % fast in 45 s (every beat after them exact); between
	// short, dry clicks it reports none of them, and its second estimate
	// has the beat (docs/engine.md, "slow-start").
	CountIn []DrumLine
	// CountInBPM is the tempo under which the CountIn bar plays.
	CountInBPM float64
}

// DrumLine is one drum's part of a one-bar pattern.
//
// Steps: 'x' accent, 'o' normal, '-' ghost (soft), '.' rest; spaces are
// ignored (write "x... o... x... o..." for readability).
type DrumLine struct {
	Drum  score.Drum
	Steps string
	// Level is the lowest section intensity the line plays at: 1 light
	// (intros, breakdowns), 2 groove (verses), 3 full (choruses, drops).
	// Zero means 1.
	Level int
	// Every and On restrict the line to bars where bar%Every == On (for
	// two-bar patterns write two lines with Every 2, On 0 and On 1).
	Every, On int
}

// Line is one way a bass or chord part plays: a Builtin of the composer or
// a one-bar step pattern.
//
// Builtin bass lines: "rootfifth", "eighths", "walking", "808", "offbeat",
// "reese", "onedrop", "funk", "octave", "sustain", "boombap". Builtin
// comping: "block", "pop", "charleston", "stab", "skank", "power", "funk",
// "strum", "broken".
//
// Bass steps: 'R' root, '3' third, '5' fifth, '7' seventh, '8' octave, 'L'
// fifth below the root, 'T' the key's tonic (a pedal, within a fifth of
// the root; the root under a given chart's or a slash chord), 'A' scale step into the next bar's chord, 'C' chromatic
// approach to it, '-' hold the previous note, '.' rest.
//
// Comp steps: 'x' the whole voicing, 't' its top three notes, 'l' its
// lowest note, 'b' the chord root an octave below the voicing, '1'..'4'
// one voicing tone from the bottom, 's' a strum down, 'u' a strum up, '-'
// hold, '.' rest.
type Line struct {
	Builtin LineBuiltin
	Steps   string
	// Meter is the meter the Steps are written in (zero means FourFour).
	Meter Meter
	// Level is the lowest section intensity the line is used at (zero
	// means every level); a part picks the densest line its level allows.
	Level int
}

// Band names the instrument of each part. An empty part is not played.
type Band struct {
	Bass, Chords, Pad, Lead, Arp score.Instrument
	// Extra parts the seed may draw instead of the defaults above
	// (instrumentation varies per song within the style's palette).
	LeadAlt, ChordsAlt []score.Instrument
	// Texture is an optional bed under the whole song (vinyl crackle).
	Texture score.Instrument
	// Drone is an optional low pedal held under the harmony beside the
	// bass: the body a calm style without a kit would otherwise lack.
	Drone Drone
	// Recorded lists the parts played from a sample bank when one is
	// loaded: "bass", "chords", "pad", "lead", "arp", "drums", "drone". Synth leads,
	// pads, 808s, reese and wobble basses and electronic kits stay
	// synthesized and are not listed.
	Recorded []string
	// ArpRate is beats per arpeggio note (0 for the default of 0.5).
	ArpRate float64
	// HoldPhraseEnds lets the band's pulse yield at a phrase end, as a
	// tango orquesta stops its marcato on a phrase's last chord: the bass
	// and the chords strike the last bar of a middle section of four bars
	// or more on its downbeat alone and hold it through the bar, while
	// the melody moves on (issue 32: a bass and a bandoneon striking
	// every beat to every section's end were a beat every tracker agreed
	// on, Essentia's calm beat confidence over the references').
	HoldPhraseEnds bool
}

// Drone is a low pedal under a style's harmony, as producers and
// traditions place one: a cello pedal under an ambient pad, a choir's ison
// under a chant, a low synth drone in dark ambient, a tanpura-like drone
// under a meditation. The composer holds its root in the octave from
// F#2, where its fundamentals fill the 88-177 Hz octave
// (docs/engine-mix.md), from the first bar to the last; the mixer
// levels it as a bass-register part. The song's last bar sings it anew:
// the final.
type Drone struct {
	// Instrument plays the drone; empty means no drone.
	Instrument score.Instrument
	// Pedal holds the song's tonic through every chord (an ison, a
	// tanpura); otherwise the drone follows each bar's chord root.
	Pedal bool
	// Fifth adds the fifth above (an open fifth; a pedal's is the key's
	// perfect fifth, left out in a mode without one).
	Fifth bool
	// GainDB sets the drone against the bass level of the mix plan (0:
	// at it).
	GainDB float64
	// Strike is a one-bar step pattern ('x' accent, 'o' normal, '-'
	// soft, '.' rest; spaces ignored) on which the drone's pitches are
	// struck anew, as a tanpura is plucked round and round or a bell
	// tolls: the pulse a song without a kit is heard at ("" holds the
	// drone). Without Struck the drone itself is struck (its instrument
	// then a plucked or struck one); with it a second track strikes them.
	// A pattern of 16 steps is in sixteenths (a 3/4 bar plays its first
	// twelve); another length divides the bar evenly.
	Strike string
	// Struck is the instrument of the struck pulse beside the held drone
	// (a harp giving a chant's final beside the ison); empty strikes the
	// drone.
	Struck score.Instrument
	// StruckGainDB sets the Struck track against the bass level of the
	// mix plan, as GainDB the drone's.
	StruckGainDB float64
	// StruckOctave moves the Struck track's pitches by octaves from the
	// drone's (1: an octave over it, where the mix may seat it off
	// centre).
	StruckOctave int
	// Breathe lets the struck pulse breathe with the phrases, as an
	// arranger thins a pulse (internal/music/overlay, breathing): it
	// rests at the phrase ends inside the piece and keeps only the beats
	// in the outro (issue 32: a pulse struck on every eighth from the
	// first bar to the last is one every beat tracker agrees on).
	Breathe bool
}

// Harmony is a style's harmonic language.
type Harmony struct {
	// Family names a progression pool of the composer: "pop", "jazz",
	// "rock", "metal", "folk", "epic", "dance", "one" (one-chord vamps),
	// "funk", "disco", "reggae", "ambient", "classical", "blues", "latin",
	// "gospel", "soul", "anime", "chant", "horror", "christmas".
	Family HarmonyFamily
	// Ext is the chord size: 3 triads, 4 sevenths, 5 ninths.
	Ext int
	// Cadence names the final approach: "" for the family default, or
	// "authentic" (V–I), "plagal" (IV–I), "modal", "drone".
	Cadence Cadence
	// Modes the style prefers, most typical first; empty lets the mood
	// decide between major and minor.
	Modes []string
	// Major and Minor are the style's own progressions, in scale degrees
	// (0 = I/i .. 6 = VII), one chord per bar, four or eight bars each,
	// used for major-ish and minor-ish modes. Empty uses the Family's pool.
	Major, Minor [][]int
}

// Lead shapes the melody.
type Lead struct {
	// Density is 0 sparse .. 1 busy.
	Density float64
	// Blue is the chance of a blue-note approach before a note on the beat.
	Blue float64
}

// Mix holds a style's mix notes.
type Mix struct {
	Reverb      float64 // shared reverb size and send, 0..1
	Tail        float64 // seconds of release tail after the music
	Brightness  float64 // 0 dark .. 1 bright, 0.5 neutral (0 means neutral)
	Drive       float64 // extra saturation on every melodic part (lo-fi grit)
	Sidechain   float64 // ducking depth of bass, chords, pads from the kick (dance)
	Chorus      float64 // minimum chorus on pads and synths
	DrumDrive   float64 // saturation on the drum kit (rock, metal)
	GuitarDrive float64 // distorted guitar saturation (0 means the default 0.7)
	FadeIn      float64 // longest fade-in over the intro, seconds (0: none)
	DrumsDB     float64 // the kit's level against the band, dB (boom bap: drums up front)
	// Parts overrides the family mix plan's part levels (LU re the lead;
	// see MixPlan.Parts); nil keeps the family's.
	Parts map[score.Role]float64
	// LoudnessLUFS overrides the family's master loudness (0: keep it).
	LoudnessLUFS float64
}

// Cover is a style's cover-art look: a composition family and its colours.
type Cover struct {
	// Look is a composition family of the cover painter: "sungrid",
	// "geometric", "rays", "orbs", "shards", "grain", "bold", "waves".
	Look    string
	Variant int        // family-specific flavour, 0 or 1
	Hues    [4]float64 // background, second background, accents (degrees)
	Sat     float64    // saturation 0..1
	BgL     float64    // background lightness 0..1
	AccL    float64    // accent lightness 0..1
	Grain   float64    // film grain strength 0..0.1
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
