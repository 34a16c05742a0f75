package form

import (
	"cmp"
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// Transitions: how parts enter and leave at section changes, written
// after the parts (see docs/engine-composition.md, "Transitions").
//
// planEdges marks, before the parts are written, where the intro's parts
// enter, which section downbeats the band anticipates (push) and where a
// cymbal swell rises (riser); the drummer writes pickups, fills, swells
// and crashes from these marks (writeDrums). edges then reworks the
// pitched parts at every section change: a bass that enters plays a
// pickup into the downbeat, chords that enter or are pushed come in an
// eighth early, a pad that enters swells in on the tones it shares with
// the chord before, and a bass or chord part that stops lands the new
// downbeat before it rests.

// PushFamilies are the style families whose bands anticipate a section's
// downbeat (a chord and bass note an eighth early), and how often: at a
// change into a section with more energy, and at any other change.
var PushFamilies = map[string][2]float64{
	"pop": {0.6, 0.2}, "rock": {0.6, 0.25}, "soul": {0.7, 0.3}, "latin": {0.8, 0.4}, "world": {0.6, 0.25},
	"folk": {0.4, 0.15}, "jazz": {0.6, 0.3}, "urban": {0.4, 0.1}, "holiday": {0.5, 0.2},
}

// bandFamilies are the families whose bass and chord players land the
// next downbeat when they stop (a button) instead of stopping on the bar
// line.
var bandFamilies = map[string]bool{"pop": true, "rock": true, "soul": true, "latin": true, "world": true,
	"folk": true, "jazz": true, "urban": true, "holiday": true}

// PlanEdges sets the sections' transition marks (see section.enter,
// push, riser).
func PlanEdges(secs []Section, prof genre.Profile, seed uint64) {
	r := harmony.NewRNG(seed, "edges")
	fam := prof.Style.Family
	electronic := fam == "electronic" || prof.Form == genre.FormDance
	for i := range secs {
		s := &secs[i]
		if s.Name == "intro" && s.Bars >= 2 && s.On[LayerChords] && s.On[LayerPad] {
			// The intro builds in: the chords first, the pad joins
			// halfway (swelling in, see edges).
			s.Enter[LayerPad] = s.Bars / 2
		}
		if i == 0 {
			continue
		}
		prev := &secs[i-1]
		up := s.Energy > prev.Energy+1e-9
		if p, ok := PushFamilies[fam]; ok && !s.Build && s.Name != "outro" {
			chance := p[1]
			if up {
				chance = p[0]
			}
			s.Push = r.Chance(chance)
		}
		if electronic && up && s.On[LayerDrums] && (s.Name == "drop" || s.Name == "chorus") {
			s.Riser = true
		}
	}
}

// Edges reworks the pitched parts at every section change before beat
// limit (a loop's end), see the comment at the top of this file.
// Bass pickups, pushes and buttons are for live bands (bandFamilies, not
// programmed: style.Feel): a sequenced bass loop, an orchestral or an
// ambient drone bass stops and starts on the grid (an 808 pickup into a
// phonk drop made bpm-tools hear 259 bpm instead of 155).
func Edges(s *score.Score, secs []Section, k harmony.Key, limit float64, family string, programmed bool) {
	_, pushes := PushFamilies[family]
	e := edger{s: s, secs: secs, k: k, family: family, programmed: programmed,
		band: bandFamilies[family] && !programmed, pushes: pushes && !programmed,
		eighth: 0.5} // the push: an eighth early (a third of a beat in compound meter)
	if s.Subdivision == 3 {
		e.eighth = 1.0 / 3
	}
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		l, ok := edgeLayer(t)
		if !ok {
			continue
		}
		changed := false
		for i := 1; i < len(secs); i++ {
			if secs[i].StartBeat >= limit-1e-9 {
				break
			}
			if e.edge(t, l, i) {
				changed = true
			}
		}
		if changed {
			slices.SortStableFunc(t.Notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
		}
	}
}

// edger writes the edges of one song (Edges).
type edger struct {
	s            *score.Score
	secs         []Section
	k            harmony.Key
	family       string
	programmed   bool
	band, pushes bool
	eighth       float64
}

// edgeLayer returns the layer of a track whose edges are written: the
// bass, and the band's own chords, pad and arpeggio.
func edgeLayer(t *score.Track) (Layer, bool) {
	switch {
	case t.Role == score.RoleBass:
		return LayerBass, true
	case t.Role == score.RoleChords && t.Name == TrackName(LayerChords, t.Instrument):
		return LayerChords, true
	case t.Role == score.RolePad && t.Name == TrackName(LayerPad, t.Instrument):
		return LayerPad, true
	case t.Role == score.RoleArp && t.Name == TrackName(LayerArp, t.Instrument):
		return LayerArp, true
	}
	return 0, false
}

// edge writes track t's edge into section i; it reports whether notes
// were added or moved (tieOver only shortens and lengthens).
func (e *edger) edge(t *score.Track, l Layer, i int) bool {
	s, k := e.s, e.k
	prev, sec := &e.secs[i-1], &e.secs[i]
	at := sec.StartBeat
	beats := float64(sec.Beats)
	// No pushes into the final cadence (its last two bars
	// follow their chords on the beat) nor out of a bar that
	// changes chord inside (its second chord sounds to its end).
	canPush := e.pushes && at < s.TotalBeats-2*beats-1e-9 && prev.BarAt(prev.Bars-1).Split == 0
	before := soundsIn(t.Notes, at-beats, at-1)
	after := soundsIn(t.Notes, at, at+beats)
	down := startsAt(t.Notes, at)
	switch {
	case !before && len(down) > 0:
		return e.entry(t, l, prev, sec, down, canPush)
	case before && len(down) > 0 && sec.Push && canPush && (l == LayerChords || l == LayerBass && e.family != "jazz"):
		t.Notes = pushInto(t.Notes, down, at, SwingOf(s).Pos(at-e.eighth))
		return true
	case before && !after && l == LayerPad:
		// A pad that stops holds the tones the next chord
		// shares over the bar line, dying away.
		tieOver(t.Notes, at, 1, sec.BarAt(0).C.PCs(k))
	case before && !after && (e.band || l == LayerArp && !e.programmed) && i < len(e.secs)-1:
		t.Notes = button(t.Notes, l, t.Instrument, k, sec.BarAt(0).C, at)
		return true
	}
	return false
}

// entry writes how a part entering at section sec comes in: a live bass
// by a pickup, chords pushed an eighth early, a pad swelling in.
func (e *edger) entry(t *score.Track, l Layer, prev, sec *Section, down []int, canPush bool) bool {
	s, k, at := e.s, e.k, sec.StartBeat
	switch l {
	case LayerBass:
		if !e.band {
			return false
		}
		t.Notes = bassPickup(t.Notes, k, down[0], at, SwingOf(s).Pos(at-e.eighth), sec.Energy)
	case LayerChords:
		if !canPush {
			return false
		}
		anticipate(t.Notes, down, SwingOf(s).Pos(at-e.eighth))
	case LayerPad:
		t.Notes = padSwell(t.Notes, down, at, 1, prevChord(prev, k), sec.BarAt(0).C.PCs(k))
	default:
		return false
	}
	return true
}

// soundsIn reports whether a note starts in [from, to).
func soundsIn(notes []score.Note, from, to float64) bool {
	for _, n := range notes {
		if n.Start >= from-1e-9 && n.Start < to-1e-9 {
			return true
		}
	}
	return false
}

// startsAt returns the indexes of the notes starting at beat at.
func startsAt(notes []score.Note, at float64) []int {
	var out []int
	for i, n := range notes {
		if math.Abs(n.Start-at) < 1e-6 {
			out = append(out, i)
		}
	}
	return out
}

// prevChord returns the pitch classes of the chord that ends section s.
func prevChord(s *Section, k harmony.Key) []int {
	h := s.BarAt(s.Bars - 1)
	if h.Split > 0 {
		return h.C2.PCs(k)
	}
	return h.C.PCs(k)
}

// anticipate moves the notes down (all starting on a downbeat) to beat
// push, an eighth early, keeping their ends.
func anticipate(notes []score.Note, down []int, push float64) {
	for _, i := range down {
		notes[i].Length += notes[i].Start - push
		notes[i].Start = push
	}
}

// pushInto anticipates the downbeat at in a part that plays on through
// the change: notes sounding into the push stop there, notes starting
// between the push and the downbeat are dropped, and the downbeat's notes
// start at the push.
func pushInto(notes []score.Note, down []int, at, push float64) []score.Note {
	isDown := map[int]bool{}
	for _, i := range down {
		isDown[i] = true
	}
	out := notes[:0]
	for i, n := range notes {
		switch {
		case isDown[i]:
			n.Length += n.Start - push
			n.Start = push
		case n.Start >= push-1e-9 && n.Start < at-1e-9:
			continue
		case n.Start < push && n.Start+n.Length > push:
			n.Length = push - n.Start
		}
		out = append(out, n)
	}
	return out
}

// bassPickup adds the notes a bass leads into its first downbeat with:
// a scale step below the note on the last beat, or, in a lively section,
// the fifth below on the beat and the step on its last eighth (beat e).
func bassPickup(notes []score.Note, k harmony.Key, first int, at, e, energy float64) []score.Note {
	target := notes[first]
	v := target.Velocity * 0.8
	step := harmony.Approach(k, target.Pitch, target.Pitch-1)
	if energy < 0.6 {
		return append(notes, score.Note{Start: at - 1, Length: 0.9, Pitch: step, Velocity: v})
	}
	low := target.Pitch - 5
	if low < 28 {
		low = target.Pitch + 7
	}
	return append(notes, score.Note{Start: at - 1, Length: e - (at - 1) - 0.05, Pitch: low, Velocity: v},
		score.Note{Start: e, Length: at - e - 0.02, Pitch: step, Velocity: v * 0.9})
}

// padSwell lets a pad entering at beat at swell in over lead beats: the
// tones of its first chord (the notes down) that the chord before shares
// sound softly from there to the downbeat.
func padSwell(notes []score.Note, down []int, at, lead float64, before, after []int) []score.Note {
	for _, i := range down {
		n := notes[i]
		if !slices.Contains(before, n.Pitch%12) || !slices.Contains(after, n.Pitch%12) {
			continue
		}
		notes = append(notes, score.Note{Start: at - lead, Length: lead, Pitch: n.Pitch, Velocity: n.Velocity * 0.45})
	}
	return notes
}

// tieOver lets the notes of a part that end on the bar line at and whose
// pitch class the next chord (pcs) shares ring on for hold beats.
func tieOver(notes []score.Note, at, hold float64, pcs []int) {
	for i := range notes {
		n := &notes[i]
		if math.Abs(n.Start+n.Length-at) < 1e-6 && slices.Contains(pcs, n.Pitch%12) {
			n.Length += hold
		}
	}
}

// button lands the downbeat at of the section a bass or chord part stops
// in: the bass on the new chord's root, the chords on a short stab of it.
func button(notes []score.Note, l Layer, inst score.Instrument, k harmony.Key, c harmony.Chord, at float64) []score.Note {
	v := 0.55
	var prev []int
	for _, n := range notes {
		if n.Start < at && n.Start >= at-4 {
			v = n.Velocity
			if l == LayerChords {
				prev = append(prev, n.Pitch)
			}
		}
	}
	switch l {
	case LayerBass:
		return append(notes, score.Note{Start: at, Length: 1, Pitch: c.RootPitch(k, harmony.BassRange(inst)), Velocity: v * 0.9})
	case LayerArp:
		return append(notes, score.Note{Start: at, Length: 1, Pitch: c.RootPitch(k, 66), Velocity: v * 0.9})
	}
	if len(prev) > 4 {
		prev = prev[len(prev)-4:]
	}
	for _, p := range harmony.Voice(c.PCs(k), harmony.CompCenter(inst), prev) {
		notes = append(notes, score.Note{Start: at, Length: 0.5, Pitch: p, Velocity: v * 0.85})
	}
	return notes
}
