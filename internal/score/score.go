// Package score is the language between composition (internal/music) and
// synthesis (internal/synth): what plays, when, on which instrument, and how
// it sits in the mix. Times are in beats from the start of the song; pitches
// are MIDI note numbers (60 = middle C). Stdlib only, no behaviour beyond
// small helpers, so both sides can be built and tested independently.
package score

// Instrument names a synthesized voice. The synthesizer must render every
// value listed here; an unknown value falls back to Pad.
type Instrument string

// The instruments the synthesizer provides.
const (
	Piano      Instrument = "piano"       // acoustic-ish piano (additive/FM hybrid)
	EPiano     Instrument = "epiano"      // FM electric piano (Rhodes-like)
	Organ      Instrument = "organ"       // drawbar organ
	Guitar     Instrument = "guitar"      // Karplus-Strong plucked guitar (clean)
	DistGuitar Instrument = "dist_guitar" // saturated guitar (rock, metal power chords)
	Pluck      Instrument = "pluck"       // short synth pluck
	Strings    Instrument = "strings"     // ensemble strings (detuned saws, slow attack, filtered)
	Pad        Instrument = "pad"         // warm synth pad
	ChoirPad   Instrument = "choir"       // vowel-formant pad
	SawLead    Instrument = "saw_lead"    // supersaw / saw lead
	SquareLead Instrument = "square_lead" // pulse/square lead
	Bells      Instrument = "bells"       // FM bells
	Flute      Instrument = "flute"       // breathy sine/triangle with noise
	Sax        Instrument = "sax"         // reedy filtered pulse
	Brass      Instrument = "brass"       // brass section (saw, filter envelope)
	Bass       Instrument = "bass"        // electric/finger bass
	SubBass    Instrument = "sub_bass"    // sine sub (808-like when Glide is used)
	SynthBass  Instrument = "synth_bass"  // filtered saw/square bass (acid when resonant)
	Reese      Instrument = "reese"       // detuned saw bass (drum and bass, dubstep)
	Arp        Instrument = "arp"         // bright short synth for arpeggios
	Drums      Instrument = "drums"       // a drum kit: the track uses Hits, not Notes

	Fiddle       Instrument = "fiddle"        // solo violin played as a folk fiddle
	Banjo        Instrument = "banjo"         // five-string banjo: bright, short plucks
	Mandolin     Instrument = "mandolin"      // paired-course plucked strings, tremolo-friendly
	Ukulele      Instrument = "ukulele"       // small nylon-strung strummed instrument
	Accordion    Instrument = "accordion"     // free-reed bellows instrument (also bandoneon)
	SteelDrums   Instrument = "steel_drums"   // Caribbean steel pan
	Sitar        Instrument = "sitar"         // plucked with sympathetic buzz (jawari)
	MusicBox     Instrument = "music_box"     // tiny tuned comb, bell-like
	NylonGuitar  Instrument = "nylon_guitar"  // classical / bossa nova guitar
	Harpsichord  Instrument = "harpsichord"   // plucked keyboard
	Marimba      Instrument = "marimba"       // wooden bars with resonators
	Vibraphone   Instrument = "vibraphone"    // metal bars with motor tremolo
	Kalimba      Instrument = "kalimba"       // thumb piano
	Harp         Instrument = "harp"          // concert harp
	UprightBass  Instrument = "upright_bass"  // acoustic double bass, plucked
	SingingBowl  Instrument = "singing_bowl"  // long ringing metal bowl
	LogDrum      Instrument = "log_drum"      // amapiano log drum: pitched, punchy, bass register
	CowbellLead  Instrument = "cowbell"       // pitched 808 cowbell melody (phonk)
	ChipLead     Instrument = "chip_lead"     // game-console pulse wave lead
	ChipBass     Instrument = "chip_bass"     // game-console triangle bass
	Tabla        Instrument = "tabla"         // pitched tabla strokes as a melodic percussion part
	VinylCrackle Instrument = "vinyl_crackle" // texture: record surface noise (notes only gate it)
)

// Drum names one synthesized drum sound.
type Drum string

// The drum sounds the synthesizer provides.
const (
	Kick      Drum = "kick"
	Kick808   Drum = "kick808" // long boomy kick (trap, hip hop)
	Snare     Drum = "snare"
	Clap      Drum = "clap"
	Rim       Drum = "rim"
	ClosedHat Drum = "closed_hat"
	OpenHat   Drum = "open_hat"
	Ride      Drum = "ride"
	Crash     Drum = "crash"
	TomLow    Drum = "tom_low"
	TomMid    Drum = "tom_mid"
	TomHigh   Drum = "tom_high"
	Shaker    Drum = "shaker"

	HandClap    Drum = "hand_clap"    // a few people clapping (gospel, folk, flamenco)
	Snap        Drum = "snap"         // finger snap (r&b, soul)
	Cowbell     Drum = "cowbell"      // hand cowbell / 808 cowbell
	Clave       Drum = "clave"        // wooden claves
	CongaHigh   Drum = "conga_high"   // open high conga
	CongaLow    Drum = "conga_low"    // low conga (tumba)
	Bongo       Drum = "bongo"        // bongo
	Timbale     Drum = "timbale"      // timbale shell or head
	Guiro       Drum = "guiro"        // scraped gourd
	Tambourine  Drum = "tambourine"   // jingles
	TablaNa     Drum = "tabla_na"     // dayan (treble tabla) ringing stroke
	TablaGe     Drum = "tabla_ge"     // bayan (bass tabla) bending stroke
	Taiko       Drum = "taiko"        // big trailer drum
	Timpani     Drum = "timpani"      // orchestral kettle drum
	SleighBells Drum = "sleigh_bells" // christmas jingles
	Surdo       Drum = "surdo"        // deep samba bass drum
	LogKick     Drum = "log_kick"     // amapiano log-drum thump used as a hit
)

// Kit names the sound family of a drum track. The synthesizer tunes and
// shapes the same Drum names differently per kit ("" is KitAcoustic).
type Kit string

// The drum kits the synthesizer provides.
const (
	KitAcoustic   Kit = "acoustic"   // a live kit: rock, pop, folk, funk
	KitBrush      Kit = "brush"      // brushes and soft sticks: jazz, bossa, lullaby
	KitVintage    Kit = "vintage"    // dusty sampled breaks: lo-fi, boom bap
	Kit808        Kit = "808"        // TR-808: trap, hip hop, phonk, r&b
	Kit909        Kit = "909"        // TR-909: house, techno, edm
	KitElectronic Kit = "electronic" // modern produced electronic kit: dnb, dubstep, future bass, k-pop
	KitLatin      Kit = "latin"      // hand percussion forward: salsa, samba, reggaeton
	KitOrchestral Kit = "orchestral" // timpani, taiko, concert bass drum, cymbals
	KitChip       Kit = "chip"       // game-console noise channel
	KitMarching   Kit = "marching"   // tight marching snares and bass drums
)

// Role says what a track does in the arrangement; the mixer uses it for
// default levels, EQ and sidechain.
type Role string

// Track roles.
const (
	RoleDrums  Role = "drums"
	RoleBass   Role = "bass"
	RoleChords Role = "chords"
	RolePad    Role = "pad"
	RoleLead   Role = "lead"
	RoleArp    Role = "arp"
	RoleFX     Role = "fx"
)

// Note is one pitched event.
type Note struct {
	Start    float64 // beats from song start
	Length   float64 // beats
	Pitch    int     // MIDI note number
	Velocity float64 // 0..1
	Glide    bool    // slide from the previous note's pitch (mono basses, 808s)
}

// Hit is one drum event.
type Hit struct {
	Start    float64 // beats from song start
	Drum     Drum
	Velocity float64 // 0..1
}

// Part is the musical part a track plays in the arrangement: one of the
// band's layers, the lead's answering voice, or a part laid over the band.
// The composer (and an edit adding a part) writes it; the mix step
// (internal/mix) seats and levels a track by its part, role and instrument;
// a track without a part is not placed (centred, dry, at its role's level).
type Part string

// Track parts.
const (
	PartDrums   Part = "drums"   // the kit
	PartBass    Part = "bass"    // the bass line
	PartChords  Part = "chords"  // the comping
	PartPad     Part = "pad"     // the sustained pad
	PartLead    Part = "lead"    // the melody
	PartArp     Part = "arp"     // the arpeggio
	PartAnswer  Part = "answer"  // the instrument answering the lead's phrases
	PartDrone   Part = "drone"   // the style's low drone
	PartChoir   Part = "choir"   // a named choir doubling the chorus's melody
	PartTexture Part = "texture" // a texture held through the song (rain, vinyl)
	PartHits    Part = "hits"    // hits and risers an edit strikes on a song without a kit
)

// Track is one instrument's part: its notes or hits, instrument, role,
// part and casting flags (what the composer, the edits and the players
// write). Its place in the mix (level, seat, sends, colour) is not here:
// the mix step (internal/mix) writes it beside the score, from the
// style's entry and the track's part, role and instrument.
type Track struct {
	Name       string
	Instrument Instrument
	Role       Role
	Part       Part   // the arrangement's part it plays ("": not placed in the mix)
	Notes      []Note // pitched instruments
	Hits       []Hit  // Drums only
	Kit        Kit    // Drums only: the kit's sound family ("" is KitAcoustic)
	Recorded   bool   // play from the sample bank when one is loaded (acoustic parts)
	// Cast is the instrument the composer cast the part with, kept when an
	// edit swaps Instrument ("" : Instrument): the mix step colours the
	// part (drive, chorus) by it, as it did before the swap.
	Cast Instrument
	// Featured marks the part that plays an instrument the prompt names
	// ("sad piano ballad": the piano). The composer casts it in a leading
	// role; the mixer keeps it within a few LU of the loudest part.
	Featured bool
	// Controls are the part's performance inside its notes (pitch bend,
	// modulation, expression; internal/perform), in time order, timed like
	// the notes. Empty: none.
	Controls []Control
	// Noises are the noises the part's player makes beside its notes
	// (breath, bow, pick, keys; internal/perform), in time order, timed
	// like the notes. Empty: none.
	Noises []Noise
}

// Section is one part of the song form.
type Section struct {
	Name      string  // intro, verse, chorus, bridge, drop, breakdown, build, outro ...
	StartBeat float64 // beats from song start
	Bars      int
	Energy    float64 // 0..1
	// KeyShift is how many semitones above the song's key the section
	// is played (a lifted last chorus); 0 for the song's key.
	KeyShift int
}

// Chord is one chord of the harmony the parts are written over (what a
// lead sheet shows): its symbol and when it sounds.
type Chord struct {
	Symbol    string  // "Dm", "G7", "Cmaj7", "Bdim" (roots named as in the key: C#, Eb, F#, Ab, Bb)
	StartBeat float64 // beats from song start
	Beats     float64 // how long it lasts
}

// Score is a whole composed song, ready to synthesize.
type Score struct {
	BPM         float64
	BeatsPerBar int     // 4 for 4/4, 3 for 3/4, 2 for 6/8 (see Subdivision) ...
	Subdivision int     // 3: compound meter (6/8 is 2 beats of 3 eighths, BPM counts dotted quarters); 0 or 2 simple
	Swing       float64 // 0 straight .. 1 full triplet swing of off-beat 8ths (applied by composer; informative)
	// SwingSixteenths: the swing delays the off-beat sixteenths only, the
	// off-beat eighths stay straight (style.Style.SwingSixteenths).
	SwingSixteenths bool
	KeyRoot         int    // pitch class 0 = C .. 11 = B
	Mode            string // "major", "minor", "dorian", ...
	Genre           string // canonical genre name (see music package)
	Mood            string // canonical mood name
	Sections        []Section
	Chords          []Chord // the harmony, in order, without gaps (informative: the parts already play it)
	Tracks          []Track
	TotalBeats      float64 // length of the music; synthesis adds a release tail of TailSeconds
	TailSeconds     float64 // reverb/release tail after TotalBeats (part of the song)
	FadeIn          float64 // seconds
	FadeOut         float64 // seconds
	Seed            uint64  // for any randomness in synthesis (noise, humanisation)
	// Ballad marks a song played as a ballad (a ballad's tempo, outside
	// rock): the mix step sets its kit softer than the style's.
	Ballad bool
	// EnergyDrawn marks a song whose section energies the request drew
	// (an energy curve): the mix step rides the sections' levels harder.
	EnergyDrawn bool
	// GivenChart marks a song playing a chord chart the request gave
	// (internal/music, state.go): the mix plays its kit softer
	// (internal/mix).
	GivenChart bool
	// Loop marks a seamless loop: TotalBeats repeat end to start, and
	// synthesis wraps what rings past the end into the beginning (no tail,
	// no fades).
	Loop bool
	// Tempo is the performed tempo map (internal/perform): the tempo from
	// each written beat on. A performed score's note and hit times are
	// already on the clock (seconds = beats*60/BPM); Clock maps a written
	// beat (a bar line, a section start) to that clock. Empty: BPM
	// throughout, the clock is the written grid.
	Tempo []TempoChange
	// Marks are the hit points a request asked for (issue 31 item 2,
	// internal/edit): where each landed. With marks the players keep a
	// steady tempo and the tempo map is the one that lands them.
	Marks []Mark
	// OddBars are the bars of another length than BeatsPerBar, in order:
	// the bar a hit point shortened or lengthened to land on its downbeat
	// (a 2/4 or 5/4 bar in 4/4, internal/edit). Empty: every bar is
	// BeatsPerBar beats long. Bars and Downbeats (bars.go) count them.
	OddBars []OddBar
}

// Mark is a hit point: asked at a time, landed on a downbeat.
type Mark struct {
	Kind  string  // drop, stop, accent, end
	Asked float64 // seconds from the start the request asked for
	Beat  float64 // the written downbeat it landed on
}

// SecondsPerBeat returns the length of one beat.
func (s *Score) SecondsPerBeat() float64 { return 60 / s.BPM }

// BeatToSeconds converts a beat position to seconds from the start.
func (s *Score) BeatToSeconds(b float64) float64 { return b * 60 / s.BPM }

// Seconds returns the total length of the song including the tail.
func (s *Score) Seconds() float64 { return s.BeatToSeconds(s.TotalBeats) + s.TailSeconds }
