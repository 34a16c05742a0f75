package style

// MixFamily is how a style is mixed and mastered: the part balance, the
// loudness and dynamics of the master, the stereo stage (see MixPlan).
type MixFamily string

// The mix families.
const (
	MixOrchestral MixFamily = "orchestral" // an orchestra or choir: no kit carries the mix, wide dynamics
	MixAmbient    MixFamily = "ambient"    // pads and drones, quiet and wide
	MixAcoustic   MixFamily = "acoustic"   // a band of acoustic instruments in a room: folk, country, tango
	MixJazz       MixFamily = "jazz"       // a small group or big band, brushes under the soloist
	MixLatin      MixFamily = "latin"      // hand percussion and a band: salsa, samba
	MixPop        MixFamily = "pop"        // the melody in front of a produced band
	MixRock       MixFamily = "rock"       // guitars and a live kit, dense
	MixUrban      MixFamily = "urban"      // drum-led beats under a hook: hip hop, trap, reggaeton
	MixDance      MixFamily = "dance"      // drum-led club music, dense and loud
)

// Reference names one of the two sets of human-made music the engine's
// mixes are measured against (docs/engine-mix.md).
type Reference string

// The reference sets.
const (
	// RefCalm is orchestral, choral, ambient and other music without a
	// drum kit (Debian's wesnoth-1.16-music).
	RefCalm Reference = "calm"
	// RefBeat is kit-driven music (Debian's supertuxkart-data).
	RefBeat Reference = "beat"
)

// MixSeat is a style's mix family and the reference set its mixes are
// measured against (the entry's Seat). Jazz, hip hop and
// singer-songwriter music have no measured reference: their families
// follow common practice.
type MixSeat struct {
	Family MixFamily
	Ref    Reference
}

// MixFamily returns the style's mix family (its Seat; MixPop for an entry
// without one, which the catalogue's tests forbid).
func (s Style) MixFamily() MixFamily {
	if s.Seat.Family == "" {
		return MixPop
	}
	return s.Seat.Family
}

// Reference returns the reference set the style's mixes are measured
// against (RefBeat for an entry without a Seat).
func (s Style) Reference() Reference {
	if s.Seat.Ref == "" {
		return RefBeat
	}
	return s.Seat.Ref
}

// MixFamilies lists every mix family, in a fixed order.
func MixFamilies() []MixFamily {
	return []MixFamily{MixOrchestral, MixAmbient, MixAcoustic, MixJazz, MixLatin, MixPop, MixRock, MixUrban, MixDance}
}
