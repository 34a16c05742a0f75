package cast

import (
	"slices"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

var acousticKits = map[score.Kit]bool{"": true, score.KitAcoustic: true, score.KitBrush: true,
	score.KitOrchestral: true, score.KitLatin: true, score.KitMarching: true}

// Recorded reports whether layer l, played by inst, is a recorded part:
// the style lists the part (or the prompt named an acoustic instrument for
// it) and the instrument is acoustic.
func Recorded(st style.Style, l form.Layer, inst score.Instrument, named bool) bool {
	listed := slices.Contains(st.Band.Recorded, form.LayerNames[l])
	if l == form.LayerDrums {
		return listed && acousticKits[st.Drums.Kit]
	}
	return plan.AcousticInstrument(inst) && (listed || named)
}

// Roles are the score roles of the layers.
var Roles = [form.NumLayers]score.Role{score.RoleDrums, score.RoleBass, score.RoleChords, score.RolePad, score.RoleLead, score.RoleArp}

// MixColour sets a track's mix colour from its instrument and the style's
// mix notes: drive, chorus, brightness, sidechain.
func MixColour(t *score.Track, mix style.Mix) {
	switch t.Instrument {
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
	if t.Chorus > 0 || t.Instrument == score.Pad || t.Instrument == score.SawLead {
		t.Chorus = max(t.Chorus, mix.Chorus)
	}
	if t.Role != score.RoleLead {
		t.Sidechain = mix.Sidechain
	}
}
