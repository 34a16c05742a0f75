package form

import (
	"math"

	"github.com/songsmith/songsmith/internal/score"
)

// MaxNudge is how far an exact length may move a tempo the prompt did not
// fix (a fraction of it): 4 %.
const MaxNudge = 0.04

// FitLength fits whole bars and a ring-out into exactly seconds: it
// returns the bars, the tempo and the tail. Without a fixed tempo the
// tempo moves by up to MaxNudge so that the bars and the style's tail fill
// the length; what is left over goes into the tail. With a fixed tempo
// only the tail moves: the final cadence is placed so that its ring-out
// lands on the end. The tail stays at least half the style's (and 0.5 s).
func FitLength(seconds, bpm float64, bpb int, tail float64, fixed bool) (bars int, tempo, ring float64) {
	minTail := math.Max(0.5, 0.5*tail)
	music := seconds - tail
	barSec := float64(bpb) * 60 / bpm
	n0 := max(1, int(math.Round(music/barSec)))
	best := math.Inf(1)
	bars, tempo, ring = 1, bpm, math.Max(seconds-barSec, 0)
	for n := max(1, n0-2); n <= n0+2; n++ {
		b := bpm
		if !fixed && music > 0 {
			b = min(max(float64(n*bpb)*60/music, bpm*(1-MaxNudge)), bpm*(1+MaxNudge))
		}
		t := seconds - float64(n*bpb)*60/b
		if t < minTail-1e-9 {
			continue
		}
		// Prefer the style's own tail, then the smallest tempo change.
		if cost := math.Abs(t-tail) + 2*math.Abs(b/bpm-1)*seconds; cost < best {
			best, bars, tempo, ring = cost, n, b, t
		}
	}
	return bars, tempo, ring
}

// RingOut lets the final chord of a song whose tail grew by extra seconds
// ring into the end: every pitched note that sounds to the last beat is
// held extra seconds longer.
func RingOut(s *score.Score, extra float64) {
	if extra <= 0 {
		return
	}
	beats := extra * s.BPM / 60
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		if t.Role == score.RoleDrums || t.Role == score.RoleFX {
			continue
		}
		for i := range t.Notes {
			if n := &t.Notes[i]; math.Abs(n.Start+n.Length-s.TotalBeats) < 1e-6 {
				n.Length += beats
			}
		}
	}
}

// LoopBars is the length of a loop of about seconds: whole phrases of 2
// bars (of 4 from 8 bars on), at least 2 bars.
func LoopBars(seconds, barSec float64) int {
	bars := max(2, int(math.Round(seconds/barSec)))
	phrase := 2
	if bars >= 8 {
		phrase = 4
	}
	return max(phrase, int(math.Round(float64(bars)/float64(phrase)))*phrase)
}

// CutLoop keeps the first beats of s: a loop is composed as the first
// half of a song twice as long, so that none of its bars is written as an
// ending (the last section's changes, the final root and note, a held
// last chord) and its last bar leads on as into the next section. Notes
// that start in the loop keep their length: what rings past the end is
// wrapped into the start by synthesis.
func CutLoop(s *score.Score, beats float64) {
	const eps = 1e-9
	s.TotalBeats = beats
	var secs []score.Section
	for _, sec := range s.Sections {
		if sec.StartBeat < beats-eps {
			secs = append(secs, sec)
		}
	}
	s.Sections = secs
	var chords []score.Chord
	for _, c := range s.Chords {
		if c.StartBeat < beats-eps {
			c.Beats = math.Min(c.Beats, beats-c.StartBeat)
			chords = append(chords, c)
		}
	}
	s.Chords = chords
	for ti := range s.Tracks {
		t := &s.Tracks[ti]
		notes := t.Notes[:0]
		for _, n := range t.Notes {
			if n.Start < beats-eps {
				notes = append(notes, n)
			}
		}
		t.Notes = notes
		hits := t.Hits[:0]
		for _, h := range t.Hits {
			if h.Start < beats-eps {
				hits = append(hits, h)
			}
		}
		t.Hits = hits
	}
}
