package style

import "github.com/songsmith/songsmith/internal/mixplan"

// The mix vocabulary lives in internal/mixplan (the synthesizer reads it
// without the catalogue); these names keep the catalogue's spelling.
type (
	// MixFamily is how a style is mixed and mastered (mixplan.Family).
	MixFamily = mixplan.Family
	// Reference names a set of human-made music the mixes are measured
	// against (mixplan.Reference).
	Reference = mixplan.Reference
	// MixPlan is how a song of a family is mixed and mastered
	// (mixplan.Plan).
	MixPlan = mixplan.Plan
	// BusCompressor is the mix bus compressor (mixplan.BusCompressor).
	BusCompressor = mixplan.BusCompressor
	// Room is the character of the shared reverb (mixplan.Room).
	Room = mixplan.Room
)

// The mix families, reference sets and rooms (see internal/mixplan).
const (
	MixOrchestral = mixplan.Orchestral
	MixAmbient    = mixplan.Ambient
	MixAcoustic   = mixplan.Acoustic
	MixJazz       = mixplan.Jazz
	MixLatin      = mixplan.Latin
	MixPop        = mixplan.Pop
	MixRock       = mixplan.Rock
	MixUrban      = mixplan.Urban
	MixDance      = mixplan.Dance
	RefCalm       = mixplan.RefCalm
	RefBeat       = mixplan.RefBeat
	RoomSmall     = mixplan.RoomSmall
	RoomHall      = mixplan.RoomHall
	RoomPlate     = mixplan.RoomPlate
	DefaultPartLU = mixplan.DefaultPartLU
)

// FamilyPlan returns the mix plan of a family (mixplan.FamilyPlan).
func FamilyPlan(f MixFamily) MixPlan { return mixplan.FamilyPlan(f) }

// MixFamilies lists every mix family, in a fixed order.
func MixFamilies() []MixFamily { return mixplan.Families() }

// MixPlan returns the style's mix plan: its family's, with the style's
// own Mix.Parts and Mix.LoudnessLUFS over it.
func (s Style) MixPlan() MixPlan {
	p := FamilyPlan(s.MixFamily())
	for r, v := range s.Mix.Parts {
		p.Parts[r] = v
	}
	if s.Mix.LoudnessLUFS != 0 {
		p.LoudnessLUFS = s.Mix.LoudnessLUFS
	}
	p.Correlation = mixplan.Width(s.Reference())
	return p
}
