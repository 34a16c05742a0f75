package music

import "github.com/songsmith/songsmith/internal/score"

// Genre is a canonical genre name, as stored in score.Score.Genre.
type Genre string

// The genres the composer knows. Parse maps many spellings and synonyms onto
// these names (for example "lofi" to LoFi, "dnb" to DrumAndBass, "edm" to
// House, "orchestral" to Classical).
const (
	LoFi        Genre = "lo-fi"
	HipHop      Genre = "hip hop"
	Trap        Genre = "trap"
	House       Genre = "house"
	Techno      Genre = "techno"
	Trance      Genre = "trance"
	DrumAndBass Genre = "drum and bass"
	Dubstep     Genre = "dubstep"
	Synthwave   Genre = "synthwave"
	Pop         Genre = "pop"
	Rock        Genre = "rock"
	Metal       Genre = "metal"
	Funk        Genre = "funk"
	Disco       Genre = "disco"
	Reggae      Genre = "reggae"
	Jazz        Genre = "jazz"
	Ambient     Genre = "ambient"
	Classical   Genre = "classical"
	Folk        Genre = "folk"
	Blues       Genre = "blues"
	Country     Genre = "country"
)

// Genres lists every genre in a fixed order.
var Genres = []Genre{LoFi, HipHop, Trap, House, Techno, Trance, DrumAndBass,
	Dubstep, Synthwave, Pop, Rock, Metal, Funk, Disco, Reggae, Jazz, Ambient,
	Classical, Folk, Blues, Country}

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
)

type formKind int

const (
	formSong    formKind = iota // intro verse chorus verse chorus bridge chorus outro
	formDance                   // intro build drop breakdown build drop outro
	formBeat                    // intro verse hook verse hook outro (hip hop)
	formThrough                 // intro A B A' C B outro (ambient, classical)
	formBlues                   // 12-bar choruses
)

// genreProfile holds everything the composer needs to know about a genre.
type genreProfile struct {
	bpm       [2]float64 // typical tempo range
	seconds   float64    // default length when the prompt gives none
	swing     float64
	moods     []Mood // moods that suit the genre, used when the prompt names none
	bright    bool   // prefers major modes when the mood does not decide
	drums     drumStyle
	bass      bassStyle
	comp      compStyle
	form      formKind
	harmony   string // progression family, see progressions
	ext       int    // chord size: 3 triads, 4 sevenths, 5 ninths
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

var profiles = map[Genre]genreProfile{
	LoFi: {bpm: [2]float64{70, 90}, seconds: 90, swing: 0.55, moods: []Mood{Chill, Nostalgic, Melancholic, Calm},
		drums: drumsBoomBap, bass: bassBoomBap, comp: compCharles, form: formBeat, harmony: "jazz", ext: 5,
		bassInst: score.Bass, compInst: score.EPiano, padInst: score.Pad, leadInst: score.Bells, arpInst: "",
		reverb: 0.5, tail: 2, leadDense: 0.35},
	HipHop: {bpm: [2]float64{85, 98}, seconds: 100, swing: 0.2, moods: []Mood{Chill, Dark, Energetic, Nostalgic},
		drums: drumsBoomBap, bass: bassBoomBap, comp: compCharles, form: formBeat, harmony: "minor", ext: 4,
		bassInst: score.Bass, compInst: score.Piano, padInst: score.Strings, leadInst: score.Flute, arpInst: "",
		reverb: 0.35, tail: 1.5, leadDense: 0.4, blue: 0.25},
	Trap: {bpm: [2]float64{130, 150}, seconds: 100, moods: []Mood{Dark, Aggressive, Mysterious, Energetic},
		drums: drumsTrap, bass: bass808, comp: compBlock, form: formBeat, harmony: "minor", ext: 3,
		bassInst: score.SubBass, compInst: score.Pluck, padInst: score.Pad, leadInst: score.Bells, arpInst: "",
		reverb: 0.4, tail: 1.5, leadDense: 0.45},
	House: {bpm: [2]float64{120, 126}, seconds: 120, moods: []Mood{Happy, Uplifting, Energetic, Romantic}, bright: true,
		drums: drumsFourFloor, bass: bassOffbeat, comp: compStab, form: formDance, harmony: "dance", ext: 4,
		bassInst: score.SynthBass, compInst: score.Piano, padInst: score.Pad, leadInst: score.Pluck, arpInst: score.Arp, arpRate: 0.5,
		reverb: 0.35, tail: 1.5, leadDense: 0.5},
	Techno: {bpm: [2]float64{126, 134}, seconds: 120, moods: []Mood{Dark, Energetic, Mysterious, Aggressive},
		drums: drumsTechno, bass: bassOffbeat, comp: compStab, form: formDance, harmony: "one", ext: 3,
		bassInst: score.SynthBass, compInst: score.Pluck, padInst: score.Pad, leadInst: score.SquareLead, arpInst: score.Arp, arpRate: 0.25,
		reverb: 0.3, tail: 1.5, leadDense: 0.4},
	Trance: {bpm: [2]float64{134, 140}, seconds: 150, moods: []Mood{Uplifting, Epic, Energetic, Dreamy},
		drums: drumsFourFloor, bass: bassOffbeat, comp: compBlock, form: formDance, harmony: "epic", ext: 3,
		bassInst: score.SynthBass, compInst: score.SawLead, padInst: score.Pad, leadInst: score.SawLead, arpInst: score.Arp, arpRate: 0.25,
		reverb: 0.6, tail: 2.5, leadDense: 0.6},
	DrumAndBass: {bpm: [2]float64{170, 176}, seconds: 120, moods: []Mood{Energetic, Dark, Uplifting, Dreamy},
		drums: drumsBreakbeat, bass: bassReese, comp: compBlock, form: formDance, harmony: "minor", ext: 4,
		bassInst: score.Reese, compInst: score.Pad, padInst: score.Strings, leadInst: score.Pluck, arpInst: score.Arp, arpRate: 0.5,
		reverb: 0.45, tail: 1.5, leadDense: 0.45},
	Dubstep: {bpm: [2]float64{138, 142}, seconds: 100, moods: []Mood{Aggressive, Dark, Energetic, Epic},
		drums: drumsHalfTime, bass: bassReese, comp: compBlock, form: formDance, harmony: "minor", ext: 3,
		bassInst: score.Reese, compInst: score.Pad, padInst: score.ChoirPad, leadInst: score.SquareLead, arpInst: "",
		reverb: 0.4, tail: 1.5, leadDense: 0.4},
	Synthwave: {bpm: [2]float64{84, 110}, seconds: 120, moods: []Mood{Nostalgic, Dreamy, Romantic, Energetic},
		drums: drumsBackbeat, bass: bassEighths, comp: compBlock, form: formSong, harmony: "epic", ext: 4,
		bassInst: score.SynthBass, compInst: score.Pad, padInst: score.Strings, leadInst: score.SawLead, arpInst: score.Arp, arpRate: 0.25,
		reverb: 0.6, tail: 2, leadDense: 0.5},
	Pop: {bpm: [2]float64{96, 124}, seconds: 120, moods: []Mood{Happy, Uplifting, Romantic, Sad}, bright: true,
		drums: drumsBackbeat, bass: bassRootFifth, comp: compPop, form: formSong, harmony: "pop", ext: 3,
		bassInst: score.Bass, compInst: score.Piano, padInst: score.Pad, leadInst: score.SquareLead, arpInst: score.Pluck, arpRate: 0.5,
		reverb: 0.4, tail: 1.5, leadDense: 0.55},
	Rock: {bpm: [2]float64{100, 140}, seconds: 120, moods: []Mood{Energetic, Aggressive, Uplifting, Nostalgic}, bright: true,
		drums: drumsBackbeat, bass: bassEighths, comp: compPower, form: formSong, harmony: "rock", ext: 3,
		bassInst: score.Bass, compInst: score.DistGuitar, padInst: score.Organ, leadInst: score.Guitar, arpInst: "",
		reverb: 0.3, tail: 1.5, leadDense: 0.5, blue: 0.12},
	Metal: {bpm: [2]float64{140, 180}, seconds: 120, moods: []Mood{Aggressive, Dark, Epic, Energetic},
		drums: drumsMetal, bass: bassEighths, comp: compPower, form: formSong, harmony: "metal", ext: 3,
		bassInst: score.Bass, compInst: score.DistGuitar, padInst: score.ChoirPad, leadInst: score.DistGuitar, arpInst: "",
		reverb: 0.25, tail: 1.5, leadDense: 0.55},
	Funk: {bpm: [2]float64{98, 112}, seconds: 110, swing: 0.15, moods: []Mood{Happy, Energetic, Chill, Romantic}, bright: true,
		drums: drumsFunk, bass: bassFunk, comp: compFunk, form: formSong, harmony: "funk", ext: 5,
		bassInst: score.Bass, compInst: score.Guitar, padInst: score.Organ, leadInst: score.Brass, arpInst: "",
		reverb: 0.25, tail: 1.5, leadDense: 0.5, blue: 0.18},
	Disco: {bpm: [2]float64{115, 125}, seconds: 120, moods: []Mood{Happy, Energetic, Romantic, Uplifting}, bright: true,
		drums: drumsDisco, bass: bassOctave, comp: compFunk, form: formSong, harmony: "disco", ext: 4,
		bassInst: score.Bass, compInst: score.Guitar, padInst: score.Strings, leadInst: score.Brass, arpInst: "",
		reverb: 0.35, tail: 1.5, leadDense: 0.5},
	Reggae: {bpm: [2]float64{70, 84}, seconds: 110, swing: 0.3, moods: []Mood{Chill, Happy, Calm, Romantic}, bright: true,
		drums: drumsOneDrop, bass: bassOneDrop, comp: compSkank, form: formSong, harmony: "reggae", ext: 3,
		bassInst: score.Bass, compInst: score.Organ, padInst: "", leadInst: score.Brass, arpInst: score.Guitar, arpRate: 0.5,
		reverb: 0.35, tail: 1.5, leadDense: 0.4},
	Jazz: {bpm: [2]float64{100, 160}, seconds: 120, swing: 0.65, moods: []Mood{Romantic, Chill, Melancholic, Happy}, bright: true,
		drums: drumsJazz, bass: bassWalking, comp: compCharles, form: formSong, harmony: "jazz", ext: 4,
		bassInst: score.Bass, compInst: score.Piano, padInst: "", leadInst: score.Sax, arpInst: "",
		reverb: 0.35, tail: 2, leadDense: 0.6, blue: 0.25},
	Ambient: {bpm: [2]float64{64, 80}, seconds: 150, moods: []Mood{Calm, Dreamy, Mysterious, Melancholic}, bright: true,
		drums: drumsSoftPulse, bass: bassSustain, comp: compBlock, form: formThrough, harmony: "ambient", ext: 5,
		bassInst: score.SubBass, compInst: score.Pad, padInst: score.ChoirPad, leadInst: score.Bells, arpInst: score.Pluck, arpRate: 0.5,
		reverb: 0.85, tail: 3, leadDense: 0.25},
	Classical: {bpm: [2]float64{70, 110}, seconds: 150, moods: []Mood{Epic, Melancholic, Romantic, Calm}, bright: true,
		drums: drumsOrchestral, bass: bassRootFifth, comp: compBroken, form: formThrough, harmony: "classical", ext: 3,
		bassInst: score.Strings, compInst: score.Piano, padInst: score.Strings, leadInst: score.Flute, arpInst: "",
		reverb: 0.7, tail: 2.5, leadDense: 0.5},
	Folk: {bpm: [2]float64{90, 120}, seconds: 120, moods: []Mood{Nostalgic, Calm, Happy, Melancholic}, bright: true,
		drums: drumsTrain, bass: bassRootFifth, comp: compStrum, form: formSong, harmony: "folk", ext: 3,
		bassInst: score.Bass, compInst: score.Guitar, padInst: score.Strings, leadInst: score.Flute, arpInst: "",
		reverb: 0.35, tail: 1.5, leadDense: 0.5},
	Blues: {bpm: [2]float64{72, 110}, seconds: 120, swing: 0.6, moods: []Mood{Melancholic, Sad, Chill, Energetic}, bright: true,
		drums: drumsBackbeat, bass: bassWalking, comp: compCharles, form: formBlues, harmony: "blues", ext: 4,
		bassInst: score.Bass, compInst: score.Piano, padInst: score.Organ, leadInst: score.Guitar, arpInst: "",
		reverb: 0.3, tail: 1.5, leadDense: 0.5, blue: 0.5},
	Country: {bpm: [2]float64{96, 128}, seconds: 120, swing: 0.15, moods: []Mood{Happy, Nostalgic, Romantic, Sad}, bright: true,
		drums: drumsTrain, bass: bassRootFifth, comp: compStrum, form: formSong, harmony: "folk", ext: 3,
		bassInst: score.Bass, compInst: score.Guitar, padInst: score.Organ, leadInst: score.Guitar, arpInst: "",
		reverb: 0.3, tail: 1.5, leadDense: 0.5},
}

// profile returns the profile of g, falling back to Pop.
func profile(g Genre) genreProfile {
	if p, ok := profiles[g]; ok {
		return p
	}
	return profiles[Pop]
}
