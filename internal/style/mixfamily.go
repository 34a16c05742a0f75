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

// mixSeat is a style's mix family and reference set.
type mixSeat struct {
	Family MixFamily
	Ref    Reference
}

// mixFamilies maps every style of the catalogue (by canonical name) to its
// mix family and reference set; TestMixFamiliesComplete keeps it whole.
// Jazz, hip hop and singer-songwriter music have no measured reference:
// their families follow common practice.
var mixFamilies = map[string]mixSeat{
	// orchestral and choral
	"classical":       {MixOrchestral, RefCalm},
	"cinematic":       {MixOrchestral, RefCalm},
	"gregorian chant": {MixOrchestral, RefCalm},
	"marching band":   {MixOrchestral, RefBeat},
	// ambient
	"ambient":      {MixAmbient, RefCalm},
	"dark ambient": {MixAmbient, RefCalm},
	"meditation":   {MixAmbient, RefCalm},
	"lullaby":      {MixAmbient, RefCalm},
	// acoustic bands
	"folk":       {MixAcoustic, RefBeat},
	"country":    {MixAcoustic, RefBeat},
	"bluegrass":  {MixAcoustic, RefCalm},
	"celtic":     {MixAcoustic, RefBeat},
	"sea shanty": {MixAcoustic, RefBeat},
	"tango":      {MixAcoustic, RefCalm},
	"christmas":  {MixAcoustic, RefBeat},
	// a lively sing-along band with a light kit, not a lullaby
	"children's song": {MixAcoustic, RefBeat},
	// jazz
	"jazz":       {MixJazz, RefBeat},
	"big band":   {MixJazz, RefBeat},
	"blues":      {MixJazz, RefBeat},
	"bossa nova": {MixJazz, RefBeat},
	// latin bands
	"salsa":     {MixLatin, RefBeat},
	"samba":     {MixLatin, RefBeat},
	"latin pop": {MixLatin, RefBeat},
	"soca":      {MixLatin, RefBeat},
	"calypso":   {MixLatin, RefBeat},
	// pop
	"pop":       {MixPop, RefBeat},
	"k-pop":     {MixPop, RefBeat},
	"j-pop":     {MixPop, RefBeat},
	"corporate": {MixPop, RefBeat},
	"bollywood": {MixPop, RefBeat},
	"gospel":    {MixPop, RefBeat},
	"soul":      {MixPop, RefBeat},
	"funk":      {MixPop, RefBeat},
	"disco":     {MixPop, RefBeat},
	"reggae":    {MixPop, RefBeat},
	"r&b":       {MixPop, RefBeat},
	"synthwave": {MixPop, RefBeat},
	"chiptune":  {MixPop, RefBeat},
	// rock
	"rock":         {MixRock, RefBeat},
	"metal":        {MixRock, RefBeat},
	"punk":         {MixRock, RefBeat},
	"grunge":       {MixRock, RefBeat},
	"indie":        {MixRock, RefBeat},
	"power ballad": {MixRock, RefBeat},
	// urban: drum-led
	"hip hop":   {MixUrban, RefBeat},
	"lo-fi":     {MixUrban, RefBeat},
	"trap":      {MixUrban, RefBeat},
	"phonk":     {MixUrban, RefBeat},
	"reggaeton": {MixUrban, RefBeat},
	"dancehall": {MixUrban, RefBeat},
	"afrobeats": {MixUrban, RefBeat},
	// dance: drum-led
	"house":         {MixDance, RefBeat},
	"techno":        {MixDance, RefBeat},
	"trance":        {MixDance, RefBeat},
	"drum and bass": {MixDance, RefBeat},
	"dubstep":       {MixDance, RefBeat},
	"edm":           {MixDance, RefBeat},
	"future bass":   {MixDance, RefBeat},
	"amapiano":      {MixDance, RefBeat},
}

// MixFamily returns the style's mix family (MixPop for a style the table
// does not list, which the catalogue's tests forbid).
func (s Style) MixFamily() MixFamily {
	if m, ok := mixFamilies[s.Name]; ok {
		return m.Family
	}
	return MixPop
}

// Reference returns the reference set the style's mixes are measured
// against.
func (s Style) Reference() Reference {
	if m, ok := mixFamilies[s.Name]; ok {
		return m.Ref
	}
	return RefBeat
}

// MixFamilies lists every mix family, in a fixed order.
func MixFamilies() []MixFamily {
	return []MixFamily{MixOrchestral, MixAmbient, MixAcoustic, MixJazz, MixLatin, MixPop, MixRock, MixUrban, MixDance}
}

// HasMixFamily reports whether the table lists the style name.
func HasMixFamily(name string) bool { _, ok := mixFamilies[name]; return ok }

// MixFamilyEntries is the number of styles the table lists.
func MixFamilyEntries() int { return len(mixFamilies) }
