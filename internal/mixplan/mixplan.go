// Package mixplan is how a song of a mix family is mixed and mastered:
// the families, the reference sets their mixes are measured against, and
// each family's plan (part levels, loudness, bus, room, tone, width), and
// a track's Channel (its level offset, seat, sends and colour). The style
// catalogue seats every style in a family (internal/style); the mix step
// (internal/mix) writes the plan and the channels; the synthesizer reads
// what it is handed and nothing else of a style.
package mixplan

import "github.com/songsmith/songsmith/internal/score"

// Plan is how a song of a family is mixed and mastered: catalogue data
// the synthesizer reads (docs/engine-mix.md has the figures and why).
type Plan struct {
	// Parts is the loudness each role's part is levelled to, in LU
	// relative to the lead melody (0): the integrated, K-weighted loudness
	// of the part's stem before the master bus. The synthesizer measures
	// each part and sets its fader so that it reads its role's value; a
	// track's Channel.GainDB (the mix step's offsets by part: pads -3, an
	// answering lead -2) shifts it from there. A role missing here sits at
	// DefaultPartLU.
	Parts map[score.Role]float64
	// DrumLed marks the families whose drums lead the mix (dance, hip
	// hop, drum and bass): the kit may sit up to 6 LU over the lead
	// melody, elsewhere at most 4.
	DrumLed bool
	// Featured is the most a featured part (score.Track.Featured: an
	// instrument the prompt names) may sit under the loudest part, LU.
	Featured float64
	// LoudnessLUFS is the master's integrated loudness target.
	LoudnessLUFS float64
	// CeilingDBTP is the limiter's true-peak ceiling, dBTP. It leaves
	// room for dither and MP3 encoding to stay under -1 dBTP.
	CeilingDBTP float64
	// Bus is the master bus compressor.
	Bus BusCompressor
	// Leveller turns on the slow upward leveller that lifts passages
	// more than 6 LU under the song's loud parts (dense families only:
	// elsewhere soft intros and crescendos keep their range).
	Leveller bool
	// SectionRideDB is how far the mix rides each section's level with
	// its energy, dB per unit of energy around the song's mean (an
	// engineer's hand on the master fader: a soft intro, a full climax),
	// so calm music keeps the loudness range of human-made pieces.
	SectionRideDB float64
	// Reverb is the room the parts' reverb sends feed.
	Reverb Room
	// HighPassFloorHz is the lowest high-pass corner of a part other
	// than bass and drums: each part is high-passed under its own
	// register (0.6 times its low notes' frequency, at most its role's
	// corner), but not under this floor, which leaves the sub band to the
	// bass and kick in kit-driven styles.
	HighPassFloorHz float64
	// LowShelfDB is the mix bus's low shelf at 150 Hz, dB (kit-driven
	// styles trim the kick and bass for small speakers; calm music keeps
	// its body).
	LowShelfDB float64
	// PresenceDB is the mix bus's broad bell at 3 kHz, dB.
	PresenceDB float64
	// Correlation is the range the master keeps the full mix's left/right
	// correlation in (the width of the stereo image): the style's
	// reference set's (see stageWidth).
	Correlation [2]float64
}

// stageWidth is the left/right correlation range of each reference set's
// mixes, around the medians of the human-made references (calm 0.29,
// beat 0.75; docs/engine-mix.md).
var stageWidth = map[Reference][2]float64{
	RefCalm: {0.2, 0.42},
	RefBeat: {0.55, 0.76},
}

// BusCompressor is a gentle stereo-linked peak compressor on the mix bus.
type BusCompressor struct {
	// ThresholdLU is where it starts to act: the peak envelope's level
	// in dB over the song's integrated loudness.
	ThresholdLU float64
	// Ratio is the compression ratio above the threshold (1: off).
	Ratio float64
}

// Room is the character of the shared reverb.
type Room string

// The reverb rooms.
const (
	RoomSmall Room = "room"  // short and dry: rock, urban, acoustic bands
	RoomHall  Room = "hall"  // long, dark, wide: orchestral, ambient
	RoomPlate Room = "plate" // bright and dense: pop, jazz, dance
)

// DefaultPartLU is the level of a role a plan does not list.
const DefaultPartLU = -6.0

// plans holds every family's plan. The pads sit under the chords by
// 1 LU here plus the mix step's -3 dB on every pad track: 4 LU in all.
var plans = map[Family]Plan{
	Orchestral: {
		Parts: map[score.Role]float64{score.RoleDrums: -4, score.RoleBass: -2, score.RoleChords: -2,
			score.RolePad: -3, score.RoleLead: 0, score.RoleArp: -5, score.RoleFX: -10},
		Featured: 3, LoudnessLUFS: -18, CeilingDBTP: -3, Bus: BusCompressor{ThresholdLU: 12, Ratio: 1.5}, Reverb: RoomHall,
		HighPassFloorHz: 40, SectionRideDB: 7, LowShelfDB: 0, PresenceDB: -1.5,
	},
	Ambient: {
		Parts: map[score.Role]float64{score.RoleDrums: -6, score.RoleBass: -3, score.RoleChords: -2,
			score.RolePad: -1, score.RoleLead: 0, score.RoleArp: -5, score.RoleFX: -6},
		Featured: 3, LoudnessLUFS: -19, CeilingDBTP: -3, Bus: BusCompressor{ThresholdLU: 12, Ratio: 1.5}, Reverb: RoomHall,
		HighPassFloorHz: 50, SectionRideDB: 6, LowShelfDB: 0, PresenceDB: -1.5,
	},
	Acoustic: {
		Parts: map[score.Role]float64{score.RoleDrums: -1, score.RoleBass: -4, score.RoleChords: -3,
			score.RolePad: -4, score.RoleLead: 0, score.RoleArp: -5, score.RoleFX: -10},
		Featured: 3, LoudnessLUFS: -16, CeilingDBTP: -3, Bus: BusCompressor{ThresholdLU: 10, Ratio: 1.8}, Reverb: RoomSmall,
		HighPassFloorHz: 70, SectionRideDB: 4, LowShelfDB: -1, PresenceDB: 0,
	},
	Jazz: {
		Parts: map[score.Role]float64{score.RoleDrums: 3, score.RoleBass: -2, score.RoleChords: -6,
			score.RolePad: -7, score.RoleLead: 0, score.RoleArp: -5, score.RoleFX: -10},
		Featured: 3, LoudnessLUFS: -17, CeilingDBTP: -3, Bus: BusCompressor{ThresholdLU: 7, Ratio: 2.5}, Reverb: RoomPlate,
		HighPassFloorHz: 60, SectionRideDB: 2, LowShelfDB: -1, PresenceDB: 1,
	},
	Latin: {
		Parts: map[score.Role]float64{score.RoleDrums: 1, score.RoleBass: -3, score.RoleChords: -3,
			score.RolePad: -4, score.RoleLead: 0, score.RoleArp: -5, score.RoleFX: -10},
		Featured: 3, LoudnessLUFS: -15.5, CeilingDBTP: -3, Bus: BusCompressor{ThresholdLU: 8, Ratio: 2}, Leveller: true, Reverb: RoomSmall,
		HighPassFloorHz: 90, SectionRideDB: 2, LowShelfDB: -2, PresenceDB: 0,
	},
	Pop: {
		Parts: map[score.Role]float64{score.RoleDrums: 1, score.RoleBass: -2, score.RoleChords: -4,
			score.RolePad: -5, score.RoleLead: 0, score.RoleArp: -6, score.RoleFX: -10},
		Featured: 3, LoudnessLUFS: -15, CeilingDBTP: -3, Bus: BusCompressor{ThresholdLU: 7, Ratio: 2}, Leveller: true, Reverb: RoomPlate,
		HighPassFloorHz: 100, SectionRideDB: 2, LowShelfDB: -2, PresenceDB: 0,
	},
	Rock: {
		Parts: map[score.Role]float64{score.RoleDrums: 2, score.RoleBass: -3, score.RoleChords: -2,
			score.RolePad: -5, score.RoleLead: 0, score.RoleArp: -5, score.RoleFX: -10},
		Featured: 3, LoudnessLUFS: -14.5, CeilingDBTP: -3, Bus: BusCompressor{ThresholdLU: 6, Ratio: 2.5}, Leveller: true, Reverb: RoomSmall,
		HighPassFloorHz: 100, SectionRideDB: 2, LowShelfDB: -2, PresenceDB: -4,
	},
	Urban: {
		Parts: map[score.Role]float64{score.RoleDrums: 3, score.RoleBass: -1, score.RoleChords: -5,
			score.RolePad: -6, score.RoleLead: 0, score.RoleArp: -6, score.RoleFX: -10},
		DrumLed: true, Featured: 3, LoudnessLUFS: -14.5, CeilingDBTP: -3, Bus: BusCompressor{ThresholdLU: 6, Ratio: 2.5}, Leveller: true, Reverb: RoomSmall,
		HighPassFloorHz: 110, SectionRideDB: 0, LowShelfDB: -5, PresenceDB: 1,
	},
	Dance: {
		Parts: map[score.Role]float64{score.RoleDrums: 4, score.RoleBass: -1, score.RoleChords: -4,
			score.RolePad: -5, score.RoleLead: 0, score.RoleArp: -4, score.RoleFX: -8},
		DrumLed: true, Featured: 3, LoudnessLUFS: -14, CeilingDBTP: -3, Bus: BusCompressor{ThresholdLU: 5, Ratio: 3}, Leveller: true, Reverb: RoomPlate,
		HighPassFloorHz: 110, SectionRideDB: 0, LowShelfDB: -2, PresenceDB: -1,
	},
}

// FamilyPlan returns the mix plan of a family (the pop plan for an
// unknown one). The Parts map is a fresh copy.
func FamilyPlan(f Family) Plan {
	p, ok := plans[f]
	if !ok {
		p = plans[Pop]
	}
	parts := make(map[score.Role]float64, len(p.Parts))
	for r, v := range p.Parts {
		parts[r] = v
	}
	p.Parts = parts
	ref := RefBeat
	if f == Orchestral || f == Ambient {
		ref = RefCalm
	}
	p.Correlation = stageWidth[ref]
	return p
}

// PartLU returns the plan's level for a role (DefaultPartLU when unset).
func (p Plan) PartLU(r score.Role) float64 {
	if v, ok := p.Parts[r]; ok {
		return v
	}
	return DefaultPartLU
}

// Family is how a style is mixed and mastered: the part balance, the
// loudness and dynamics of the master, the stereo stage (see Plan).
type Family string

// The mix families.
const (
	Orchestral Family = "orchestral" // an orchestra or choir: no kit carries the mix, wide dynamics
	Ambient    Family = "ambient"    // pads and drones, quiet and wide
	Acoustic   Family = "acoustic"   // a band of acoustic instruments in a room: folk, country, tango
	Jazz       Family = "jazz"       // a small group or big band, brushes under the soloist
	Latin      Family = "latin"      // hand percussion and a band: salsa, samba
	Pop        Family = "pop"        // the melody in front of a produced band
	Rock       Family = "rock"       // guitars and a live kit, dense
	Urban      Family = "urban"      // drum-led beats under a hook: hip hop, trap, reggaeton
	Dance      Family = "dance"      // drum-led club music, dense and loud
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

// Families lists every mix family, in a fixed order.
func Families() []Family {
	return []Family{Orchestral, Ambient, Acoustic, Jazz, Latin, Pop, Rock, Urban, Dance}
}

// Width returns the left/right correlation range of a reference set's
// mixes (the stage width a plan keeps, see Plan.Correlation).
func Width(ref Reference) [2]float64 { return stageWidth[ref] }

// Channel is one track's place in the mix: what the mix step
// (internal/mix) writes for it from the style's entry and the track's
// part, and the synthesizer reads beside the score (synth.Options.Channels,
// indexed like the score's tracks). The zero Channel is a part at its
// role's level, centred, dry, at its instrument's own tone.
type Channel struct {
	GainDB     float64 // level offset from the plan's level for the track's role, dB
	Pan        float64 // -1 (left) .. +1 (right)
	Reverb     float64 // reverb send 0..1
	Delay      float64 // delay send 0..1 (tempo-synced dotted eighth)
	Chorus     float64 // 0..1
	Drive      float64 // saturation 0..1
	Brightness float64 // 0..1, filter cutoff / tone; 0.5 (or 0) is neutral
	Sidechain  float64 // 0..1 ducking depth keyed from the kick
}
