package music

import (
	"fmt"

	"github.com/songsmith/songsmith/internal/music/drums"

	"github.com/songsmith/songsmith/internal/music/form"

	"github.com/songsmith/songsmith/internal/music/harmony"

	"github.com/songsmith/songsmith/internal/music/genre"

	"github.com/songsmith/songsmith/internal/score"
)

// beatNote is one note of a one-bar rhythm: where it starts and how long it
// lasts, in beats.
type beatNote struct{ at, len float64 }

// rhythmCells are one-bar melodic rhythms, from sparse to dense.
var rhythmCells = [3][][]beatNote{
	{ // sparse
		{{0, 3}, {3, 1}}, {{0, 2}, {2, 2}}, {{0, 1.5}, {1.5, 2.5}}, {{0.5, 1.5}, {2, 2}}, {{0, 1}, {1, 1}, {2, 2}},
	},
	{ // medium
		{{0, 1}, {1, 0.5}, {1.5, 0.5}, {2, 2}}, {{0, 1.5}, {1.5, 0.5}, {2, 1}, {3, 1}}, {{0, 0.5}, {0.5, 1}, {1.5, 0.5}, {2, 1.5}},
		{{0, 1}, {1, 1}, {2, 1}, {3, 1}}, {{0, 0.75}, {0.75, 0.75}, {1.5, 0.5}, {2, 2}}, {{0.5, 0.5}, {1, 1}, {2, 0.5}, {2.5, 1.5}},
	},
	{ // dense
		{{0, 0.5}, {0.5, 0.5}, {1, 0.5}, {1.5, 0.5}, {2, 1}, {3, 1}}, {{0, 0.5}, {0.5, 0.25}, {0.75, 0.75}, {1.5, 0.5}, {2, 0.5}, {2.5, 0.5}, {3, 1}},
		{{0, 0.75}, {0.75, 0.25}, {1, 0.5}, {1.5, 0.5}, {2, 0.75}, {2.75, 0.25}, {3, 1}}, {{0, 1}, {1, 0.5}, {1.5, 0.5}, {2, 0.5}, {2.5, 0.5}, {3, 0.5}, {3.5, 0.5}},
	},
}

// motif is a one-bar melodic idea: a rhythm and a contour in scale steps.
type motif struct {
	rhythm []beatNote
	steps  []int // scale steps from the previous note; steps[0] is from start
	start  int   // first degree above the tonic
	vary   int   // how bar 2 of a phrase varies the motif: 0 sequence, 1 inversion, 2 displacement
	beats  float64
}

// newMotif invents a motif of the given density tier (0 sparse .. 2 dense)
// for bars of beats beats (3 or 4).
func newMotif(tier, start, beats int, r *harmony.RNG) motif {
	cells := rhythmCells[tier]
	switch beats {
	case 3:
		cells = rhythmCells3[tier]
	case 2:
		cells = rhythmCells68[tier]
	}
	m := motif{rhythm: cells[r.Intn(len(cells))], start: start, vary: r.Intn(3), beats: float64(beats)}
	stepVals := []int{-3, -2, -1, 0, 1, 2, 3, 4}
	weights := []float64{0.4, 1, 3, 0.8, 3, 1.2, 0.5, 0.3}
	prev := 0
	for i := range m.rhythm {
		if i == 0 {
			m.steps = append(m.steps, 0)
			continue
		}
		s := stepVals[r.Weighted(weights)]
		if harmony.Abs(prev) >= 3 { // after a leap, step back the other way
			s = -sign(prev)
		}
		m.steps = append(m.steps, s)
		prev = s
	}
	return m
}

// melodyNote is a scale-degree note inside a bar.
type melodyNote struct {
	at, len float64
	deg     int
}

// realise turns a motif into bar notes starting from degree base.
func (m motif) realise(base int, invert bool, shift float64) []melodyNote {
	var out []melodyNote
	d := base
	for i, bn := range m.rhythm {
		s := m.steps[i]
		if invert {
			s = -s
		}
		d += s
		at := bn.at + shift
		if at >= m.beats {
			continue
		}
		out = append(out, melodyNote{at, min(bn.len, m.beats-at), d})
	}
	return out
}

// leadRange returns the comfortable range of a lead instrument.
func leadRange(inst score.Instrument) (lo, hi int) {
	switch inst {
	case score.Sax:
		return 56, 79
	case score.Flute:
		return 67, 91
	case score.Bells:
		return 67, 91
	case score.Brass:
		return 58, 81
	case score.Guitar, score.DistGuitar:
		return 59, 83
	case score.Strings, score.ChoirPad:
		return 60, 81
	default:
		return 62, 86
	}
}

// writeLead writes the melody of every section with a lead: a motif per
// kind of section, built into four-bar phrases (statement, variation,
// restatement, cadence) with strong beats on chord tones. When the lead
// plays in the song's last bar, that bar is a closed cadence ending on the
// tonic.
func writeLead(secs []form.Section, k harmony.Key, prof genre.Profile, inst, answerInst score.Instrument, swing float64, seed uint64) (lead, answered []score.Note) {
	r := harmony.NewRNG(seed, "melody")
	voices := map[voiceOf]*melodyVoice{
		sing:   newMelodyVoice(k, inst, &part{swing: swing, r: harmony.NewRNG(seed, "melody-vel")}),
		answer: newMelodyVoice(k, answerInst, &part{swing: swing, r: harmony.NewRNG(seed, "answer-vel")}),
	}
	tier := 0
	switch {
	case prof.LeadDense >= 0.55:
		tier = 2
	case prof.LeadDense >= 0.35:
		tier = 1
	}
	beats := secs[0].Beats
	motifs := [3]motif{
		newMotif(tier, r.Intn(3)*2, beats, r),             // verse: starts on 1, 3 or 5
		newMotif(min(tier+1, 2), 2+2*r.Intn(2), beats, r), // chorus: higher
		newMotif(max(tier-1, 0), 1+r.Intn(4), beats, r),   // bridge: sparser, elsewhere
	}
	motifs[1].vary = 0 // the chorus hook: a figure and its sequence
	if beats != 4 {
		// In 3/4 and 6/8 a figure is not displaced: every bar keeps a
		// note on its downbeat, so the meter (and its tempo) stays heard.
		for i := range motifs {
			motifs[i].vary = min(motifs[i].vary, 1)
		}
	}
	for i := range secs {
		s := &secs[i]
		if !melodic(s) {
			continue
		}
		m := motifs[s.Motif]
		v := 0.6 + 0.3*s.Energy
		for _, mv := range voices {
			mv.last = -1 << 30
		}
		base0 := m.start // where bar 0 of the current phrase placed the figure
		for b := 0; b < s.Bars; b++ {
			pb, phrase := b%4, b/4
			final := i == len(secs)-1 && b == s.Bars-1
			who := whoPlays(s, b, final)
			if who == answer && answerInst == "" {
				who = breath
			}
			if final {
				pb = 3 // the song's last bar: a closed ending on the tonic
			}
			h := s.BarAt(b)
			if pb == 0 && who == breath {
				base0 = figureBase(k, h, m.realise(m.start, false, 0), m.start, oct0(voices), 0)
			}
			if who == breath {
				continue
			}
			mv := voices[who]
			pt, lo, hi, oct := mv.pt, mv.lo, mv.hi, mv.oct
			last := mv.last
			var bar []melodyNote
			rigid := false // a figure kept whole: moved as one, not note by note
			switch pb {
			case 0:
				bar = m.realise(m.start, false, 0)
				base0 = figureBase(k, h, bar, m.start, oct, 0)
				bar, rigid = m.realise(base0, false, 0), true
			case 1:
				vary := m.vary
				if phrase%2 == 0 {
					vary = 0 // a section's first phrase develops its figure by sequence
				}
				switch vary {
				case 0: // a sequence: the figure a step or a third away
					pref := []int{1, -1, 2}[phrase%3]
					bar = m.realise(figureBase(k, h, m.realise(base0, false, 0), base0, oct, pref), false, 0)
				case 1: // the figure inverted
					inv := m.realise(base0+2, true, 0)
					bar = m.realise(figureBase(k, h, inv, base0+2, oct, 0), true, 0)
				default: // displaced by an eighth
					bar = m.realise(base0, false, 0.5)
				}
				rigid = true
			case 2:
				if s.Name == "bridge" && phrase == 0 {
					// The bridge recalls the hook in augmentation: the
					// chorus figure's first half at half speed.
					am := motifs[1].augmented()
					bar = am.realise(figureBase(k, h, am.realise(am.start, false, 0), am.start, oct, 0), false, 0)
					rigid = true
					break
				}
				switch {
				case phrase%2 == 1: // call, then answer inverted
					inv := m.realise(base0+2, true, 0)
					bar = m.realise(figureBase(k, h, inv, base0+2, oct, 0), true, 0)
				case m.vary != 0: // the figure a step down, when bar 2 did not sequence it
					bar = m.realise(figureBase(k, h, m.realise(base0, false, 0), base0, oct, -1), false, 0)
				default: // restated on this bar's chord
					bar = m.realise(figureBase(k, h, m.realise(base0, false, 0), base0, oct, 0), false, 0)
				}
				rigid = true
			default:
				bar = m.realise(m.start, false, 0)
				cut := bar[:0]
				for _, n := range bar {
					if n.at < float64(beats)/2 {
						cut = append(cut, n)
					}
				}
				// An open ending on the third (the dominant, over and over,
				// pulls the key to it), or in styles with blue notes on the
				// dominant their flat fifth leans into.
				target := 2
				if prof.Blue > 0 {
					target = 4
				}
				if phrase%2 == 1 || b == s.Bars-1 {
					target = 0 // closed ending on the tonic
				}
				switch beats {
				case 3:
					bar = []melodyNote{{0, 3, target}} // a dotted half on the downbeat
				case 2:
					bar = append(cut, melodyNote{1, 1, target}) // 6/8: the second dotted quarter
				default:
					bar = append(cut, melodyNote{2, 2, target})
				}
			}
			if rigid && h.Split > 0 && !fitsSplit(k, h, bar, oct) {
				rigid = false // a figure off the second chord: every strong note on the chord
			}
			t := s.StartBeat + float64(beats*b)
			pitches := make([]int, len(bar))
			for j, n := range bar {
				d := n.deg
				strong := n.at == 0 || n.at == 2 && beats == 4 || (n.len >= 1 && n.at == float64(int(n.at)))
				if strong && !rigid {
					d = nearestChordDegree(k, h.At(n.at), d, oct)
				}
				pitches[j] = k.Pitch(d, oct)
			}
			if rigid && !placeFigure(pitches, lo, hi, last) {
				rigid = false
			}
			// A grace note of the blues is drawn per bar of the phrase, so
			// that a repeated section (the chorus hook) repeats its notes.
			blue := harmony.NewRNG(seed, fmt.Sprintf("blue-%d-%d", s.Motif, b%4))
			for j, n := range bar {
				p := pitches[j]
				if !rigid {
					p = fitMelody(k, p, last, lo, hi)
				}
				if q := harmony.BorrowedTone(k, h.At(n.at), p); q != p && q >= lo && q <= hi {
					p = q // mode mixture: the melody takes the borrowed chord's note
				}
				last = pt.singNote(k, h, bar, j, pb, t, v, p, lo, hi, blue, prof.Blue, final)
			}
			mv.last = last
		}
	}
	for _, mv := range voices {
		endOnChordTones(secs, k, mv)
	}
	placeClimax(secs, k, voices[sing])
	return voices[sing].pt.notes, voices[answer].pt.notes
}

// melodyVoice is one instrument playing the melody: its part, range, the
// octave of its tonic and its last pitch (for leaps across bars).
type melodyVoice struct {
	pt          *part
	lo, hi, oct int
	last        int
}

func newMelodyVoice(k harmony.Key, inst score.Instrument, pt *part) *melodyVoice {
	mv := &melodyVoice{pt: pt}
	mv.lo, mv.hi = leadRange(inst)
	for k.Pitch(0, mv.oct) < mv.lo+2 {
		mv.oct++
	}
	return mv
}

// nearestChordDegree moves degree d to the closest degree that is a tone of c.
func nearestChordDegree(k harmony.Key, c harmony.Chord, d, oct int) int {
	for off := 0; off < 7; off++ {
		if c.Has(k, k.Pitch(d+off, oct)) {
			if off > 0 && c.Has(k, k.Pitch(d-off, oct)) {
				return d - off
			}
			return d + off
		}
		if c.Has(k, k.Pitch(d-off, oct)) {
			return d - off
		}
	}
	return d
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// tonicNear returns the pitch of the key's tonic nearest to p inside
// [lo, hi], the lower one on ties.
func tonicNear(k harmony.Key, p, lo, hi int) int {
	best := -1
	for q := harmony.PlaceAbove(k.Root, lo); q <= hi; q += 12 {
		if best < 0 || harmony.Abs(q-p) < harmony.Abs(best-p) {
			best = q
		}
	}
	if best < 0 {
		return p
	}
	return best
}

// fitMelody moves a melody pitch p into lo..hi by octaves, and away from a
// leap of more than 9 semitones from the last note (to the scale step
// toward it when the octave leaves the range).
func fitMelody(k harmony.Key, p, last, lo, hi int) int {
	for p > hi {
		p -= 12
	}
	for p < lo {
		p += 12
	}
	if last > 0 && harmony.Abs(p-last) > 9 { // avoid awkward leaps
		if p > last {
			p -= 12
		} else {
			p += 12
		}
		if p < lo || p > hi {
			p = k.Pitch(k.DegreeNear(last, 0)+sign(p-last), 0)
		}
	}
	return p
}

// singNote writes note j of a melody bar (starting at beat t, bar pb of
// its phrase, harmony h) at pitch p: its velocity from the accent, a blues
// grace before it (blue, at rate), a held note that would clash with the
// bar's second chord moved to that chord's nearest tone when it comes, and
// the song's last note on the tonic when final. It returns the pitch that
// sounds last.
func (pt *part) singNote(k harmony.Key, h harmony.BarChord, bar []melodyNote, j, pb int, t, v float64, p, lo, hi int, blue *harmony.RNG, rate float64, final bool) int {
	n := bar[j]
	vel := v * (0.85 + 0.15*drums.Accent(n.at))
	if j == len(bar)-1 && pb == 3 {
		vel *= 0.9
	}
	if j > 0 {
		pt.blueGrace(k, blue, rate, t, bar[j-1].at, n.at, p, lo, hi, vel)
	}
	if h.Split > 0 && n.at < h.Split && n.at+n.len > h.Split && !h.C2.Has(k, p) {
		// A held note that would clash with the new chord moves
		// to its nearest tone when the chord changes.
		pt.add(t+n.at, h.Split-n.at, p, vel, false)
		q := k.Pitch(nearestChordDegree(k, h.C2, k.DegreeNear(p, 0), 0), 0)
		if q > hi || q < lo {
			q = p
		}
		pt.add(t+h.Split, (n.at+n.len-h.Split)*0.95, q, vel*0.9, false)
		return q
	}
	if final && j == len(bar)-1 {
		p = tonicNear(k, p, lo, hi) // the tonic, also where the leap rules moved it
	}
	pt.add(t+n.at, n.len*0.95, p, vel, false)
	return p
}
