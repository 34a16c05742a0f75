// Package mix is the mix step between the players (internal/perform) and
// the synthesizer (internal/synth): the one place that writes each
// track's place in the mix (its level offset, seat, reverb and delay
// sends, drive, chorus, brightness and sidechain) and the room's size.
// It reads the style's catalogue entry (style.Mix, the drone's level)
// and the musical facts the composer wrote on the score (each track's
// part, role and instrument; whether the song is a ballad) and nothing
// else. The composer writes notes, not gains; the synthesizer renders
// what this step and the family's mix plan (internal/mixplan) hand it.
package mix

import (
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// BalladDrumsDB is how much softer a ballad's kit plays than the style's.
const BalladDrumsDB = 4

// Apply writes the mix of every track of s, and the size of its shared
// room, from the style's entry st: each track's mix fields are set from
// nothing (applying it twice gives the same score). A nil st leaves s as
// it is.
func Apply(s *score.Score, st *style.Style) {
	if s == nil || st == nil {
		return
	}
	s.ReverbSize = st.Mix.Reverb
	for i := range s.Tracks {
		Track(&s.Tracks[i], st, s.Ballad)
	}
}

// Track sets t's mix from its part (its role's layer when it has none),
// its role and instrument, and the style's entry st; ballad sets the kit
// softer.
func Track(t *score.Track, st *style.Style, ballad bool) {
	t.GainDB, t.Pan, t.Reverb, t.Delay = 0, 0, 0, 0
	t.Chorus, t.Drive, t.Brightness, t.Sidechain = 0, 0, 0.5, 0
	rev := st.Mix.Reverb
	switch PartOf(t) {
	case score.PartDrums:
		t.Reverb = 0.08 + 0.1*rev
	case score.PartBass:
		t.Reverb = 0.02
	case score.PartChords:
		t.Pan, t.Reverb = -0.4, 0.15+0.3*rev
	case score.PartPad:
		t.Pan, t.Reverb, t.GainDB = 0.2, 0.4+0.4*rev, -3
	case score.PartLead:
		t.Pan, t.Reverb, t.Delay = 0.05, 0.2+0.3*rev, 0.15
	case score.PartAnswer:
		t.Pan, t.Reverb, t.Delay, t.GainDB = -0.3, 0.25+0.3*rev, 0.1, -2
	case score.PartArp:
		t.Pan, t.Reverb, t.Delay, t.GainDB = 0.5, 0.2+0.3*rev, 0.25, -2
	case score.PartDrone:
		t.Reverb, t.GainDB = 0.1+0.2*rev, st.Band.Drone.GainDB
	case score.PartChoir:
		t.Reverb = 0.45
		return // sung as recorded: no colour
	case score.PartTexture:
		return // a recording of the room: no colour
	case score.PartHits:
		t.GainDB, t.Brightness = -4, 0 // under the band, at the kit's own tone
		return
	}
	colour(t, st.Mix)
	if ballad && t.Role == score.RoleDrums {
		t.GainDB -= BalladDrumsDB
	}
}

// PartOf returns the part t plays: its Part, or its role's layer when it
// has none (RoleFX: a texture).
func PartOf(t *score.Track) score.Part {
	if t.Part != "" {
		return t.Part
	}
	switch t.Role {
	case score.RoleFX:
		return score.PartTexture
	default:
		return score.Part(t.Role)
	}
}

// colour sets a track's colour from its instrument (the one it was cast
// with, when an edit swapped it) and the style's mix notes: drive, chorus,
// brightness, sidechain, and the kit's level.
func colour(t *score.Track, mix style.Mix) {
	inst := t.Instrument
	if t.Cast != "" {
		inst = t.Cast
	}
	switch inst {
	case score.DistGuitar:
		t.Drive = 0.7
		if mix.GuitarDrive > 0 {
			t.Drive = mix.GuitarDrive
		}
	case score.EPiano:
		t.Chorus = 0.35
	case score.Reese:
		t.Drive = 0.4
	case score.SawLead, score.Pad, score.Strings:
		t.Chorus = 0.25
	}
	if mix.Brightness > 0 {
		t.Brightness = mix.Brightness
	}
	t.Drive = max(t.Drive, mix.Drive)
	if t.Role == score.RoleDrums {
		t.Drive = max(t.Drive, mix.DrumDrive)
		t.GainDB += mix.DrumsDB
		return
	}
	if t.Chorus > 0 || inst == score.Pad || inst == score.SawLead {
		t.Chorus = max(t.Chorus, mix.Chorus)
	}
	if t.Role != score.RoleLead {
		t.Sidechain = mix.Sidechain
	}
}
