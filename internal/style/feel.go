package style

// Feel is how a style's players place and weigh their notes: the
// performance layer (internal/perform) reads it to turn a composed score,
// every note on its grid, into the score as a band would play it. Times are
// in milliseconds, positive late (behind the beat), negative early (ahead
// of it). A Feel is catalogue data: a default per family (familyFeel) and
// the entry's own change (Style.Feel).
type Feel struct {
	// Programmed styles are made in a sequencer and stay on the grid:
	// the performance layer leaves their scores untouched.
	Programmed bool
	// Steady grooves keep their tempo in a slow, tender song too: a
	// riddim takes no ballad rubato (BalladRubato, BalladPhraseTempo).
	// Roots reggae at 72 bpm with phrase rubato, 5 % slower into each
	// cadence, was heard at 136 (aubio) and 141 (bpm-tools), the
	// trackers jumping between the beat and its eighths at the cadences.
	Steady bool
	// Spread is the standard deviation of a player's note-to-note
	// scatter; the kick plays with a third of it.
	Spread float64
	// Drift is the standard deviation of a player's slow wander, one
	// tendency per phrase and a bar-to-bar walk inside it, so that notes
	// near each other err the same way.
	Drift float64
	// Push is each part's mean placement against the beat.
	Push Push
	// PianoLag is how far a melody a piano plays sings behind the band's
	// pulse, ms, on top of Push.Lead: a pianist's right hand lingering over
	// a steady accompaniment.
	PianoLag float64
	// Clave is how far ahead anticipations are played: a syncopated note
	// tied over the next beat (the salsa bass's tumbao, a montuno's
	// push, a bossa guitar's anticipated chord) leans into the beat.
	Clave float64
	// Rubato is the longest the ensemble holds back a phrase end (a
	// ritardando that breathes before the next phrase and catches up in
	// its first half).
	Rubato float64
	// PhraseTempo is the phrase rubato of the tempo map: how far the
	// tempo moves over a phrase (pressing into its climax, broadening into
	// its cadence), as a fraction of the tempo (0.03-0.15; 0: a steady
	// tempo). Each phrase keeps the song's tempo on average, so its bar
	// lines at phrase ends stay where the tempo asked puts them.
	PhraseTempo float64
	// Rush is how far ahead a drum fill ends: fills speed up into the
	// next section's downbeat.
	Rush float64
	// Loosen is the share of the swing lost at 220 bpm: above 140 bpm
	// jazz eighths relax toward straight (0 keeps the swing at any tempo).
	Loosen float64
	// Accent is the depth of the players' dynamics, 0..1: beat accents,
	// a swell across each phrase, a lead that leans on its high notes,
	// fills that grow.
	Accent float64
}

// Push is a mean placement per part, in milliseconds (positive late).
type Push struct {
	Kick, Snare, Hats, Ride, Perc float64 // drum-kit limbs and hand percussion
	Bass, Chords, Pad, Lead, Arp  float64 // pitched parts by role
}

// BalladRubato is the least rubato of a slow, tender song in a live
// style (80 bpm or slower, sad, romantic, melancholic or calm): piano
// ballads breathe at phrase ends whatever family they belong to.
const BalladRubato = 22.0

// BalladPhraseTempo is the least phrase rubato (Feel.PhraseTempo) of a
// slow, tender song in a live style.
const BalladPhraseTempo = 0.07

// familyFeel is the default feel of each family.
var familyFeel = map[string]Feel{
	"electronic": {Programmed: true},
	"urban": {Spread: 7, Drift: 5, Accent: 0.3,
		Push: Push{Snare: 14, Hats: 4, Perc: 6, Bass: 10, Chords: 8, Pad: 4, Lead: 6, Arp: 4}},
	"pop": {Spread: 8, Drift: 5, Rush: 6, Accent: 0.35,
		Push: Push{Snare: 4, Hats: -2, Bass: 2, Chords: 2, Lead: 4}},
	"rock": {Spread: 8, Drift: 6, Rush: 16, Accent: 0.45,
		Push: Push{Kick: -1, Snare: 3, Hats: -3, Ride: -3, Bass: 2, Chords: -2, Lead: 4}},
	"soul": {Spread: 7, Drift: 5, Rush: 6, Accent: 0.4,
		Push: Push{Snare: 12, Hats: 2, Perc: 4, Bass: 8, Chords: 6, Pad: 4, Lead: 8}},
	"jazz": {Spread: 8, Drift: 6, Rush: 8, Loosen: 0.6, Accent: 0.5,
		Push: Push{Ride: -8, Hats: 2, Snare: 6, Bass: -3, Chords: 8, Pad: 4, Lead: 10}},
	"latin": {Spread: 8, Drift: 5, Clave: 9, Rush: 6, Accent: 0.45,
		Push: Push{Perc: -2, Hats: -1, Bass: -3, Chords: -2, Lead: 5}},
	"world": {Spread: 7, Drift: 5, Clave: 5, Rush: 5, Accent: 0.4,
		Push: Push{Snare: 6, Perc: 2, Bass: 5, Chords: 4, Lead: 5}},
	"folk": {Spread: 9, Drift: 6, Rubato: 8, PhraseTempo: 0.04, Rush: 6, Accent: 0.45,
		Push: Push{Snare: 3, Hats: -2, Bass: 2, Chords: -2, Lead: 5, Arp: -2}},
	"orchestral": {Spread: 8, Drift: 7, Rubato: 28, PhraseTempo: 0.08, Rush: 5, Accent: 0.55,
		Push: Push{Perc: 2, Bass: 3, Chords: 2, Pad: 4, Lead: 4}},
	"calm": {Spread: 8, Drift: 7, Rubato: 24, PhraseTempo: 0.09, Accent: 0.4,
		Push: Push{Bass: 3, Chords: 2, Pad: 6, Lead: 6}},
	"holiday": {Spread: 7, Drift: 5, Rubato: 8, Rush: 6, Accent: 0.4,
		Push: Push{Snare: 3, Bass: 2, Lead: 4}},
}

// programmed is the Feel change of a sequenced style of a live family
// (trap, k-pop, reggaeton ...): it stays on the grid.
func programmed(f *Feel) { *f = Feel{Programmed: true} }

// FeelOf returns a style's feel: its family's default with the entry's
// own change (Style.Feel). A family without a default plays like pop.
func FeelOf(s Style) Feel {
	f, ok := familyFeel[s.Family]
	if !ok {
		f = familyFeel["pop"]
	}
	if s.Feel != nil {
		s.Feel(&f)
	}
	return f
}
