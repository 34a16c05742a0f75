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

// Parts are the arrangement parts of the layers (the mix step seats a
// track by its part, internal/mix).
var Parts = [form.NumLayers]score.Part{score.PartDrums, score.PartBass, score.PartChords, score.PartPad, score.PartLead, score.PartArp}
