package edit

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/songsmith/songsmith/internal/score"
)

// Curve is the energy a request draws (issue 31 item 1): one value per
// section label, or points along the song; values are 0..1. A section's
// energy is its label's value ("verse 2", as Labels names it), else its
// name's ("verse" sets every verse), or the curve's value at the middle of the section (points
// joined by straight lines, flat before the first and after the last).
// Sections the curve does not name keep the composer's energy.
type Curve struct {
	Sections map[string]float64 // label -> energy
	Points   []Point            // in order of time
}

// Point is one point of a drawn curve: at Bar (1-based, fractions allowed)
// or at At seconds from the start, the energy Value.
type Point struct {
	Bar   float64 // 0: the point gives At
	At    float64
	Value float64
}

// MarshalJSON writes the point as a request gives it: bar or at, value.
func (p Point) MarshalJSON() ([]byte, error) {
	if p.Bar > 0 {
		return json.Marshal(struct {
			Bar   float64 `json:"bar"`
			Value float64 `json:"value"`
		}{p.Bar, p.Value})
	}
	return json.Marshal(struct {
		At    float64 `json:"at"`
		Value float64 `json:"value"`
	}{p.At, p.Value})
}

// ParseCurve reads a curve from its JSON: an object of labels to values or
// an array of points. A value outside 0..1, a point with neither or both
// of bar and at, or points out of order is an error whose message is for
// the user.
func ParseCurve(raw []byte) (*Curve, error) {
	raw = bytes.TrimSpace(raw)
	c := &Curve{}
	switch {
	case len(raw) > 0 && raw[0] == '{':
		if err := json.Unmarshal(raw, &c.Sections); err != nil {
			return nil, fail("'energy' must map section labels to numbers from 0 to 1.")
		}
		for label, v := range c.Sections {
			if !(v >= 0 && v <= 1) || strings.TrimSpace(label) == "" {
				return nil, fail("'energy' must map section labels to numbers from 0 to 1.")
			}
		}
		return c, nil
	case len(raw) > 0 && raw[0] == '[':
		var pts []map[string]float64
		if err := json.Unmarshal(raw, &pts); err != nil || len(pts) == 0 {
			return nil, fail(`'energy' must be an array of points such as {"bar": 1, "value": 0.2}.`)
		}
		for i, m := range pts {
			p, err := point(m)
			if err != nil {
				return nil, err
			}
			if i > 0 && (p.Bar > 0) != (c.Points[0].Bar > 0) {
				return nil, fail("'energy' points must all give 'bar' or all give 'at'.")
			}
			if i > 0 && p.Bar+p.At < c.Points[i-1].Bar+c.Points[i-1].At {
				return nil, fail("'energy' points must be in order of time.")
			}
			c.Points = append(c.Points, p)
		}
		return c, nil
	}
	return nil, fail(`'energy' must be an object such as {"verse": 0.4, "chorus": 1} or an array of points.`)
}

// ReadCurve reads a curve from the canonical JSON a recipe keeps (JSON),
// checking only its form: a recipe's bounds are checked before.
func ReadCurve(raw []byte) (*Curve, error) {
	raw = bytes.TrimSpace(raw)
	c := &Curve{}
	if len(raw) > 0 && raw[0] == '{' {
		return c, json.Unmarshal(raw, &c.Sections)
	}
	var pts []map[string]float64
	if err := json.Unmarshal(raw, &pts); err != nil {
		return nil, err
	}
	c.Points = []Point{}
	for _, m := range pts {
		c.Points = append(c.Points, Point{Bar: m["bar"], At: m["at"], Value: m["value"]})
	}
	return c, nil
}

// point is one point of a curve's JSON.
func point(m map[string]float64) (Point, error) {
	v, okV := m["value"]
	bar, okB := m["bar"]
	at, okA := m["at"]
	switch {
	case !okV || !(v >= 0 && v <= 1):
		return Point{}, fail("each 'energy' point needs a 'value' from 0 to 1.")
	case okB == okA:
		return Point{}, fail("each 'energy' point needs either 'bar' (from 1) or 'at' (seconds).")
	case okB && !(bar >= 1 && bar <= 10000):
		return Point{}, fail("an 'energy' point's 'bar' must be from 1.")
	case okA && !(at >= 0 && at <= 3600):
		return Point{}, fail("an 'energy' point's 'at' must be from 0 seconds.")
	case len(m) != 2:
		return Point{}, fail("an 'energy' point has only 'bar' or 'at', and 'value'.")
	}
	return Point{Bar: bar, At: at, Value: v}, nil
}

// JSON is the curve's canonical JSON (what a recipe keeps).
func (c *Curve) JSON() json.RawMessage {
	var b []byte
	if c.Points != nil {
		b, _ = json.Marshal(c.Points)
	} else {
		b, _ = json.Marshal(c.Sections)
	}
	return b
}

// at is the curve's value at beat b of s (ok false: the curve has no points).
func (c *Curve) at(s *score.Score, b float64) (float64, bool) {
	if len(c.Points) == 0 {
		return 0, false
	}
	x := func(p Point) float64 {
		if p.Bar > 0 {
			return (p.Bar - 1) * float64(max(s.BeatsPerBar, 1))
		}
		return p.At * s.BPM / 60
	}
	ps := c.Points
	if b <= x(ps[0]) {
		return ps[0].Value, true
	}
	for i := 1; i < len(ps); i++ {
		if x0, x1 := x(ps[i-1]), x(ps[i]); b <= x1 {
			if x1-x0 < 1e-9 {
				return ps[i].Value, true
			}
			return ps[i-1].Value + (ps[i].Value-ps[i-1].Value)*(b-x0)/(x1-x0), true
		}
	}
	return ps[len(ps)-1].Value, true
}

// Levels is the energy the curve gives each section of s, and whether the
// curve sets it (false: the section keeps its composed energy).
func (c *Curve) Levels(s *score.Score) ([]float64, []bool) {
	bpb := float64(max(s.BeatsPerBar, 1))
	levels, set := make([]float64, len(s.Sections)), make([]bool, len(s.Sections))
	labels := Labels(s)
	for i, sec := range s.Sections {
		levels[i] = sec.Energy
		if v, ok := c.at(s, sec.StartBeat+float64(sec.Bars)*bpb/2); ok {
			levels[i], set[i] = v, true
		} else if v, ok := c.Sections[labels[i]]; ok {
			levels[i], set[i] = v, true
		} else if v, ok := c.Sections[sec.Name]; ok {
			levels[i], set[i] = v, true
		}
	}
	return levels, set
}

// Energy returns s arranged to the curve c: every section the curve sets
// plays at its energy (shape), with a fill and a crash into every rise of
// 0.15 or more (rises), ghost notes from ghostFrom, the drums played
// through the end of a curve that ends at endsOnFrom or more, and its
// Section.Energy says so.
func Energy(s *score.Score, c *Curve) *score.Score {
	out := Clone(s)
	levels, set := c.Levels(out)
	bpb := float64(max(out.BeatsPerBar, 1))
	kit := hasKit(out)
	for i := range out.Sections {
		if !set[i] {
			continue
		}
		sec := &out.Sections[i]
		from, to := sec.StartBeat, sec.StartBeat+float64(sec.Bars)*bpb
		if levels[i] >= drumsIn {
			bringDrums(out, from, to)
		}
		if levels[i] >= 0.6 {
			bringBass(out, *sec, levels[i])
		}
		shape(out, from, to, levels[i])
		if !kit && levels[i] >= pulseFrom {
			pulse(out, from, to, levels[i])
		}
		if levels[i] < cleanBelow {
			playClean(out, from, to)
		}
		sec.Energy = levels[i]
	}
	if n := len(out.Sections); n > 0 && set[n-1] && levels[n-1] >= endsOnFrom {
		playThrough(out, s, out.Sections[n-1].StartBeat, out.SectionEnd(n-1))
	}
	balance(out, levels, set)
	rs := rises(out, levels, set)
	order(out, levels, set, rs)
	ghosts(out, levels, set)
	out.EnergyDrawn = true
	if n := len(out.Sections); n > 0 {
		if set[0] && levels[0] >= 0.5 {
			out.FadeIn = 0 // a loud start starts at once
		}
		if set[n-1] && levels[n-1] >= 0.5 {
			out.FadeOut = min(out.FadeOut, 1.5)
		}
	}
	for _, r := range rs {
		if kit {
			riseInto(out, r)
		} else {
			swellInto(out, r.at, r.span)
		}
	}
	return out
}

// slices of energy: below these the parts leave.
const (
	drumsIn  = 0.5  // from here drums play even where the composer had none
	drumsOut = 0.3  // drums play from here
	arpOut   = 0.45 // the arp plays from here
	leadSoft = 0.35 // below here the bass thins too
)

// shape sets the notes and hits in [from, to) to energy e: velocities
// scale by 0.25..1.3 (the lead by 0.6..1.1), parts leave below drumsOut
// and arpOut, weak notes of the accompaniment thin out below 0.55 (the
// bass's too below 0.35; below 0.4 the off-beats, below 0.25 all but the
// downbeats and mid-bar), held chords restrike (from 0.8 on the
// off-beats too) and hats fill the eighths from 0.6; below calmBelow the
// drums play a calm groove (thinDrums) and the lead's notes off the beat
// join the note before them. Hats never fill the
// sixteenths: an even stream of them sounds (and measures) less busy than
// accented eighths. Below hatsCloseBelow (0.6) the hats play closed, the
// crashes after a section's first hit play softer, and the top of the
// curve does not double the chords an octave up (energyheard.go).
func shape(s *score.Score, from, to, e float64) {
	in := func(b float64) bool { return b >= from-1e-9 && b < to-1e-9 }
	drop := -1
	switch {
	case e < 0.25:
		drop = weightBeat
	case e < 0.4:
		drop = weightEighth
	case e < 0.55:
		drop = weightSixteenth
	}
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		shapeTrack(t, s, in, e, drop)
		g := 0.25 + 1.05*e
		if t.Role == score.RoleLead {
			g = 0.6 + 0.5*e
		}
		scaleTrack(t, in, g)
	}
}

// shapeTrack is shape's arrangement of one part: parts out, thinning
// (notes of weight drop or less go), restrikes, doubling and hats.
func shapeTrack(t *score.Track, s *score.Score, in func(float64) bool, e float64, drop int) {
	bpb := max(s.BeatsPerBar, 1)
	out := (t.Instrument == score.Drums && e < drumsOut) || (t.Role == score.RoleArp && e < arpOut)
	t.Hits = slices.DeleteFunc(t.Hits, func(h score.Hit) bool {
		return in(h.Start) && (out || isHat(h.Drum) && Weight(h.Start, bpb) <= min(drop, weightEighth))
	})
	thin := accompanies(t.Role) || t.Role == score.RoleBass && e < leadSoft
	t.Notes = slices.DeleteFunc(t.Notes, func(n score.Note) bool {
		return in(n.Start) && (out || thin && Weight(n.Start, bpb) <= drop)
	})
	if t.Role == score.RoleLead && e < calmBelow {
		t.Notes = joinLead(t.Notes, func(b float64) bool { return in(b) && Weight(b, bpb) < weightBeat })
	}
	if e >= 0.6 && accompanies(t.Role) {
		t.Notes = restrikeIn(t.Notes, in, e >= 0.8)
	}
	if t.Instrument != score.Drums {
		return
	}
	thinDrums(t, in, bpb, e)
	rideCrashesSoft(t, in)
	if e < hatsCloseBelow {
		closeHats(t, in)
	}
	if e >= 0.6 {
		filled := fillHats(t.Hits, s.TotalBeats, bpb, false)
		t.Hits = slices.DeleteFunc(filled, func(h score.Hit) bool { return !in(h.Start) && !slices.Contains(t.Hits, h) })
	}
}

// scaleTrack multiplies the velocities of t's notes and hits in the range
// by g, within 0.02..1.
func scaleTrack(t *score.Track, in func(float64) bool, g float64) {
	for k := range t.Notes {
		if in(t.Notes[k].Start) {
			t.Notes[k].Velocity = min(max(t.Notes[k].Velocity*g, 0.02), 1)
		}
	}
	for k := range t.Hits {
		if in(t.Hits[k].Start) {
			t.Hits[k].Velocity = min(max(t.Hits[k].Velocity*g, 0.02), 1)
		}
	}
}

// restrikeIn restrikes the held notes that start in the range (restrike).
func restrikeIn(notes []score.Note, in func(float64) bool, eighths bool) []score.Note {
	var keep, held []score.Note
	for _, n := range notes {
		if in(n.Start) {
			held = append(held, n)
		} else {
			keep = append(keep, n)
		}
	}
	keep = append(keep, restrike(held, eighths)...)
	slices.SortStableFunc(keep, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	return keep
}

// crashSoft is the crash's share of the accent on a rise's downbeat.
const crashSoft = 0.3

// riseInto writes a fill (r) into the section starting at beat r.at: a
// snare roll over r.span beats, a stroke every r.step beats, growing
// louder, and a soft crash with the kick on the downbeat (Energy calls it
// in songs with a kit; a song without drums gets a drum track for them).
func riseInto(s *score.Score, r rise) {
	at := r.at
	if at < 1 {
		return
	}
	ti := slices.IndexFunc(s.Tracks, func(t score.Track) bool { return t.Instrument == score.Drums })
	if ti < 0 {
		s.Tracks = append(s.Tracks, score.Track{Name: "riser", Instrument: score.Drums, Role: score.RoleDrums,
			Part: score.PartHits, Kit: score.KitOrchestral})
		ti = len(s.Tracks) - 1
	}
	t := &s.Tracks[ti]
	start := max(at-r.span, 0)
	t.Hits = slices.DeleteFunc(t.Hits, func(h score.Hit) bool { return h.Start >= start && h.Start < at })
	n := int(math.Round(r.span / r.step))
	for k := 0; k < n; k++ {
		v := 0.35 + 0.6*float64(k+1)/float64(n)
		t.Hits = append(t.Hits, score.Hit{Start: start + float64(k)*r.step, Drum: score.Snare, Velocity: v})
	}
	// The crash is soft: its long wash at full strength would cover the
	// section's first bars (what an ear, or an onset detector, hears of
	// its rhythm); the kick carries the accent.
	t.Hits = append(t.Hits, score.Hit{Start: at, Drum: score.Crash, Velocity: crashSoft * (0.6 + 0.35*r.e)},
		score.Hit{Start: at, Drum: score.Kick, Velocity: 0.9})
	slices.SortStableFunc(t.Hits, func(a, b score.Hit) int { return cmp.Compare(a.Start, b.Start) })
}

// bringDrums gives a section whose drums play less than half as densely
// as the song's groove bar that bar, in every bar of [from, to) (parts
// come in with energy); the section's own crashes stay. The groove bar is
// the bar the drums play most often (of those at least half as dense as
// the densest), not a fill.
func bringDrums(s *score.Score, from, to float64) {
	bpb := float64(max(s.BeatsPerBar, 1))
	in := func(h score.Hit) bool { return h.Start >= from-1e-9 && h.Start < to-1e-9 }
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		if t.Instrument != score.Drums {
			continue
		}
		best, dense := grooveBar(t.Hits, bpb)
		here := 0
		for _, h := range t.Hits {
			if in(h) {
				here++
			}
		}
		if best < 0 || float64(here)/((to-from)/bpb) >= float64(dense)/2 {
			continue
		}
		var bar []score.Hit
		for _, h := range t.Hits {
			if int(h.Start/bpb) == best && h.Drum != score.Crash {
				h.Start -= float64(best) * bpb
				bar = append(bar, h)
			}
		}
		t.Hits = slices.DeleteFunc(t.Hits, func(h score.Hit) bool { return in(h) && h.Drum != score.Crash })
		for at := from; at < to-1e-9; at += bpb {
			for _, h := range bar {
				h.Start += at
				t.Hits = append(t.Hits, h)
			}
		}
		slices.SortStableFunc(t.Hits, func(a, b score.Hit) int { return cmp.Compare(a.Start, b.Start) })
	}
}

// grooveBar is the bar of hits the drums play most often (a pattern of
// drums at positions, crashes left out) among the bars at least half as
// dense as the densest, the denser and then the earlier on a tie (-1:
// none), and the densest bar's number of hits.
func grooveBar(hits []score.Hit, bpb float64) (best, dense int) {
	count, pattern := map[int]int{}, map[int]string{}
	for _, h := range hits {
		b := int(h.Start / bpb)
		count[b]++
		if h.Drum != score.Crash {
			pattern[b] += fmt.Sprintf("%s@%.3f ", h.Drum, h.Start-float64(b)*bpb)
		}
	}
	for _, n := range count {
		dense = max(dense, n)
	}
	often := map[string]int{}
	for b, n := range count {
		if 2*n >= dense {
			often[pattern[b]]++
		}
	}
	best = -1
	for b, n := range count {
		if 2*n < dense {
			continue
		}
		if best < 0 {
			best = b
			continue
		}
		o, ob := often[pattern[b]], often[pattern[best]]
		if o > ob || o == ob && (n > count[best] || n == count[best] && b < best) {
			best = b
		}
	}
	return best, dense
}
