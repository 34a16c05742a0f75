package form

import (
	"cmp"
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// Ending is how a style ends a song (see endFor).
type Ending int

const (
	EndRing    Ending = iota // the final chord rings out over a crash
	EndBigHit                // rock: a fill, then the whole band on one last hit
	EndStinger               // jazz, big band, blues: a short, accented final hit
	EndThin                  // ambient and calm styles: parts leave one by one, softer and softer
	EndFermata               // orchestral and classical: the final chord held (the performance slows into it)
)

// EndingOf is the ending a style family writes.
func EndingOf(family string) Ending {
	switch family {
	case "rock":
		return EndBigHit
	case "jazz":
		return EndStinger
	case "calm":
		return EndThin
	case "orchestral":
		return EndFermata
	}
	return EndRing
}

// minEndingBars is the length a song needs before its drums stop for an
// ending: a short song keeps its pulse to the end (for listeners and tempo
// detectors).
const minEndingBars = 16

// EndFor writes the song's ending for its style family into the last bar
// (and the outro): see ending. Not for loops.
func EndFor(s *score.Score, family string) {
	bpb := float64(s.BeatsPerBar)
	if s.TotalBeats < 2*bpb || len(s.Sections) == 0 {
		return
	}
	last := s.TotalBeats - bpb
	long := s.TotalBeats >= minEndingBars*bpb
	kind := EndingOf(family)
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		switch {
		case t.Role == score.RoleDrums && long && kind != EndThin && PlaysBefore(t.Hits, last, bpb):
			t.Hits = finalHit(t.Hits, last, bpb, kind)
		case t.Role == score.RoleDrums || t.Role == score.RoleFX:
		case kind == EndBigHit:
			accentFinal(t.Notes, last, 0.92, 0)
		case kind == EndStinger && t.Role != score.RoleChords && t.Role != score.RolePad:
			// The band hits the final chord short and hard; the
			// piano's (or guitar's) chord rings under it.
			accentFinal(t.Notes, last, 0.95, 0.5)
		}
	}
	if kind == EndThin {
		thinOut(s)
	}
}

// accentFinal lifts the notes starting on the final downbeat last to at
// least velocity v and, with short > 0, cuts them to short beats.
func accentFinal(notes []score.Note, last, v, short float64) {
	for i := range notes {
		n := &notes[i]
		if n.Start < last-1e-6 {
			continue
		}
		n.Velocity = max(n.Velocity, v)
		if short > 0 {
			n.Length = min(n.Length, short)
		}
	}
}

// finalHit rewrites the drums of the last bar: the groove stops and the
// final downbeat gets a crash with the kick (and the snare for a big hit
// or a stinger); a big hit is led into by a fill over the beat before, a
// fermata by a swell on the low drum.
func finalHit(hits []score.Hit, last, bpb float64, kind Ending) []score.Hit {
	from := last
	if kind == EndBigHit || kind == EndStinger {
		from = last - 1
	}
	out := slices.DeleteFunc(hits, func(h score.Hit) bool { return h.Start >= from-1e-9 })
	switch kind {
	case EndBigHit:
		toms := []score.Drum{score.Snare, score.Snare, score.TomHigh, score.TomHigh, score.TomMid, score.TomMid, score.TomLow, score.TomLow}
		for i, d := range toms {
			out = append(out, score.Hit{Start: from + 0.125*float64(i), Drum: d, Velocity: 0.7 + 0.03*float64(i)})
		}
	case EndStinger:
		for i := 0; i < 3; i++ {
			out = append(out, score.Hit{Start: from + float64(i)/3, Drum: score.Snare, Velocity: 0.55 + 0.1*float64(i)})
		}
	case EndFermata:
		for i := 0; i < 8; i++ {
			out = append(out, score.Hit{Start: last - 2 + 0.25*float64(i), Drum: score.TomLow, Velocity: 0.3 + 0.06*float64(i)})
		}
	}
	out = append(out, score.Hit{Start: last, Drum: score.Kick, Velocity: 1}, score.Hit{Start: last, Drum: score.Crash, Velocity: 0.95})
	if kind == EndBigHit || kind == EndStinger {
		out = append(out, score.Hit{Start: last, Drum: score.Snare, Velocity: 0.95})
	}
	slices.SortStableFunc(out, func(a, b score.Hit) int { return cmp.Compare(a.Start, b.Start) })
	return out
}

// thinOut lets the outro of a calm song fade by its parts: the arpeggio
// and any drums leave first, then the answering and chord parts where a
// pad holds the harmony, and everything left grows softer towards the
// final chord (which the lead and the harmony still play).
func thinOut(s *score.Score) {
	out := s.Sections[len(s.Sections)-1]
	if out.Name != "outro" || out.Bars < 2 {
		return
	}
	bpb := float64(s.BeatsPerBar)
	from, last := out.StartBeat, s.TotalBeats-bpb
	span := last - from
	// The chords may leave only where a pad holds the harmony through the
	// outro (a pad that stopped before it held nothing: a lullaby's last
	// bars fell silent for 3.6 s).
	hasPad := slices.ContainsFunc(s.Tracks, func(t score.Track) bool {
		return t.Role == score.RolePad && slices.ContainsFunc(t.Notes, func(n score.Note) bool { return n.Start+n.Length > last-bpb+1e-9 && n.Start < last-1e-9 })
	})
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		leave := -1.0 // where the part stops, beats into the outro
		switch {
		case t.Role == score.RoleArp || t.Role == score.RoleDrums:
			leave = 0
		case t.Role == score.RoleChords && hasPad:
			leave = span / 2
		case t.Role == score.RoleLead && t.Name != TrackName(LayerLead, t.Instrument):
			leave = span / 2 // the answer; the lead closes the song
		}
		if leave >= 0 {
			t.Notes = slices.DeleteFunc(t.Notes, func(n score.Note) bool { return n.Start >= from+leave-1e-9 && n.Start < last-1e-9 })
			t.Hits = slices.DeleteFunc(t.Hits, func(h score.Hit) bool { return h.Start >= from+leave-1e-9 })
			if t.Role == score.RoleArp || t.Role == score.RoleDrums || t.Name != TrackName(LayerChords, t.Instrument) && t.Role == score.RoleChords {
				t.Notes = slices.DeleteFunc(t.Notes, func(n score.Note) bool { return n.Start >= last-1e-9 })
			}
		}
		for i := range t.Notes {
			if n := &t.Notes[i]; n.Start >= from {
				n.Velocity *= 1 - 0.35*min(1, (n.Start-from)/max(span, 1))
			}
		}
		if t.Role == score.RoleChords || t.Role == score.RolePad {
			t.Notes = holdToFinal(t.Notes, s.Chords, from, last, t.Role == score.RoleChords)
		}
	}
}

// holdToFinal lets the outro's last chord before the final downbeat last
// sound until it, or until the chart's next chord (chart) if that comes
// first: a thinned outro would otherwise fall silent for a beat or more
// before its final chord (issue 32: a lullaby's piano stopped 1.5 beats
// early, the pad already gone). A pad holds the chord; a chord part
// (piano, harp, guitar: its notes die away) strikes it again, softer, on
// each beat after its first.
func holdToFinal(notes []score.Note, chart []score.Chord, from, last float64, restrike bool) []score.Note {
	at := -1.0
	for _, n := range notes {
		if n.Start >= from-1e-9 && n.Start < last-1e-9 {
			at = max(at, n.Start)
		}
	}
	if at < 0 {
		return notes
	}
	until := last
	for _, c := range chart {
		if c.StartBeat > at+1e-9 && c.StartBeat < until {
			until = c.StartBeat
		}
	}
	n := len(notes)
	for i := range n {
		nt := notes[i]
		if nt.Start != at {
			continue
		}
		if !restrike || until-nt.Start <= 1+1e-9 {
			notes[i].Length = max(nt.Length, until-nt.Start)
			continue
		}
		// Also a chord written to last: a piano's dies away over a bar
		// of a slow lullaby, under the fade-out.
		first := math.Ceil(nt.Start + min(nt.Length, 1) - 1e-9)
		notes[i].Length = min(first, until) - nt.Start // rings up to the next stroke
		v := nt.Velocity
		for b := first; b < until-1e-9; b++ {
			v *= 0.85
			notes = append(notes, score.Note{Start: b, Length: min(1, until-b), Pitch: nt.Pitch, Velocity: v})
		}
	}
	slices.SortStableFunc(notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	return notes
}

// PlaysBefore reports whether the drums play in the bar before last (an
// outro without drums stays without them).
func PlaysBefore(hits []score.Hit, last, bpb float64) bool {
	return slices.ContainsFunc(hits, func(h score.Hit) bool { return h.Start >= last-bpb-1e-9 && h.Start < last-1e-9 })
}
