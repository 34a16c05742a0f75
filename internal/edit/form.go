package edit

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/songsmith/songsmith/internal/score"
)

const eps = 1e-9

// MaxNudge is the most an exact length moves the tempo of an edit that
// names none (a fraction of the tempo).
const MaxNudge = 0.06

// span is a section's beats [a, b).
type span struct{ a, b float64 }

func spanOf(s *score.Score, i int) span {
	sec := s.Sections[i]
	return span{sec.StartBeat, sec.StartBeat + float64(sec.Bars*s.BeatsPerBar)}
}

// Labels returns the song's sections as labels: "intro", "verse 1",
// "chorus 2", ... (a kind heard once has no number).
func Labels(s *score.Score) []string {
	count := map[string]int{}
	for _, sec := range s.Sections {
		count[sec.Name]++
	}
	seen := map[string]int{}
	out := make([]string, len(s.Sections))
	for i, sec := range s.Sections {
		seen[sec.Name]++
		out[i] = sec.Name
		if count[sec.Name] > 1 {
			out[i] += " " + strconv.Itoa(seen[sec.Name])
		}
	}
	return out
}

// find returns the indexes of the sections a label names: every section
// of a kind ("chorus"), or one occurrence ("chorus 2").
func find(s *score.Score, label string) []int {
	name, nth := label, 0
	if i := strings.LastIndexByte(label, ' '); i > 0 {
		if n, err := strconv.Atoi(label[i+1:]); err == nil && n > 0 {
			name, nth = label[:i], n
		}
	}
	var out []int
	seen := 0
	for i, sec := range s.Sections {
		if sec.Name != name {
			continue
		}
		seen++
		if nth == 0 || seen == nth {
			out = append(out, i)
		}
	}
	return out
}

// sameForm reports whether a and b have the same sections at the same beats.
func sameForm(a, b *score.Score) bool {
	return a.BeatsPerBar == b.BeatsPerBar && slices.EqualFunc(a.Sections, b.Sections, func(x, y score.Section) bool {
		return x.Name == y.Name && x.Bars == y.Bars && math.Abs(x.StartBeat-y.StartBeat) < eps
	})
}

// Splice returns s with the sections labels name taken from alt: each
// part's notes (and hits) that start in them, and the chords. A part is
// matched to alt's part of the same role and rank; a part alt lacks keeps
// its own. alt must have s's form; a label s does not have is ErrEdit.
func Splice(s, alt *score.Score, labels []string) (*score.Score, error) {
	var idx []int
	for _, l := range labels {
		found := find(s, l)
		if len(found) == 0 {
			return nil, fail("The song has no section %q; its sections are %s.", l, strings.Join(Labels(s), ", "))
		}
		idx = append(idx, found...)
	}
	if !sameForm(s, alt) {
		return nil, fail("The new material for %s does not have the song's form, so it cannot be spliced in; regenerate other sections or edit the length first.", strings.Join(labels, ", "))
	}
	slices.Sort(idx)
	idx = slices.Compact(idx)
	out := Clone(s)
	for _, i := range idx {
		sp := spanOf(s, i)
		in := func(b float64) bool { return b >= sp.a-eps && b < sp.b-eps }
		for ti := range out.Tracks {
			t := &out.Tracks[ti]
			at := partOf(alt, t.Role, rank(out, ti))
			if at == nil {
				continue
			}
			t.Notes = slices.DeleteFunc(t.Notes, func(n score.Note) bool { return in(n.Start) })
			t.Hits = slices.DeleteFunc(t.Hits, func(h score.Hit) bool { return in(h.Start) })
			for _, n := range at.Notes {
				if in(n.Start) {
					t.Notes = append(t.Notes, n)
				}
			}
			for _, h := range at.Hits {
				if in(h.Start) {
					t.Hits = append(t.Hits, h)
				}
			}
			sortPart(t)
		}
		out.Chords = spliceChords(out.Chords, alt.Chords, sp)
	}
	return out, nil
}

// spliceChords returns chords with the chart of span sp taken from alt:
// a chord held across either edge (a chart merges a chord that ends one
// section and starts the next) is cut there, on both sides.
func spliceChords(chords, alt []score.Chord, sp span) []score.Chord {
	var out []score.Chord
	take := func(c score.Chord, inside bool) {
		a, b := c.StartBeat, c.StartBeat+c.Beats
		if inside {
			a, b = max(a, sp.a), min(b, sp.b)
		}
		if b-a > eps {
			c.StartBeat, c.Beats = a, b-a
			out = append(out, c)
		}
	}
	for _, c := range chords {
		if end := c.StartBeat + c.Beats; c.StartBeat < sp.a-eps || end > sp.b+eps {
			before, after := c, c
			before.Beats = min(end, sp.a) - c.StartBeat
			take(before, false)
			after.StartBeat = max(c.StartBeat, sp.b)
			after.Beats = end - after.StartBeat
			take(after, false)
		}
	}
	for _, c := range alt {
		if c.StartBeat < sp.b-eps && c.StartBeat+c.Beats > sp.a+eps {
			take(c, true)
		}
	}
	slices.SortStableFunc(out, func(x, y score.Chord) int { return cmp.Compare(x.StartBeat, y.StartBeat) })
	return out
}

// rank is how many parts of track ti's role come before it.
func rank(s *score.Score, ti int) int {
	n := 0
	for i := range ti {
		if s.Tracks[i].Role == s.Tracks[ti].Role {
			n++
		}
	}
	return n
}

// partOf returns the part of role of rank r, or nil.
func partOf(s *score.Score, role score.Role, r int) *score.Track {
	for i := range s.Tracks {
		if s.Tracks[i].Role == role {
			if r == 0 {
				return &s.Tracks[i]
			}
			r--
		}
	}
	return nil
}

func sortPart(t *score.Track) {
	slices.SortStableFunc(t.Notes, func(x, y score.Note) int { return cmp.Compare(x.Start, y.Start) })
	slices.SortStableFunc(t.Hits, func(x, y score.Hit) int { return cmp.Compare(x.Start, y.Start) })
}

// remove returns s without section i: what starts in it goes, what comes
// after moves back, a note ringing into it stops at its start.
func remove(s *score.Score, i int) *score.Score {
	out := Clone(s)
	sp := spanOf(s, i)
	d := sp.b - sp.a
	move := func(b float64) (float64, bool) {
		switch {
		case b < sp.a-eps:
			return b, true
		case b < sp.b-eps:
			return 0, false
		}
		return b - d, true
	}
	for ti := range out.Tracks {
		t := &out.Tracks[ti]
		notes := t.Notes[:0]
		for _, n := range t.Notes {
			if st, ok := move(n.Start); ok {
				if st < sp.a-eps && st+n.Length > sp.a {
					n.Length = sp.a - st
				}
				n.Start = st
				notes = append(notes, n)
			}
		}
		t.Notes = notes
		t.Hits = keepMoved(t.Hits, func(h *score.Hit) *float64 { return &h.Start }, move)
	}
	out.Chords = keepMoved(out.Chords, func(c *score.Chord) *float64 { return &c.StartBeat }, move)
	out.Sections = slices.Delete(out.Sections, i, i+1)
	for j := i; j < len(out.Sections); j++ {
		out.Sections[j].StartBeat -= d
	}
	out.TotalBeats -= d
	return out
}

// repeat returns s with a copy of section i inserted at section index at
// (its bars, with what starts in them, the chords and the section).
func repeat(s *score.Score, i, at int) *score.Score {
	out := Clone(s)
	sp := spanOf(s, i)
	d := sp.b - sp.a
	pos := s.TotalBeats
	if at < len(s.Sections) {
		pos = s.Sections[at].StartBeat
	}
	shift := pos - sp.a
	in := func(b float64) bool { return b >= sp.a-eps && b < sp.b-eps }
	for ti := range out.Tracks {
		t := &out.Tracks[ti]
		src := s.Tracks[ti]
		for k := range t.Notes {
			if t.Notes[k].Start >= pos-eps {
				t.Notes[k].Start += d
			}
		}
		for k := range t.Hits {
			if t.Hits[k].Start >= pos-eps {
				t.Hits[k].Start += d
			}
		}
		for _, n := range src.Notes {
			if in(n.Start) {
				n.Start += shift
				t.Notes = append(t.Notes, n)
			}
		}
		for _, h := range src.Hits {
			if in(h.Start) {
				h.Start += shift
				t.Hits = append(t.Hits, h)
			}
		}
		sortPart(t)
	}
	for k := range out.Chords {
		if out.Chords[k].StartBeat >= pos-eps {
			out.Chords[k].StartBeat += d
		}
	}
	for _, c := range s.Chords {
		if in(c.StartBeat) {
			c.StartBeat += shift
			out.Chords = append(out.Chords, c)
		}
	}
	slices.SortStableFunc(out.Chords, func(x, y score.Chord) int { return cmp.Compare(x.StartBeat, y.StartBeat) })
	sec := s.Sections[i]
	sec.StartBeat = pos
	for j := at; j < len(out.Sections); j++ {
		out.Sections[j].StartBeat += d
	}
	out.Sections = slices.Insert(out.Sections, at, sec)
	out.TotalBeats += d
	return out
}

// ending is the index of the song's closing section (the outro, else the
// last), or len(Sections) for a loop, which has none.
func ending(s *score.Score) int {
	if s.Loop || len(s.Sections) == 0 {
		return len(s.Sections)
	}
	return len(s.Sections) - 1
}

// Reform returns s lengthened or shortened by whole sections to the
// length nearest seconds (see the package doc).
func Reform(s *score.Score, seconds float64) *score.Score {
	length := func(x *score.Score) float64 { return x.BeatToSeconds(x.TotalBeats) + x.TailSeconds }
	best := s
	end := ending(s)
	if length(s) < seconds && end > 0 {
		src := end - 1
		for i := end - 1; i >= 0; i-- {
			if n := s.Sections[i].Name; n == "chorus" || n == "drop" {
				src = i
				break
			}
		}
		cur := s
		for range 64 {
			next := repeat(cur, src, ending(cur))
			if math.Abs(length(next)-seconds) >= math.Abs(length(best)-seconds) {
				break
			}
			cur, best = next, next
		}
		return best
	}
	// Shorter: drop the sections before the one ahead of the ending, from
	// the last back, keeping the intro.
	cur := s
	for {
		end := ending(cur)
		i := end - 2
		first := 0
		if len(cur.Sections) > 0 && cur.Sections[0].Name == "intro" {
			first = 1
		}
		if s.Loop {
			i = end - 1
		}
		if i < first || len(cur.Sections) <= 1 || length(cur) <= seconds {
			return best
		}
		next := remove(cur, i)
		if math.Abs(length(next)-seconds) < math.Abs(length(best)-seconds) {
			best = next
		}
		cur = next
	}
}

// MakeLoop returns s as a seamless loop: without its intro and outro, no
// ring-out tail, no fades.
func MakeLoop(s *score.Score) *score.Score {
	out := s
	if n := len(out.Sections); n > 1 && out.Sections[n-1].Name == "outro" {
		out = remove(out, n-1)
	}
	if len(out.Sections) > 1 && out.Sections[0].Name == "intro" {
		out = remove(out, 0)
	}
	out = Clone(out)
	// What rang past the end wraps into the start (synthesis); notes
	// starting past the music cannot exist after remove.
	out.Loop, out.TailSeconds, out.FadeIn, out.FadeOut = true, 0, 0, 0
	return out
}

// Fit makes s last seconds: the tempo moves by up to MaxNudge when nudge
// is set, and the ring-out takes the rest (the audio is then cut or
// padded to the sample by the caller).
func Fit(s *score.Score, seconds float64, nudge bool) {
	music := seconds - s.TailSeconds
	if nudge && music > 0 {
		bpm := s.TotalBeats * 60 / music
		s.BPM = min(max(bpm, s.BPM*(1-MaxNudge)), s.BPM*(1+MaxNudge))
	}
	s.TailSeconds = max(seconds-s.BeatToSeconds(s.TotalBeats), 0)
}

// keepMoved keeps, in place, the items of xs whose start (the field at
// returns) move maps to a new place, each moved there.
func keepMoved[T any](xs []T, at func(*T) *float64, move func(float64) (float64, bool)) []T {
	kept := xs[:0]
	for _, x := range xs {
		if st, ok := move(*at(&x)); ok {
			*at(&x) = st
			kept = append(kept, x)
		}
	}
	return kept
}
