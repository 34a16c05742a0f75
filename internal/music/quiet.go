package music

import (
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// fullEdges reports whether a song of style st fills its first bar and
// holds its last chord to the written end (see fillEdges, fades). The
// quietest moments of beat songs were the intro's first bar (a chord
// rolled in on a plucked instrument over a count-in) and the outro's last
// bars (the final chord dying away under a fade that began inside the
// written length): a 45 s song has 900 frames of 50 ms, and its quietest
// 5 % were those two, 10-27 dB under the song's median (issue 32: the beat
// songs' quiet depth 9.4 dB against the references' 5.1-9.3;
// docs/engine.md#quiet-depth). It is the beat family's live bands: not a
// programmed feel (electronic, trap, k-pop), whose quiet moments were
// 4-7 dB deep already and whose tempo aubio or bpm-tools lost with a bass
// under the intro, nor reggae, whose intro is the riddim (riddimIntro).
func fullEdges(st style.Style) bool {
	return st.Reference() == style.RefBeat && st.Name != "reggae" && !style.FeelOf(st).Programmed
}

// fillEdges fills the intro of a song of fullEdges' styles from its first
// bar, as a producer lays a pad under a count-in: the pad holds the chords
// from the first bar instead of joining halfway (form.PlanEdges). Not a
// ballad, whose piano plays its intro alone (form.BalladArrangement), nor
// the slow blues and gospel, whose intro states the beat for aubio a note
// a beat (beatRoll): with the pad and a bass under it, aubio heard gospel 1
// at 89.8 bpm for 87 (89.2 before). A bass holding the roots under the
// intro took the median quiet depth to 7.8 dB (8.4 without), but the bass
// then no longer enters the verse with its pickup, and the share of parts
// entering exactly on a section's downbeat rose past TestTransitions' 50 %.
func (g *song) fillEdges() {
	if !fullEdges(g.prof.Style) || g.ballad || g.beatRoll() || len(g.secs) == 0 {
		return
	}
	if s := &g.secs[0]; s.Name == "intro" && s.On[form.LayerPad] {
		s.Enter[form.LayerPad] = 0
	}
}

// holdFinal holds the bass's final root (writeBass: one beat on the last
// bar's downbeat) through the last bar of secs, under the final chord.
func holdFinal(notes []score.Note, secs []form.Section) {
	if len(secs) == 0 || len(notes) == 0 {
		return
	}
	s := secs[len(secs)-1]
	end := s.StartBeat + float64(s.Beats*s.Bars)
	if n := &notes[len(notes)-1]; n.Start >= end-float64(s.Beats)-1e-9 && n.Start < end {
		n.Length = end - n.Start
	}
}
