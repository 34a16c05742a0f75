package music

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/music/drums"
	"github.com/songsmith/songsmith/internal/music/harmony"
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

// onEighths puts every note of rhythm rh that starts a sixteenth before a
// beat on an eighth (style.Groove.LeadEighths): on the eighth before it
// when the note before starts earlier still (a dotted eighth and a
// sixteenth become two eighths), else on the beat when no note starts
// there (an eighth, a sixteenth and a dotted eighth become three
// eighths). The notes keep their ends but the moved note's, which starts
// later; the note before it lasts until it. rh is not changed.
func onEighths(rh []beatNote) []beatNote {
	out := slices.Clone(rh)
	for i := 1; i < len(out); i++ {
		n, prev := &out[i], &out[i-1]
		if n.at-math.Floor(n.at) != 0.75 {
			continue
		}
		switch beat := n.at + 0.25; {
		case prev.at < n.at-0.25:
			n.at -= 0.25
			n.len += 0.25
		case i+1 == len(out) || out[i+1].at > beat:
			n.at = beat
			n.len = max(n.len-0.25, 0.25)
		default:
			continue
		}
		prev.len = n.at - prev.at
	}
	return out
}
