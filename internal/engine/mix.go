package engine

import (
	"github.com/songsmith/songsmith/internal/mixplan"
	"github.com/songsmith/songsmith/internal/style"
	"github.com/songsmith/songsmith/internal/synth"
)

// MixOf is the mix step between the players and the synthesizer: o with
// the mix plan the style's catalogue entry writes (its family's plan with
// the style's own part levels and loudness) and its reference set. The
// synthesizer reads only these: it looks nothing up by name. A nil style
// leaves o as it is (the pop family's plan).
func MixOf(st *style.Style, o synth.Options) synth.Options {
	if st == nil {
		return o
	}
	p := st.MixPlan()
	o.Mix, o.Calm = &p, st.Reference() == mixplan.RefCalm
	return o
}
