package music

import (
	"github.com/songsmith/songsmith/internal/music/form"
)

// countInBar makes the intro's first bar the drummer's count-in where the
// song's groove has one under its tempo (style.Groove.CountIn: a slow
// blues' finger snaps on the four beats): the drums play the count-in lines
// alone and the band enters on the next downbeat. The bar is the
// intro's own, so the song keeps its bars and its length. An intro of
// one bar, a loop and a given melody (whose pickup may sit in the intro)
// keep their intro.
func (g *song) countInBar() {
	gr := pickGroove(g.prof, g.m, g.seed)
	if len(gr.CountIn) == 0 || g.p.BPM >= gr.CountInBPM || g.p.Loop || g.tune != nil ||
		len(g.secs) == 0 || g.secs[0].Name != "intro" || g.secs[0].Bars < 2 || !g.secs[0].On[form.LayerDrums] {
		return
	}
	g.secs[0].CountIn = true
}
