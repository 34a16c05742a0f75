package edit

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// A hit point closer to the one before than MinHitBars bars may not land
// on a downbeat by tempo alone: the stretch before it then also takes one
// bar of another length, as a film composer writes a 2/4 or 5/4 bar into
// a cue. Counting beats instead of bars, a stretch of at least
// MinHitBeats beats always lands within MaxTempoShift.

// MinHitBeats is the least distance, in beats at the song's tempo,
// between a hit and the one before (or the start) that always lands on a
// downbeat within the range, with one odd bar: half a beat of rounding is
// at most MaxTempoShift of it.
const MinHitBeats = 0.5 / MaxTempoShift

// oddRange is how many beats an odd bar may add to or take from a bar of
// bpb beats: in 4/4 a 2/4, 3/4 or 5/4 bar (-2 to +1), in 3/4 a 2/4 or 4/4
// bar, in 6/8 a 3/8 bar.
func oddRange(bpb int) (lo, hi int) { return -(bpb / 2), bpb - 1 - bpb/2 }

// landBeats is the beats n (least..most) and tempo whose n beats last
// nearest span seconds, the tempo within MaxTempoShift of bpm.
func landBeats(span, bpm float64, least, most int) (int, float64) {
	beat := 60 / bpm
	best, bestT := least, 0.0
	for i, n := range []int{int(math.Round(span / beat)), int(math.Floor(span / beat)), int(math.Ceil(span / beat))} {
		n = min(max(n, least), most)
		t := bpm * float64(n) * beat / max(span, 1e-9)
		if i == 0 || math.Abs(t/bpm-1) < math.Abs(bestT/bpm-1) {
			best, bestT = n, t
		}
	}
	return best, min(max(bestT, bpm*(1-MaxTempoShift)), bpm*(1+MaxTempoShift))
}

// stretch is where the hit point after written beat from lands, span
// seconds later, with rest beats of the song left: the beats to it, the
// tempo, and the change d of its last bar (0: whole bars).
func stretch(s *score.Score, span float64, rest int) (beats int, bpm float64, d int) {
	bpb := max(s.BeatsPerBar, 1)
	n, bpm := landing(span, float64(bpb)*60/s.BPM, s.BPM, rest/bpb)
	if lands(n*bpb, bpm, span) || bpb == 1 {
		return n * bpb, bpm, 0
	}
	lo, hi := oddRange(bpb)
	m, t := landBeats(span, s.BPM, bpb+lo, (rest/bpb)*bpb+hi)
	if math.Abs(float64(m)*60/t-span) >= math.Abs(float64(n*bpb)*60/bpm-span) {
		return n * bpb, bpm, 0
	}
	d = m % bpb
	if d > hi {
		d -= bpb
	}
	return m, t, d
}

// lands reports whether beats at bpm last span seconds.
func lands(beats int, bpm, span float64) bool { return math.Abs(float64(beats)*60/bpm-span) < 1e-6 }

// oddBar makes the bar that ends on written beat end d beats longer (d >
// 0: the parts hold and the drums repeat their last d beats) or shorter
// (d < 0: its last beats are cut), moving everything after it, and
// records it in s.OddBars.
func oddBar(s *score.Score, end float64, d int) {
	bpb := max(s.BeatsPerBar, 1)
	if d > 0 {
		insertBeats(s, end, float64(d))
	} else {
		cutBeats(s, end+float64(d), float64(-d))
	}
	s.OddBars = append(s.OddBars, score.OddBar{Beat: end - float64(bpb), Beats: bpb + d})
	slices.SortFunc(s.OddBars, func(a, b score.OddBar) int { return int(math.Copysign(1, a.Beat-b.Beat)) })
}

// shiftFrom moves what starts on or after written beat at by d beats:
// sections, chords, marks, odd bars, tempo changes and the song's end.
func shiftFrom(s *score.Score, at, d float64) {
	for i := range s.Sections {
		if s.Sections[i].StartBeat >= at-eps {
			s.Sections[i].StartBeat += d
		}
	}
	for i := range s.Marks {
		if s.Marks[i].Beat >= at-eps {
			s.Marks[i].Beat += d
		}
	}
	for i := range s.OddBars {
		if s.OddBars[i].Beat >= at-eps {
			s.OddBars[i].Beat += d
		}
	}
	for i := range s.Tempo {
		if s.Tempo[i].Beat >= at-eps {
			s.Tempo[i].Beat += d
		}
	}
	s.TotalBeats += d
}

// insertBeats puts d beats in at written beat at: notes sounding across
// it hold on, the chord holds, the drums play again the d beats before.
func insertBeats(s *score.Score, at, d float64) {
	for i := range s.Chords {
		c := &s.Chords[i]
		switch {
		case c.StartBeat >= at-eps:
			c.StartBeat += d
		case c.StartBeat+c.Beats >= at-eps:
			c.Beats += d
		}
	}
	shiftFrom(s, at, d)
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		for k := range t.Notes {
			n := &t.Notes[k]
			if n.Start >= at-eps {
				n.Start += d
			} else if n.Start+n.Length > at+eps {
				n.Length += d
			}
		}
		var again []score.Hit
		for k := range t.Hits {
			h := &t.Hits[k]
			if h.Start >= at-eps {
				h.Start += d
			} else if h.Start >= at-d-eps {
				c := *h
				c.Start += d
				again = append(again, c)
			}
		}
		if len(again) > 0 {
			t.Hits = append(t.Hits, again...)
			slices.SortStableFunc(t.Hits, func(a, b score.Hit) int { return int(math.Copysign(1, a.Start-b.Start)) })
		}
		for k := range t.Controls {
			if t.Controls[k].Start >= at-eps {
				t.Controls[k].Start += d
			}
		}
		for k := range t.Noises {
			if t.Noises[k].Start >= at-eps {
				t.Noises[k].Start += d
			}
		}
	}
}

// cutBeats takes the d beats from written beat from out of s: what starts
// in them goes, what rings into them stops at from (or, ringing past
// them, is d beats shorter), and everything after moves d beats earlier.
func cutBeats(s *score.Score, from, d float64) {
	to := from + d
	cut := func(start, length float64) (float64, float64, bool) { // new start, length; false: drop
		switch {
		case start >= to-eps:
			return start - d, length, true
		case start >= from-eps:
			return 0, 0, false
		case start+length > to:
			return start, length - d, true
		case start+length > from:
			return start, from - start, true
		}
		return start, length, true
	}
	s.Chords = slices.DeleteFunc(s.Chords, func(c score.Chord) bool { return c.StartBeat >= from-eps && c.StartBeat+c.Beats <= to+eps })
	for i := range s.Chords {
		c := &s.Chords[i]
		if c.StartBeat >= from-eps && c.StartBeat < to-eps { // starts in the cut, rings past it
			c.Beats, c.StartBeat = c.StartBeat+c.Beats-to, to
		}
		c.StartBeat, c.Beats, _ = cut(c.StartBeat, c.Beats)
	}
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		kept := t.Notes[:0]
		for _, n := range t.Notes {
			if st, l, ok := cut(n.Start, n.Length); ok {
				n.Start, n.Length = st, l
				kept = append(kept, n)
			}
		}
		t.Notes = kept
		hits := t.Hits[:0]
		for _, h := range t.Hits {
			if st, _, ok := cut(h.Start, 0); ok {
				h.Start = st
				hits = append(hits, h)
			}
		}
		t.Hits = hits
		for k := range t.Controls {
			c := &t.Controls[k]
			switch {
			case c.Start >= to-eps:
				c.Start -= d
			case c.Start >= from-eps:
				c.Start = from
			}
		}
		noises := t.Noises[:0]
		for _, x := range t.Noises {
			if st, l, ok := cut(x.Start, x.Length); ok {
				x.Start, x.Length = st, l
				noises = append(noises, x)
			}
		}
		t.Noises = noises
	}
	shiftFrom(s, to, -d)
}
