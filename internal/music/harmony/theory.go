package harmony

import "sort"

// modeSteps holds the semitones of each supported mode above its tonic.
var modeSteps = map[string][7]int{
	"major":      {0, 2, 4, 5, 7, 9, 11},
	"minor":      {0, 2, 3, 5, 7, 8, 10},
	"dorian":     {0, 2, 3, 5, 7, 9, 10},
	"phrygian":   {0, 1, 3, 5, 7, 8, 10},
	"lydian":     {0, 2, 4, 6, 7, 9, 11},
	"mixolydian": {0, 2, 4, 5, 7, 9, 10},
	"locrian":    {0, 1, 3, 5, 6, 8, 10},
	// harmonic minor: the raised seventh gives minor keys a major V
	// (tango, flamenco, bollywood).
	"harmonic minor": {0, 2, 3, 5, 7, 8, 11},
}

// Modes lists the modes the composer writes in.
var Modes = []string{"major", "minor", "dorian", "phrygian", "lydian", "mixolydian", "locrian", "harmonic minor"}

// Key is a tonic and a mode.
type Key struct {
	Root  int // pitch class of the tonic
	Steps [7]int
	Mode  string
}

// NewKey returns the key of mode on pitch class root.
func NewKey(root int, mode string) Key {
	st, ok := modeSteps[mode]
	if !ok {
		mode, st = "major", modeSteps["major"]
	}
	return Key{Root: ((root % 12) + 12) % 12, Steps: st, Mode: mode}
}

// Minorish reports whether the mode has a minor third.
func (k Key) Minorish() bool { return k.Steps[2] == 3 }

// Pitch returns the MIDI pitch of scale degree deg (0 = tonic, 7 = tonic an
// octave up, -1 = leading tone below) counted from the tonic in octave oct
// (MIDI octave, 5 = middle C's octave).
func (k Key) Pitch(deg, oct int) int {
	o, d := floorDiv(deg, 7)
	return 12*(oct+o) + k.Root + k.Steps[d]
}

// DegreeNear returns the scale degree (relative to octave oct) whose pitch
// is nearest to p, preferring the lower one on ties.
func (k Key) DegreeNear(p, oct int) int {
	best, bestD := 0, 1<<30
	for d := -35 - 7*oct; d <= 77-7*oct; d++ {
		if dd := Abs(k.Pitch(d, oct) - p); dd < bestD {
			best, bestD = d, dd
		}
	}
	return best
}

// InScale reports whether pitch p belongs to the scale of root and mode.
func InScale(p, root int, mode string) bool {
	k := NewKey(root, mode)
	pc := ((p-k.Root)%12 + 12) % 12
	for _, s := range k.Steps {
		if s == pc {
			return true
		}
	}
	return false
}

// Chord is a chord in a key: a root above the tonic and tones above the root.
type Chord struct {
	Degree int   // scale degree of the root, 0..6
	Root   int   // semitones of the root above the tonic
	Tones  []int // semitones above the chord root, ascending, 0 first
	Slash  int   // semitones from the root up to the bass note (an inversion or a pedal); 0: the root
	Octave bool  // the bass plays the root's octave where its line has the fifth (see chordMaker)
	// Quality is the lead-sheet spelling of a chord a chart gave ("m7b5",
	// "13"); "" spells it from its tones.
	Quality string
}

// Diatonic stacks size scale thirds on degree (3 triad, 4 seventh, 5 ninth).
func (k Key) Diatonic(degree, size int) Chord {
	c := Chord{Degree: degree, Root: k.Steps[degree%7]}
	for i := 0; i < size; i++ {
		idx := degree + 2*i
		o, d := floorDiv(idx, 7)
		c.Tones = append(c.Tones, k.Steps[d]+12*o-c.Root)
	}
	return c
}

// Dominant7 is a dominant seventh on degree (blues I7, IV7, V7).
func (k Key) Dominant7(degree int) Chord {
	return Chord{Degree: degree, Root: k.Steps[degree%7], Tones: []int{0, 4, 7, 10}}
}

// PCs returns the pitch classes of c in key k.
func (c Chord) PCs(k Key) []int {
	out := make([]int, len(c.Tones))
	for i, t := range c.Tones {
		out[i] = (k.Root + c.Root + t) % 12
	}
	return out
}

// RootPitch returns the chord root as a MIDI pitch in [lo, lo+12).
func (c Chord) RootPitch(k Key, lo int) int { return PlaceAbove((k.Root+c.Root)%12, lo) }

// FifthPitch returns the chord's fifth (or the root when it has none) just above root.
func (c Chord) FifthPitch(k Key, root int) int {
	if len(c.Tones) >= 3 {
		return root + c.Tones[2]
	}
	return root + 7
}

// Has reports whether pitch p is a chord tone of c.
func (c Chord) Has(k Key, p int) bool {
	pc := ((p % 12) + 12) % 12
	for _, x := range c.PCs(k) {
		if x == pc {
			return true
		}
	}
	return false
}

// Voice returns a close voicing of the pitch classes pcs, near center and
// moving as little as possible from prev (voice leading).
func Voice(pcs []int, center int, prev []int) []int {
	var best []int
	bestCost := 1e18
	for inv := range pcs {
		for shift := -12; shift <= 12; shift += 12 {
			v := make([]int, len(pcs))
			v[0] = PlaceAbove(pcs[inv], center-6+shift)
			for i := 1; i < len(pcs); i++ {
				v[i] = PlaceAbove(pcs[(inv+i)%len(pcs)], v[i-1]+1)
			}
			cost := 0.0
			mean := 0.0
			for _, p := range v {
				mean += float64(p)
			}
			mean /= float64(len(v))
			cost += 1.5 * absF(mean-float64(center))
			if prev != nil {
				for i := 0; i < len(v) && i < len(prev); i++ {
					cost += absF(float64(v[i] - prev[i]))
				}
			}
			if cost < bestCost {
				best, bestCost = v, cost
			}
		}
	}
	sort.Ints(best)
	return best
}

// PlaceAbove returns the lowest pitch >= lo with pitch class pc.
func PlaceAbove(pc, lo int) int {
	p := lo + ((pc-lo)%12+12)%12
	return p
}

func floorDiv(a, b int) (q, r int) {
	q, r = a/b, a%b
	if r < 0 {
		q--
		r += b
	}
	return q, r
}

// Abs returns |x|.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func absF(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// PC returns the pitch class of MIDI pitch p.
func PC(p int) int { return ((p % 12) + 12) % 12 }

// Moved returns c with its root moved by semis (its degree stays: it is the
// same chord of the new key).
func (c Chord) Moved(semis int) Chord {
	if c.Tones == nil {
		return c
	}
	c.Root = (c.Root + semis + 12) % 12
	return c
}

var sharpNames = []string{"C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"}

// NoteName returns the name of pitch class pc ("C", "F#", "Bb").
func NoteName(pc int) string { return sharpNames[((pc%12)+12)%12] }
