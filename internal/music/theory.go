package music

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

// key is a tonic and a mode.
type key struct {
	root  int // pitch class of the tonic
	steps [7]int
	mode  string
}

func newKey(root int, mode string) key {
	st, ok := modeSteps[mode]
	if !ok {
		mode, st = "major", modeSteps["major"]
	}
	return key{root: ((root % 12) + 12) % 12, steps: st, mode: mode}
}

// minorish reports whether the mode has a minor third.
func (k key) minorish() bool { return k.steps[2] == 3 }

// pitch returns the MIDI pitch of scale degree deg (0 = tonic, 7 = tonic an
// octave up, -1 = leading tone below) counted from the tonic in octave oct
// (MIDI octave, 5 = middle C's octave).
func (k key) pitch(deg, oct int) int {
	o, d := floorDiv(deg, 7)
	return 12*(oct+o) + k.root + k.steps[d]
}

// degreeNear returns the scale degree (relative to octave oct) whose pitch
// is nearest to p, preferring the lower one on ties.
func (k key) degreeNear(p, oct int) int {
	best, bestD := 0, 1<<30
	for d := -35 - 7*oct; d <= 77-7*oct; d++ {
		if dd := abs(k.pitch(d, oct) - p); dd < bestD {
			best, bestD = d, dd
		}
	}
	return best
}

// InScale reports whether pitch p belongs to the scale of root and mode.
func InScale(p, root int, mode string) bool {
	k := newKey(root, mode)
	pc := ((p-k.root)%12 + 12) % 12
	for _, s := range k.steps {
		if s == pc {
			return true
		}
	}
	return false
}

// chord is a chord in a key: a root above the tonic and tones above the root.
type chord struct {
	degree int   // scale degree of the root, 0..6
	root   int   // semitones of the root above the tonic
	tones  []int // semitones above the chord root, ascending, 0 first
	slash  int   // semitones from the root up to the bass note (an inversion or a pedal); 0: the root
	octave bool  // the bass plays the root's octave where its line has the fifth (see chordMaker)
}

// diatonic stacks size scale thirds on degree (3 triad, 4 seventh, 5 ninth).
func (k key) diatonic(degree, size int) chord {
	c := chord{degree: degree, root: k.steps[degree%7]}
	for i := 0; i < size; i++ {
		idx := degree + 2*i
		o, d := floorDiv(idx, 7)
		c.tones = append(c.tones, k.steps[d]+12*o-c.root)
	}
	return c
}

// dominant7 is a dominant seventh on degree (blues I7, IV7, V7).
func (k key) dominant7(degree int) chord {
	return chord{degree: degree, root: k.steps[degree%7], tones: []int{0, 4, 7, 10}}
}

// pcs returns the pitch classes of c in key k.
func (c chord) pcs(k key) []int {
	out := make([]int, len(c.tones))
	for i, t := range c.tones {
		out[i] = (k.root + c.root + t) % 12
	}
	return out
}

// rootPitch returns the chord root as a MIDI pitch in [lo, lo+12).
func (c chord) rootPitch(k key, lo int) int { return placeAbove((k.root+c.root)%12, lo) }

// fifthPitch returns the chord's fifth (or the root when it has none) just above root.
func (c chord) fifthPitch(k key, root int) int {
	if len(c.tones) >= 3 {
		return root + c.tones[2]
	}
	return root + 7
}

// has reports whether pitch p is a chord tone of c.
func (c chord) has(k key, p int) bool {
	pc := ((p % 12) + 12) % 12
	for _, x := range c.pcs(k) {
		if x == pc {
			return true
		}
	}
	return false
}

// voice returns a close voicing of the pitch classes pcs, near center and
// moving as little as possible from prev (voice leading).
func voice(pcs []int, center int, prev []int) []int {
	var best []int
	bestCost := 1e18
	for inv := range pcs {
		for shift := -12; shift <= 12; shift += 12 {
			v := make([]int, len(pcs))
			v[0] = placeAbove(pcs[inv], center-6+shift)
			for i := 1; i < len(pcs); i++ {
				v[i] = placeAbove(pcs[(inv+i)%len(pcs)], v[i-1]+1)
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

// placeAbove returns the lowest pitch >= lo with pitch class pc.
func placeAbove(pc, lo int) int {
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

func abs(x int) int {
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
