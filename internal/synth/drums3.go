package synth

import "github.com/songsmith/songsmith/internal/score"

// handDrums are the acoustic kit's sounds beyond drumPatches (hand
// percussion, tabla, taiko, jingles ...).
var handDrums = map[score.Drum]*drumPatch{}

// kitSpecs lists every kit except the acoustic one.
var kitSpecs = map[score.Kit]*kitSpec{}
