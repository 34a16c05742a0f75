package perform

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/prng"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// How an instrument expresses inside its notes.
const (
	exVibrato = 1 << iota // late vibrato on held notes (CC 1): bowed strings, voices, winds, leads
	exSwell               // swells on sustained notes and phrases (CC 11)
	exBend                // bends into notes and slides between them (pitch bend), on a single line
)

// expressive is what each instrument does inside its notes.
var expressive = map[score.Instrument]int{
	score.Strings: exVibrato | exSwell, score.ChoirPad: exVibrato | exSwell, score.Fiddle: exVibrato | exSwell | exBend,
	score.Flute: exVibrato | exSwell, score.Sax: exVibrato | exSwell | exBend, score.Brass: exVibrato | exSwell,
	score.SawLead: exVibrato | exBend, score.SquareLead: exVibrato | exBend, score.ChipLead: exVibrato | exBend,
	score.Pad: exSwell, score.Organ: exSwell, score.Accordion: exSwell,
	score.Guitar: exBend, score.DistGuitar: exBend | exVibrato, score.Bass: exBend, score.UprightBass: exBend,
	score.SynthBass: exBend, score.Sitar: exBend,
}

// Vibrato and bend shapes.
const (
	vibDelay   = 0.3   // s after the start of a held note before vibrato sets in
	vibRise    = 0.45  // s for the vibrato to reach its depth
	vibMinNote = 0.7   // s: notes shorter than this have no vibrato
	swellMin   = 0.8   // the quietest expression of a swell (1: as written; the gain is its square)
	bendTime   = 0.09  // s for a bend into a note to reach its pitch
	pickTime   = 0.005 // s a pick's click lasts
	maxBreath  = 0.2   // s: the longest silence articulation leaves between two notes
)

// express adds the controls of a pitched track t (performed notes, on
// the clock): late vibrato on held notes, swells on sustained parts, bends
// and slides on a single line, as its instrument does them (expressive).
func (sh *shape) express(t *score.Track, r *prng.SplitMix) {
	how := expressive[t.Instrument]
	if how == 0 || len(t.Notes) == 0 {
		return
	}
	var cs []score.Control
	mono := single(t.Notes)
	if how&exSwell != 0 {
		cs = append(cs, sh.swells(t.Notes)...)
	}
	if how&exVibrato != 0 {
		cs = append(cs, sh.vibrato(t.Notes, mono, sh.vibratoScale(t.Instrument))...)
	}
	if how&exBend != 0 && mono && !glides(t.Notes) {
		cs = append(cs, sh.bends(t.Notes, r)...)
	}
	slices.SortStableFunc(cs, func(a, b score.Control) int {
		switch {
		case a.Start < b.Start:
			return -1
		case a.Start > b.Start:
			return 1
		}
		return 0
	})
	t.Controls = cs
}

// single reports whether notes are one line: no note starts before the
// previous one has ended (a pitch bend moves every sounding note).
func single(notes []score.Note) bool {
	for i := 1; i < len(notes); i++ {
		if notes[i].Start < notes[i-1].Start+notes[i-1].Length-1e-6 {
			return false
		}
	}
	return true
}

// glides reports whether a line already slides (the composer's glides:
// 808s, acid basses).
func glides(notes []score.Note) bool {
	for _, n := range notes {
		if n.Glide {
			return true
		}
	}
	return false
}

// secs is a length in clock beats in seconds.
func (sh *shape) secs(beats float64) float64 { return beats * 60 / sh.s.BPM }

// beats is a length in seconds in clock beats.
func (sh *shape) beats(secs float64) float64 { return secs * sh.s.BPM / 60 }

// vibrato is the modulation (CC 1) of held notes: none at the start, a
// rise after vibDelay to a depth that grows with the note's length, back
// to none when it ends. In a part of several lines (chords, a pad) a
// chord's notes share it.
func (sh *shape) vibrato(notes []score.Note, mono bool, scale float64) []score.Control {
	var cs []score.Control
	until := -1.0 // the end of the last vibrato
	for i, n := range notes {
		if sh.secs(n.Length) < vibMinNote || n.Start < until {
			continue
		}
		end := n.Start + n.Length
		if !mono {
			for _, m := range notes[i+1:] {
				if m.Start > n.Start+1e-6 {
					end = min(end, m.Start)
					break
				}
			}
		}
		if sh.secs(end-n.Start) < vibMinNote {
			continue
		}
		depth := scale * min(0.65, 0.3+0.1*sh.secs(end-n.Start))
		from := n.Start + sh.beats(vibDelay)
		for k := 1; k <= 3; k++ {
			at := from + sh.beats(vibRise*float64(k)/3)
			if at >= end {
				break
			}
			cs = append(cs, score.Control{Start: at, Kind: score.Modulation, Value: depth * float64(k) / 3})
		}
		cs = append(cs, score.Control{Start: end, Kind: score.Modulation, Value: 0})
		until = end
	}
	return cs
}

// vibratoScale scales the vibrato's depth of an instrument in this
// style. A classical string section's players vibrate a few cents each,
// out of step: the section takes a fifth of the depth (at most 7 cents of
// a General MIDI bank's 50 at full modulation, whose LFO runs at 8.2 Hz).
// At the full depth the section's level beat with it and tempo trackers
// counted the beat (classical at 85 bpm heard at 153-158 by aubio and
// 230 by bpm-tools over 40-240). A slow cinematic piece's choir (under 95
// bpm, style.SlowCinematic) takes a fifth too: its held chords beat
// at the LFO's rate, three cycles about an eighth at 85 bpm, and aubio
// left the beat for them in the breakdown and outro (slow cinematic
// strings seed 2 heard at 99.9 for 85, 86.4 with a fifth). A trailer keeps
// the full depth: at a fifth aubio heard trailer seed 1 at 113.9 for 102.
func (sh *shape) vibratoScale(in score.Instrument) float64 {
	if in == score.Strings && sh.s.Genre == "classical" {
		return 0.2
	}
	if in == score.ChoirPad && style.SlowCinematic(sh.s.Genre, sh.s.BPM) {
		return 0.2
	}
	return 1
}

// swells is the expression (CC 11) of a sustained part: each phrase
// swells toward a little past its middle and eases into its end, a
// half-bar step at a time; a note held over a bar or more swells inside
// itself (messa di voce).
func (sh *shape) swells(notes []score.Note) []score.Control {
	var cs []score.Control
	step := sh.bpb / 2
	first, last := notes[0].Start, notes[len(notes)-1].Start+notes[len(notes)-1].Length
	for b := math.Floor(first/step) * step; b < last; b += step {
		_, x := sh.phrase(b)
		v := swellMin + (1-swellMin)*math.Sin(math.Pi*math.Pow(x, 0.8))
		cs = append(cs, score.Control{Start: max(0, b), Kind: score.Expression, Value: v})
	}
	cs = append(cs, score.Control{Start: last, Kind: score.Expression, Value: 1})
	return cs
}

// bends are the pitch bends of a single line: a note reached by a leap of
// three semitones or more, held, is sometimes bent up into from a
// semitone below (a scoop; from a whole tone on a blue note); a step of up
// to four semitones between notes that touch is sometimes a slide. Each
// returns to the written pitch within bendTime.
func (sh *shape) bends(notes []score.Note, r *prng.SplitMix) []score.Control {
	var cs []score.Control
	blue := sh.f.Clave == 0 && (sh.s.Genre == "blues" || sh.s.Genre == "soul" || sh.s.Genre == "gospel" || sh.s.Genre == "funk" || sh.s.Genre == "r&b")
	for i := 1; i < len(notes); i++ {
		n, prev := notes[i], notes[i-1]
		step := n.Pitch - prev.Pitch
		touch := n.Start-(prev.Start+prev.Length) < sh.beats(0.03)
		var from float64
		switch {
		case touch && step != 0 && abs(step) <= 4 && r.Float64() < 0.3:
			from = float64(-step) // a slide from the previous note
		case abs(step) >= 3 && sh.secs(n.Length) >= 0.3 && r.Float64() < 0.35:
			from = -1 // a scoop
			if blue && r.Float64() < 0.5 {
				from = -2
			}
		default:
			continue
		}
		t := min(sh.beats(bendTime), n.Length/2)
		cs = append(cs,
			score.Control{Start: n.Start, Kind: score.Bend, Value: from},
			score.Control{Start: n.Start + t/3, Kind: score.Bend, Value: from * 0.45},
			score.Control{Start: n.Start + 2*t/3, Kind: score.Bend, Value: from * 0.12},
			score.Control{Start: n.Start + t, Kind: score.Bend, Value: 0})
	}
	return cs
}

func abs(x int) int { return max(x, -x) }

// articulate sets the lengths of a single line's notes (lead, arp, bass)
// by phrase position and style, on the written grid: notes the composer
// held to the next (its written gate) are played legato (slurred inside a
// phrase, held at its end), portato or staccato; a note before a repeated
// pitch is detached. A note followed by a rest keeps its written length.
// Programmed styles gate by the step's place in the bar, the same every
// bar, as a sequencer does.
func (sh *shape) articulate(written, played []score.Note, pt part, r *prng.SplitMix) {
	legato := sh.f.Rubato >= RitardRubato || sh.f.PhraseTempo > 0
	for i, n := range written {
		if i+1 >= len(written) {
			break
		}
		next := written[i+1]
		gap := next.Start - n.Start
		if gap <= 1e-6 || n.Length < 0.85*gap || n.Length > gap+1e-6 {
			continue // a rest after it, or written to overlap
		}
		_, x := sh.phrase(n.Start)
		_, xn := sh.phrase(next.Start)
		var g float64
		switch {
		case sh.f.Programmed:
			g = stepGate(n.Start, gap)
		case xn < x: // the phrase's last note: held
			g = 0.97 + 0.03*r.Float64()
		case legato:
			g = 0.86 + 0.14*r.Float64()
			if gap <= 0.5 && r.Float64() < 0.3 {
				g = 0.7 + 0.1*r.Float64() // portato
			}
		case gap <= 0.5 && !sh.onBeat(n.Start) && r.Float64() < 0.5:
			g = 0.45 + 0.15*r.Float64() // staccato off-beats
		case gap <= 0.5:
			g = 0.65 + 0.2*r.Float64()
		default:
			g = 0.8 + 0.2*r.Float64()
		}
		if next.Pitch == n.Pitch {
			g = min(g, 0.8)
		}
		if pt == partBass && !sh.f.Programmed {
			g = max(g, 0.7)
		}
		// A detached note leaves at most maxBreath of silence (less, at
		// random: a long note's release is not measured).
		breath := maxBreath * (0.25 + 0.75*r.Float64())
		end := max(sh.clock(n.Start+g*gap), sh.clock(next.Start)-sh.beats(breath))
		played[i].Length = max(sh.beats(0.03), end-sh.clock(n.Start))
	}
}

// stepGate is a sequencer's gate for a step at b lasting gap beats:
// longer on the beat, shorter off it, the same every bar.
func stepGate(b, gap float64) float64 {
	fr := b - math.Floor(b)
	switch {
	case gap >= 1:
		return 0.98
	case isZero(fr):
		return 0.9
	case isZero(fr - 0.5):
		return 0.62
	}
	return 0.45
}

// expressOnly returns a programmed style's score with its single lines
// gated and its parts' controls added: its timing and dynamics stay as
// programmed.
func expressOnly(s *score.Score, f style.Feel) *score.Score {
	out := *s
	out.Tracks = slices.Clone(s.Tracks)
	sh := newShape(s, f)
	for i := range out.Tracks {
		t := &out.Tracks[i]
		if t.Role == score.RoleFX || len(t.Notes) == 0 {
			continue
		}
		r := stream(s.Seed, "express/"+t.Name)
		t.Notes = slices.Clone(t.Notes)
		if pt := partOfRole(t.Role); pt == partLead || pt == partArp || pt == partBass {
			if single(s.Tracks[i].Notes) {
				sh.articulate(s.Tracks[i].Notes, t.Notes, pt, r)
			}
		}
		sh.express(t, r)
		sh.noises(t, stream(s.Seed, "noise/"+t.Name))
	}
	return &out
}
