package music

import (
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/style"
)

// countInBar makes the intro's first bar the drummer's count-in where the
// song's groove has one under its tempo (style.Groove.CountIn: a slow
// blues' finger snaps on the four beats): the drums play the count-in lines
// alone and the band enters on the next downbeat. The bar is the
// intro's own, so the song keeps its bars and its length. An intro of
// one bar, a loop and a given melody (whose pickup may sit in the intro)
// keep their intro.
func (g *song) countInBar() {
	gr := g.groove()
	if len(gr.CountIn) == 0 || g.p.BPM >= gr.CountInBPM || g.p.Loop || g.tune != nil ||
		len(g.secs) == 0 || g.secs[0].Name != "intro" || g.secs[0].Bars < 2 || !g.secs[0].On[form.LayerDrums] {
		return
	}
	g.secs[0].CountIn = true
}

// countInBPM is the tempo under which a groove counts itself in: the intro
// of a slow song with drums plays them lightly.
const countInBPM = 95

// countIn lets the drums into the intro, lightly, in a groove of the beat
// family at any tempo and in a slow groove of the calm family (under
// countInBPM); not a ballad, which lets them in late, nor a
// through-composed piece, nor rock, whose intro is the guitar's riff. With
// only chords and a pad the intro of a 75 bpm r&b song was heard at the
// beat by one tempo tracker and at its eighths by another until the drums
// came in, 10 s later; in the beat family aubio followed the intro's
// broken chords (eighths, triplets) for its first 3-7 s, then the drummer's
// pickup fill, and heard disco, pop, jazz, hip hop, synthwave and folk
// 3-13 % fast (aubio tempo prints the mean of its beat-to-beat tempi).
func (g *song) countIn(have [form.NumLayers]bool) {
	slow := g.p.BPM < countInBPM || g.prof.Style.Reference() == style.RefBeat
	if g.ballad || !slow || g.prof.Form == genre.FormThrough || !have[form.LayerDrums] ||
		g.prof.Style.Family == "rock" || len(g.secs) == 0 || g.secs[0].Name != "intro" {
		return
	}
	if s := &g.secs[0]; !s.On[form.LayerDrums] {
		s.On[form.LayerDrums], s.DrumLevel = true, 1
	}
}
