package synth

import (
	"math"
	"sort"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
)

// A track's performance inside its notes (score.Track.Controls): pitch
// bend, modulation (CC 1) and expression (CC 11). A recorded part sends
// them to its SoundFont player (controlActs), which applies them with the
// bank's modulators; synthesized voices follow the same curves: the bend
// and a vibrato as deep as the SoundFont default's (modDepth at full
// modulation) in their pitch, the expression's square as the part's gain.

// modDepth is the vibrato depth, in semitones, of full modulation (CC 1 at
// 127): the SoundFont default modulator's 50 cents.
const modDepth = 0.5

// modRate is the rate of the vibrato that modulation brings in, Hz.
const modRate = 5.5

// holdGap is the longest stretch between two points of a modulation
// curve that is a ramp; a longer one holds its value and steps.
const holdGap = int(0.6 * sr)

// bendGap is the longest stretch between two points of a bend curve that
// is a ramp: the steps inside one gesture (a scoop or slide reaches its
// pitch in 90 ms, in thirds; a tempo map stretches them a little). A
// point further from the last one starts a new gesture: the pitch holds
// the last value until it and jumps there, as a MIDI player does. With
// holdGap's 0.6 s, a note between two gestures glided from the first's
// end toward the second's start (a bass's D2 sank to C#2).
const bendGap = int(0.04 * sr)

// curve is one control over time: points in frames, values between them
// ramped (smooth, or within ramp frames) or held.
type curve struct {
	at     []int
	v      []float64
	ramp   int // the longest stretch that ramps (unless smooth)
	smooth bool
}

// value returns the curve at frame f (0 before its first point for bend
// and modulation, 1 for expression: see newControls).
func (c *curve) value(f int, before float64) float64 {
	i := sort.SearchInts(c.at, f+1) - 1
	if i < 0 {
		return before
	}
	if i+1 < len(c.at) {
		if d := c.at[i+1] - c.at[i]; d > 0 && (c.smooth || d <= c.ramp) {
			return c.v[i] + (c.v[i+1]-c.v[i])*float64(f-c.at[i])/float64(d)
		}
	}
	return c.v[i]
}

// controls are a track's curves; nil when it has none.
type controls struct {
	bend, mod, expr curve
}

// newControls converts a track's controls to frames.
func newControls(s *score.Score, tr *score.Track) *controls {
	if len(tr.Controls) == 0 {
		return nil
	}
	c := &controls{bend: curve{ramp: bendGap}, mod: curve{ramp: holdGap}, expr: curve{smooth: true}}
	for _, k := range tr.Controls {
		if !isFinite(k.Start) || !isFinite(k.Value) {
			continue
		}
		f := max(0, audio.CD.NSeconds(s.BeatToSeconds(k.Start)))
		var cv *curve
		switch k.Kind {
		case score.Bend:
			cv = &c.bend
		case score.Modulation:
			cv = &c.mod
		case score.Expression:
			cv = &c.expr
		default:
			continue
		}
		cv.at, cv.v = append(cv.at, f), append(cv.v, k.Value)
	}
	return c
}

// pitch is the bend and vibrato, semitones, at frame f.
func (c *controls) pitch(f int) float64 {
	m := 0.0
	if len(c.bend.at) > 0 {
		m = c.bend.value(f, 0)
	}
	if len(c.mod.at) > 0 {
		if d := c.mod.value(f, 0); d > 0 {
			m += d * modDepth * math.Sin(2*math.Pi*modRate*float64(f)/sr)
		}
	}
	return m
}

// express scales a block of the track's voices, from frame start, by the
// square of the expression curve, ramped linearly across the block.
func (c *controls) express(buf []float32, start int) {
	if len(c.expr.at) == 0 || len(buf) == 0 {
		return
	}
	a, b := c.expr.value(start, 1), c.expr.value(start+len(buf), 1)
	if a == 1 && b == 1 {
		return
	}
	a, b = a*a, b*b // the gain is the square, as a SoundFont player's (the GM curve)
	g, d := float32(a), float32((b-a)/float64(len(buf)))
	for i := range buf {
		buf[i] *= g
		g += d
	}
}

// controlActs are a recorded part's controls as player actions on channel
// 0: each bend point ramps to the next one inside a gesture (bendGap; a
// gesture starts at once),
// modulation and expression as controller changes.
func controlActs(s *score.Score, tr *score.Track) []recAct {
	c := newControls(s, tr)
	if c == nil {
		return nil
	}
	var acts []recAct
	b := c.bend
	for i, f := range b.at {
		if i == 0 || f-b.at[i-1] > b.ramp {
			acts = append(acts, recAct{frame: f, kind: recBend, bend: b.v[i]})
		}
		if i+1 < len(b.at) && b.at[i+1]-f <= b.ramp {
			acts = append(acts, recAct{frame: f, kind: recBend, bend: b.v[i+1], ramp: max(2, b.at[i+1]-f)})
		}
	}
	for i, f := range c.mod.at {
		acts = append(acts, recAct{frame: f, kind: recCC, key: 1, vel: c.mod.v[i]})
	}
	for i, f := range c.expr.at {
		acts = append(acts, recAct{frame: f, kind: recCC, key: 11, vel: c.expr.v[i]})
	}
	return acts
}

// ccValue is a 0..1 control as a 7-bit controller value.
func ccValue(v float64) int { return int(math.Round(127 * math.Max(0, math.Min(1, v)))) }
