package synth

import (
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// RecordedDrumLift is how many dB a recorded hit of d sits above the
// synthesized hit it replaces (sampler_map.go), for external tests.
func RecordedDrumLift(d score.Drum) float64 { return recKitLift + drumLift(d) }

// KitSynthesizes reports whether a recorded kit keeps drum d synthesized.
func KitSynthesizes(k score.Kit, d score.Drum) bool { return slices.Contains(gmKits[k].synth, d) }
