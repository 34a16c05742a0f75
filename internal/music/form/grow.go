package form

import (
	"math"

	"github.com/songsmith/songsmith/internal/score"
)

// Growth (issue 32 item 6): a calm piece is not a texture set once and
// blocks swapped; it builds over tens of seconds and recedes, as an
// orchestrator writes it. Grow plans it on the sections before the parts
// are written; Shape writes its dynamics into the finished score.
//
//   - An arc over the whole piece: the sections' energies rise from a
//     soft opening to a climax about two thirds in and fall back
//     towards the end (the mix rides each section's level by it, the
//     players play it, the comping fills in with it).
//   - Parts enter one by one: in a section where parts join, the
//     harmony starts alone and the others come in a few bars apart
//     (arpeggio, then bass; the drums keep their downbeat), so a
//     section grows inside.
//   - A thinned passage before a return: the last bar before a section
//     that comes back (a second verse or chorus) keeps only the held
//     harmony, the tune and the drums' pulse, and the music breathes
//     before it returns.
//   - A repeated section is re-scored: its parts enter in another order
//     and its arpeggio (where the band has one) plays where it rested
//     the first time, or rests where it played (unless that would sound
//     like the section before or after it; not next to the outro, whose
//     change closeWithChange made).
//   - Dynamics inside a section (Shape): a crescendo from GrowFloor of
//     the velocity to full at three quarters of the section, then a
//     fall to GrowFall before a softer or thinned section.

// GrowFloor is the velocity, relative to the section's, a calm
// section's crescendo starts from; GrowFall is where it falls back to
// at the end of a section followed by a softer one.
const (
	GrowFloor = 0.6
	GrowFall  = 0.72
)

// growPeak is where in a calm piece (a fraction of its bars) its arc
// peaks, and growLow and growHigh the energies the arc spans.
const (
	growPeak = 0.68
	growLow  = 0.15
	growHigh = 0.95
)

// Grow plans a calm piece's growth (see above) on its sections, after
// Arrange: the energy arc offset by moodEnergy, the parts' entries, the
// thinned passages and the re-scored repeats. have is the band's layers.
func Grow(secs []Section, have [NumLayers]bool, moodEnergy float64) {
	total := 0
	for _, s := range secs {
		total += s.Bars
	}
	if total == 0 || len(secs) < 3 {
		return
	}
	at := 0
	for i := range secs {
		s := &secs[i]
		x := (float64(at) + float64(s.Bars)/2) / float64(total)
		at += s.Bars
		s.Energy = clampF(growLow+(growHigh-growLow)*arc(x)+moodEnergy/2, 0.1, 1)
		s.Grow = true
		if s.Index > 0 && have[LayerArp] && i+2 < len(secs) {
			s.On[LayerArp] = !s.On[LayerArp]
			// Neighbours still differ in who plays (see Arrange).
			if s.On == secs[i-1].On || i+1 < len(secs) && s.On == secs[i+1].On {
				s.On[LayerArp] = !s.On[LayerArp]
			}
		}
	}
	for i := range secs {
		s := &secs[i]
		var prev *Section
		if i > 0 {
			prev = &secs[i-1]
		}
		s.stagger(prev)
		if i+1 < len(secs) && secs[i+1].Index > 0 && secs[i+1].Name != "outro" && s.Bars >= 3 {
			s.Thin = 1
		}
	}
}

// arc is the piece's dynamic arc at x (0..1 of its length): a rise to 1
// at growPeak and a fall to 0.3 at the end.
func arc(x float64) float64 {
	if x < growPeak {
		return math.Sin(math.Pi / 2 * x / growPeak)
	}
	return 1 - 0.7*(x-growPeak)/(1-growPeak)
}

// staggerOrder is the order parts join a growing section in: the
// arpeggio, then the bass (the harmony and the tune play from its first
// bar, and the drums keep the pulse a listener and a tempo tracker
// follow: they join on the downbeat, as they did).
var staggerOrder = []Layer{LayerArp, LayerBass}

// stagger lets the parts that join section s (not playing in prev)
// enter a few bars apart, a quarter of the section each; a repeat
// (Index > 0) lets them in the other way round.
func (s *Section) stagger(prev *Section) {
	if s.Name == "outro" || s.Bars < 4 {
		return
	}
	order := staggerOrder
	if s.Index%2 == 1 {
		order = []Layer{LayerBass, LayerArp}
	}
	step := max(1, s.Bars/4)
	k := 0
	for _, l := range order {
		joins := prev == nil || !prev.On[l]
		if !s.On[l] || !joins || s.Enter[l] > 0 {
			continue
		}
		k++
		s.Enter[l] = min(k*step, s.Bars-2)
	}
}

// thinKeeps reports whether layer l plays through a thinned bar: the held
// harmony (the pad, else the chords), the tune and the drums' pulse.
func (s *Section) thinKeeps(l Layer) bool {
	switch l {
	case LayerLead, LayerPad, LayerDrums:
		return true
	case LayerChords:
		return !s.On[LayerPad]
	}
	return false
}

// level is the dynamics of a growing section at x (0..1 of the section):
// a crescendo from GrowFloor to full at three quarters, then to end.
func level(x, end float64) float64 {
	const top = 0.75
	if x < top {
		return GrowFloor + (1-GrowFloor)*x/top
	}
	return 1 + (end-1)*(x-top)/(1-top)
}

// Shape writes the growing sections' dynamics (level) into every
// pitched note's velocity and every drum hit's: a section followed by a
// softer or thinned one falls back to GrowFall at its end. Notes of the
// last section's final bar keep their velocity (the final chord).
func Shape(s *score.Score, secs []Section) {
	if len(secs) == 0 || !secs[0].Grow {
		return
	}
	bpb := float64(s.BeatsPerBar)
	gain := func(beat float64) float64 {
		for i := range secs {
			sec := &secs[i]
			length := float64(sec.Bars) * bpb
			if beat < sec.StartBeat-1e-9 || beat >= sec.StartBeat+length-1e-9 {
				continue
			}
			if i == len(secs)-1 && beat >= sec.StartBeat+length-bpb-1e-9 {
				return 1
			}
			end := 1.0
			if i+1 < len(secs) && (secs[i+1].Energy < sec.Energy || sec.Thin > 0) {
				end = GrowFall
			}
			return level((beat-sec.StartBeat)/length, end)
		}
		return 1
	}
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		if t.Part == score.PartDrone {
			continue // a drone holds its level; a struck one keeps its downbeat strongest
		}
		for i := range t.Notes {
			t.Notes[i].Velocity = clampF(t.Notes[i].Velocity*gain(t.Notes[i].Start), 0.05, 1)
		}
		for i := range t.Hits {
			t.Hits[i].Velocity = clampF(t.Hits[i].Velocity*gain(t.Hits[i].Start), 0.05, 1)
		}
	}
}
