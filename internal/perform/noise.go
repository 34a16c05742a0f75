package perform

import (
	"slices"

	"github.com/songsmith/songsmith/internal/prng"
	"github.com/songsmith/songsmith/internal/score"
)

// The noises a player makes beside the notes (score.Track.Noises): the air
// of winds and voices, a bow's scrape, a pick's click and a string's
// squeak, a piano's keys and dampers. The synthesizer renders them with a
// small noise voice under the part's notes; the MIDI file carries them
// (internal/music).

// noiseFamily is which noises an instrument makes.
type noiseFamily uint8

const (
	noiseWind    noiseFamily = iota + 1 // breath before phrases and at attacks
	noiseBowed                          // a scrape at attacks, rosin hiss along the note
	noisePlucked                        // a click at attacks, squeaks on position shifts
	noiseKeys                           // a key's thump at attacks, a damper at releases
)

// noisy is the noise family of each instrument that makes one. The choir
// pad breathes with its samples only: with an inhale before its phrases a
// phonk song's limiter flattened peaks (TestStyles, sox's flat factor).
var noisy = map[score.Instrument]noiseFamily{
	score.Flute: noiseWind, score.Sax: noiseWind, score.Brass: noiseWind,
	score.Strings: noiseBowed, score.Fiddle: noiseBowed,
	score.Guitar: noisePlucked, score.NylonGuitar: noisePlucked, score.Bass: noisePlucked,
	score.UprightBass: noisePlucked, score.Banjo: noisePlucked, score.Mandolin: noisePlucked,
	score.Ukulele: noisePlucked,
	score.Piano:   noiseKeys,
}

// Noise shapes, seconds.
const (
	chordSpread = 0.03 // note starts this close are one attack (a chord, a strum)
	phraseGap   = 0.25 // a silence this long before a note is a breath
	inhaleMax   = 0.35 // the longest inhale
	inhaleMin   = 0.1  // the shortest
	attackAir   = 0.1  // a wind's attack breath
	shiftSemis  = 5    // a leap this wide on a plucked line is a position shift
	shiftGap    = 0.15 // ... when the notes are this close
	squeakTime  = 0.07 // a squeak's length
	damperTime  = 0.15 // a damper's noise
	breathFloor = 0.15 // the breath controller's value (CC 2) of a phrase's softest air
)

// noises writes the noises of a pitched track t (performed notes, on the
// clock) as its instrument makes them (noisy), and a wind's or a voice's
// breath controller (CC 2) among its controls. r draws the squeaks.
func (sh *shape) noises(t *score.Track, r *prng.SplitMix) {
	fam := noisy[t.Instrument]
	if fam == 0 || len(t.Notes) == 0 {
		return
	}
	var ns []score.Noise
	switch fam {
	case noiseWind:
		ns = sh.breaths(t.Notes)
		t.Controls = mergeControls(t.Controls, sh.breathCurve(t.Notes))
	case noiseBowed:
		for _, a := range sh.attacks(t.Notes) {
			ns = append(ns, score.Noise{Start: a.start, Length: a.length, Kind: score.NoiseBow, Level: a.vel})
		}
	case noisePlucked:
		ns = sh.plucks(t.Notes, t.Controls, r)
	case noiseKeys:
		for _, a := range sh.attacks(t.Notes) {
			ns = append(ns, score.Noise{Start: a.start, Length: sh.beats(0.05), Kind: score.NoiseKey, Level: a.vel})
		}
		ns = append(ns, sh.dampers(t.Notes)...)
	}
	slices.SortStableFunc(ns, func(a, b score.Noise) int { return cmpFloat(a.Start, b.Start) })
	t.Noises = ns
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// attack is one onset of a part: a note, or a chord's notes struck
// together (within chordSpread), with its loudest velocity, the silence
// before it (s) and its longest note.
type attack struct {
	start, length, vel, gap float64
}

// attacks groups notes (sorted by start) into onsets.
func (sh *shape) attacks(notes []score.Note) []attack {
	var out []attack
	end := -1e9 // where the sound so far ends, beats
	for _, n := range notes {
		if k := len(out) - 1; k >= 0 && sh.secs(n.Start-out[k].start) < chordSpread {
			a := &out[k]
			a.vel = max(a.vel, n.Velocity)
			a.length = max(a.length, n.Start+n.Length-a.start)
			end = max(end, n.Start+n.Length)
			continue
		}
		out = append(out, attack{start: n.Start, length: n.Length, vel: n.Velocity, gap: sh.secs(n.Start - end)})
		end = max(end, n.Start+n.Length)
	}
	return out
}

// breaths are a wind's or a voice's: an inhale in the silence before each
// phrase (a gap of phraseGap or more), and air at every attack, softer
// inside a slur.
func (sh *shape) breaths(notes []score.Note) []score.Noise {
	var ns []score.Noise
	for _, a := range sh.attacks(notes) {
		// An inhale fits in the silence before the phrase (none before
		// a song's first beat).
		if d := min(sh.beats(min(inhaleMax, 0.6*a.gap)), a.start); a.gap >= phraseGap && sh.secs(d) >= inhaleMin {
			ns = append(ns, score.Noise{Start: a.start - d, Length: d, Kind: score.NoiseBreath, Level: 0.6 * a.vel})
		}
		lv := a.vel
		if a.gap < 0.05 {
			lv *= 0.5 // slurred or tongued inside a phrase
		}
		ns = append(ns, score.Noise{Start: a.start, Length: min(a.length, sh.beats(attackAir)), Kind: score.NoiseAir, Level: lv})
	}
	return ns
}

// breathCurve is a wind's breath controller (CC 2): at each phrase's
// first attack it rises to the note's air, follows the velocities of the
// attacks inside the phrase, and falls to none where the phrase ends.
func (sh *shape) breathCurve(notes []score.Note) []score.Control {
	var cs []score.Control
	as := sh.attacks(notes)
	for i, a := range as {
		v := breathFloor + float64((1-breathFloor)*a.vel) // rounded: no fused multiply-add
		if a.gap >= phraseGap && i > 0 {
			prev := as[i-1]
			cs = append(cs, score.Control{Start: prev.start + prev.length, Kind: score.Breath, Value: 0})
		}
		cs = append(cs, score.Control{Start: a.start, Kind: score.Breath, Value: v})
	}
	last := as[len(as)-1]
	return append(cs, score.Control{Start: last.start + last.length, Kind: score.Breath, Value: 0})
}

// mergeControls merges two time-ordered control lists, a's first at equal
// times.
func mergeControls(a, b []score.Control) []score.Control {
	out := make([]score.Control, 0, len(a)+len(b))
	out = append(append(out, a...), b...)
	slices.SortStableFunc(out, func(x, y score.Control) int { return cmpFloat(x.Start, y.Start) })
	return out
}

// plucks are a plucked part's: a click at every attack, and on a single
// line, half the time, a squeak as the hand shifts position between close
// notes a fourth or more apart, and a squeak along every slide the player
// bends (cs: a bend from the previous note's pitch at a note's start).
func (sh *shape) plucks(notes []score.Note, cs []score.Control, r *prng.SplitMix) []score.Noise {
	var ns []score.Noise
	for _, a := range sh.attacks(notes) {
		ns = append(ns, score.Noise{Start: a.start, Length: sh.beats(pickTime), Kind: score.NoisePick, Level: a.vel})
	}
	if !single(notes) {
		return ns
	}
	for i := 1; i < len(notes); i++ {
		n, prev := notes[i], notes[i-1]
		gap := sh.secs(n.Start - (prev.Start + prev.Length))
		if abs(n.Pitch-prev.Pitch) < shiftSemis || gap > shiftGap || r.Float64() >= 0.5 {
			continue
		}
		d := sh.beats(squeakTime)
		ns = append(ns, score.Noise{Start: max(0, n.Start-d), Length: d, Kind: score.NoiseSqueak, Level: 0.5 * (n.Velocity + prev.Velocity)})
	}
	return append(ns, sh.slides(notes, cs)...)
}

// slides are the squeaks of a single line's slides: where a bend starts
// at a note from the previous note's pitch, the finger squeaks along the
// string for the bend's time.
func (sh *shape) slides(notes []score.Note, cs []score.Control) []score.Noise {
	var ns []score.Noise
	j := 0
	for i := 1; i < len(notes); i++ {
		n, step := notes[i], notes[i].Pitch-notes[i-1].Pitch
		for j < len(cs) && cs[j].Start < n.Start-1e-9 {
			j++
		}
		for k := j; k < len(cs) && cs[k].Start <= n.Start+1e-9; k++ {
			if c := cs[k]; c.Kind == score.Bend && step != 0 && c.Value == float64(-step) {
				ns = append(ns, score.Noise{Start: n.Start, Length: min(sh.beats(bendTime), n.Length/2), Kind: score.NoiseSqueak, Level: 0.7 * n.Velocity})
				break
			}
		}
	}
	return ns
}

// dampers are a piano's: a soft noise where keys are let go, once per
// release time (a chord's keys let go together).
func (sh *shape) dampers(notes []score.Note) []score.Noise {
	ends := make([]score.Noise, 0, len(notes))
	for _, n := range notes {
		ends = append(ends, score.Noise{Start: n.Start + n.Length, Length: sh.beats(damperTime), Kind: score.NoiseDamper, Level: n.Velocity})
	}
	slices.SortStableFunc(ends, func(a, b score.Noise) int { return cmpFloat(a.Start, b.Start) })
	var out []score.Noise
	for _, e := range ends {
		if k := len(out) - 1; k >= 0 && sh.secs(e.Start-out[k].Start) < chordSpread {
			out[k].Level = max(out[k].Level, e.Level)
			continue
		}
		out = append(out, e)
	}
	return out
}
