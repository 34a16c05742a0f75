package edit

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"strings"

	"github.com/songsmith/songsmith/internal/score"
)

// Hit points (issue 31 item 2): moments in seconds where the music must
// put a downbeat, and what happens there.

// The kinds of hit point.
const (
	HitDrop   = "drop"   // the loudest entry: energy jumps there
	HitStop   = "stop"   // a bar of silence from there
	HitAccent = "accent" // a crash and kick on the downbeat
	HitEnd    = "end"    // the music finishes there: a last crash and kick, and the tail
)

// HitKinds lists the kinds of hit point.
var HitKinds = []string{HitDrop, HitStop, HitAccent, HitEnd}

// MaxTempoShift is how far the tempo of the stretch before a hit may move
// from the song's (0.08: ±8 %) to land the hit on a downbeat.
const MaxTempoShift = 0.08

// MinHitBars is the least distance, in bars at the song's tempo, between
// a hit and the one before (or the start) that always lands within the
// range: half a bar of rounding is at most MaxTempoShift of it.
const MinHitBars = 0.5 / MaxTempoShift

// HitPoint is one hit point a request asks for.
type HitPoint struct {
	At   float64 `json:"at"`   // seconds from the start of the audio
	Kind string  `json:"kind"` // one of HitKinds
}

// MaxHits is the most hit points a request may ask for.
const MaxHits = 32

// ParseHits reads hit points from their JSON (an array of {"at", "kind"}),
// in order of time: a time outside 0..3600 s, an unknown kind, two hits
// at one time, a hit after an end or more than MaxHits is an error whose
// message is for the user.
func ParseHits(raw []byte) ([]HitPoint, error) {
	var in []map[string]any
	if err := json.Unmarshal(raw, &in); err != nil || len(in) == 0 || len(in) > MaxHits {
		return nil, fail(`'hits' must be an array of 1 to %d hit points such as {"at": 42.3, "kind": "drop"}.`, MaxHits)
	}
	out := make([]HitPoint, 0, len(in))
	for _, m := range in {
		at, ok1 := m["at"].(float64)
		kind, ok2 := m["kind"].(string)
		if !ok1 || !ok2 || len(m) != 2 || !(at > 0 && at <= 3600) || !slices.Contains(HitKinds, kind) {
			return nil, fail("each of 'hits' needs 'at' (seconds, above 0 up to 3600) and 'kind' (one of %s).", strings.Join(HitKinds, ", "))
		}
		out = append(out, HitPoint{At: at, Kind: kind})
	}
	slices.SortStableFunc(out, func(a, b HitPoint) int { return cmp.Compare(a.At, b.At) })
	for i := 1; i < len(out); i++ {
		if out[i].At == out[i-1].At {
			return nil, fail("'hits' has two hit points at %g s.", out[i].At)
		}
		if out[i-1].Kind == HitEnd {
			return nil, fail("'hits' has a hit point after its end.")
		}
	}
	return out, nil
}

// HitsJSON is hit points as JSON, the canonical form a recipe keeps.
func HitsJSON(hits []HitPoint) json.RawMessage {
	b, _ := json.Marshal(hits)
	return b
}

// Hits returns s with each hit point on a downbeat: the stretch before
// each hit takes the tempo (within MaxTempoShift of the song's) that puts a
// whole number of bars between it and the hit before (the start, for the
// first), as a tempo map of the written score; where no whole number of
// bars lands it, the stretch's last bar becomes an odd bar (hitbars.go: a
// 2/4 or 5/4 bar in 4/4) and the beats land it. Then each kind is played
// there. A hit the song cannot reach within the range lands as near as
// the range allows, and one past the song's last bar on the song's end;
// the score's Marks say where each landed, its OddBars which bars changed.
func Hits(s *score.Score, hits []HitPoint) *score.Score {
	out := Clone(s)
	hits = slices.Clone(hits)
	slices.SortStableFunc(hits, func(a, b HitPoint) int { return cmp.Compare(a.At, b.At) })
	bpb := max(out.BeatsPerBar, 1)
	var tempo []score.TempoChange
	prevBeat, prevAt := 0.0, 0.0
	for _, h := range hits {
		rest := int(math.Round(out.TotalBeats - prevBeat))
		if rest < bpb {
			out.Marks = append(out.Marks, score.Mark{Kind: h.Kind, Asked: h.At, Beat: prevBeat + float64(rest)})
			continue
		}
		n, bpm, d := stretch(out, h.At-prevAt, rest)
		if d != 0 {
			oddBar(out, prevBeat+float64(n-d), d)
		}
		tempo = append(tempo, score.TempoChange{Beat: prevBeat, BPM: bpm})
		prevBeat, prevAt = prevBeat+float64(n), prevAt+float64(n)*60/bpm
		out.Marks = append(out.Marks, score.Mark{Kind: h.Kind, Asked: h.At, Beat: prevBeat})
	}
	if len(tempo) > 0 && prevBeat < out.TotalBeats-1e-9 {
		tempo = append(tempo, score.TempoChange{Beat: prevBeat, BPM: out.BPM})
	}
	if len(tempo) > 0 {
		out.SetTempo(tempo)
	}
	for _, m := range out.Marks {
		play(out, m)
	}
	return out
}

// landing is the bars n (1..most) and tempo whose n bars last nearest
// span seconds, the tempo within MaxTempoShift of bpm.
func landing(span, barSec, bpm float64, most int) (int, float64) {
	n := min(max(int(math.Round(span/barSec)), 1), most)
	t := bpm * float64(n) * barSec / max(span, 1e-9)
	for _, m := range []int{n - 1, n + 1} {
		if m < 1 || m > most {
			continue
		}
		if u := bpm * float64(m) * barSec / max(span, 1e-9); math.Abs(u/bpm-1) < math.Abs(t/bpm-1) {
			n, t = m, u
		}
	}
	return n, min(max(t, bpm*(1-MaxTempoShift)), bpm*(1+MaxTempoShift))
}

// play writes what a hit point of its kind does at its downbeat.
func play(s *score.Score, m score.Mark) {
	bpb := float64(max(s.BeatsPerBar, 1))
	at := m.Beat
	switch m.Kind {
	case HitDrop:
		end := s.TotalBeats
		for i, sec := range s.Sections {
			if e := s.SectionEnd(i); sec.StartBeat <= at+1e-9 && at < e-1e-9 {
				end = e
				if math.Abs(sec.StartBeat-at) < 1e-9 {
					s.Sections[i].Energy = 1 // the mix rides it and the timeline reports it
				}
			}
		}
		if at >= bpb {
			shape(s, at-bpb, at, 0.25) // a breath before the drop
		}
		shape(s, at, end, 1)
		riseInto(s, rise{at: at, span: 2, step: 0.25, e: 1})
	case HitStop:
		silence(s, at, min(at+bpb, s.TotalBeats))
	case HitAccent:
		accent(s, at)
	case HitEnd:
		silence(s, at, s.TotalBeats)
		s.TotalBeats, s.FadeOut = min(at+1, s.TotalBeats), 0 // a final stab on the hit, its beat and the tail ringing
		s.Sections = slices.DeleteFunc(s.Sections, func(sec score.Section) bool { return sec.StartBeat >= at-1e-9 })
		if n := len(s.Sections); n > 0 {
			last := &s.Sections[n-1]
			db := s.Downbeats()
			last.Bars = min(last.Bars, score.BarOf(db, at)-score.BarOf(db, last.StartBeat))
		}
		s.Chords = slices.DeleteFunc(s.Chords, func(c score.Chord) bool { return c.StartBeat >= at-1e-9 })
		if n := len(s.Chords); n > 0 {
			s.Chords[n-1].Beats = min(s.Chords[n-1].Beats, at-s.Chords[n-1].StartBeat)
		}
		accent(s, at)
	}
}

// silence removes every note and hit from [from, to) and cuts the notes
// that would ring into it.
func silence(s *score.Score, from, to float64) {
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		t.Hits = slices.DeleteFunc(t.Hits, func(h score.Hit) bool { return h.Start >= from-1e-9 && h.Start < to-1e-9 })
		t.Notes = slices.DeleteFunc(t.Notes, func(n score.Note) bool { return n.Start >= from-1e-9 && n.Start < to-1e-9 })
		for k := range t.Notes {
			if n := &t.Notes[k]; n.Start < from && n.Start+n.Length > from {
				n.Length = from - n.Start
			}
		}
	}
}

// accent strikes a crash and a kick on beat at (on the drums, or a drum
// track of its own when the song has none).
func accent(s *score.Score, at float64) {
	ti := slices.IndexFunc(s.Tracks, func(t score.Track) bool { return t.Instrument == score.Drums })
	if ti < 0 {
		s.Tracks = append(s.Tracks, score.Track{Name: "hits", Instrument: score.Drums, Role: score.RoleDrums,
			Part: score.PartHits, Kit: score.KitOrchestral})
		ti = len(s.Tracks) - 1
	}
	t := &s.Tracks[ti]
	t.Hits = append(t.Hits, score.Hit{Start: at, Drum: score.Crash, Velocity: 1}, score.Hit{Start: at, Drum: score.Kick, Velocity: 1})
	slices.SortStableFunc(t.Hits, func(a, b score.Hit) int { return cmp.Compare(a.Start, b.Start) })
}
