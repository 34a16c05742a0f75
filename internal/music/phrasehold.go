package music

import (
	"math"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/score"
)

// holdBars is the least length of a section whose last bar the band
// holds (style.Band.HoldPhraseEnds): a phrase of four bars.
const holdBars = 4

// holdPhraseEnds lets a part's pulse yield at the phrase ends of a song
// of sections secs (style.Band.HoldPhraseEnds): in the last bar of every
// middle section of holdBars bars or more, the notes struck on its
// downbeat sound to the bar's end and the rest of the bar is left out.
// Notes struck before the bar, and the intro and the outro, keep theirs.
func holdPhraseEnds(notes []score.Note, secs []form.Section) []score.Note {
	type span struct{ from, to float64 }
	var holds []span
	for i := 1; i < len(secs)-1; i++ {
		s := &secs[i]
		if s.Bars < holdBars {
			continue
		}
		from := s.StartBeat + float64(s.Beats*(s.Bars-1))
		holds = append(holds, span{from, from + float64(s.Beats)})
	}
	out := notes[:0]
	for _, n := range notes {
		keep := true
		for _, h := range holds {
			if n.Start > h.from+1e-9 && n.Start < h.to-1e-9 {
				keep = false
			} else if math.Abs(n.Start-h.from) < 1e-9 {
				n.Length = h.to - h.from
			}
		}
		if keep {
			out = append(out, n)
		}
	}
	return out
}
