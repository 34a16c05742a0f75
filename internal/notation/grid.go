package notation

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/score"
)

// Divisions is the resolution of the files Write writes, in divisions per
// quarter note: a sixteenth is 3, a triplet eighth 4.
const Divisions = 12

// grid is how a song's beats become divisions: its meter and the swing to
// take out of the written notes.
type grid struct {
	perBeat  int     // divisions per score beat: 12, or 18 in compound meter (a dotted quarter)
	compound bool    // 6/8: beats are dotted quarters, only sixteenths are written
	swing    float64 // the score's swing (score.Score.Swing)
	barLen   int     // divisions per bar
	// starts are the bars' first divisions where the score has odd bars
	// (score.Score.OddBars), up to the song's end; nil: every bar is
	// barLen long.
	starts []int
	// meter is the beats of the bars whose meter differs from the bar
	// before (an odd bar, and the bar after it).
	meter map[int]int
}

func newGrid(s *score.Score) grid {
	g := grid{perBeat: Divisions, compound: s.Subdivision == 3, swing: s.Swing}
	if g.compound {
		g.perBeat = Divisions * 3 / 2
	}
	g.barLen = max(1, s.BeatsPerBar) * g.perBeat
	if len(s.OddBars) > 0 {
		g.meter = map[int]int{}
		db := s.Downbeats()
		for _, b := range db {
			g.starts = append(g.starts, int(math.Round(b*float64(g.perBeat))))
		}
		g.starts = append(g.starts, g.starts[len(g.starts)-1]+g.barLen) // after the last bar: a whole bar on
		for _, o := range s.OddBars {
			m := score.BarOf(db, o.Beat)
			g.meter[m] = o.Beats
			if _, ok := g.meter[m+1]; !ok && m+1 < len(db) {
				g.meter[m+1] = max(1, s.BeatsPerBar)
			}
		}
	}
	return g
}

// start is the first division of bar m (from 0).
func (g grid) start(m int) int {
	if g.starts == nil {
		return m * g.barLen
	}
	if last := len(g.starts) - 1; m > last {
		return g.starts[last] + (m-last)*g.barLen
	}
	return g.starts[m]
}

// bar is the bar (from 0) that division tick falls in.
func (g grid) bar(tick int) int {
	if g.starts == nil {
		return tick / g.barLen
	}
	m := 0
	for g.start(m+1) <= tick {
		m++
	}
	return m
}

// Tick returns where beat position b of s (score beats from the song's
// start, as composed) is written, in divisions: swung off-beats go back to
// the straight eighth or sixteenth the composer swung (the score marks the
// swing once), then the position snaps to the nearest sixteenth or triplet
// eighth (only sixteenths in compound meter). Strummed chords and
// thirty-second rolls land on the sixteenth they decorate.
func Tick(s *score.Score, b float64) int { return newGrid(s).tick(b) }

func (g grid) tick(b float64) int {
	b = unswing(b, g.swing)
	if g.compound {
		return int(math.Round(b*6)) * g.perBeat / 6
	}
	fl := math.Floor(b)
	f := b - fl
	sixteenth := math.Round(f*4) / 4
	triplet := math.Round(f*3) / 3
	if math.Abs(triplet-f) < math.Abs(sixteenth-f)-1e-9 {
		return int(fl)*g.perBeat + int(math.Round(triplet*3))*4
	}
	return int(fl)*g.perBeat + int(math.Round(sixteenth*4))*3
}

// unswingTolerance is how far from a swung position (in beats) a
// position still counts as swung: two ticks of a 480-tick MIDI file, so
// positions read back from the song's MIDI file unswing alike.
const unswingTolerance = 2.0 / 480

// unswing undoes the composer's swing of a position (music's swingPos):
// an off-beat eighth sits swing/6 of a beat late, an off-beat sixteenth
// swing/12.
func unswing(b, swing float64) float64 {
	if swing == 0 {
		return b
	}
	fl := math.Floor(b)
	f := b - fl
	switch {
	case math.Abs(f-(0.5+swing/6)) < unswingTolerance:
		return fl + 0.5
	case math.Abs(f-(0.25+swing/12)) < unswingTolerance:
		return fl + 0.25
	case math.Abs(f-(0.75+swing/12)) < unswingTolerance:
		return fl + 0.75
	}
	return b
}

// event is what one voice of a part plays from start to end (divisions):
// a chord of pitches (one or more notes of one length) or of drum keys.
type event struct {
	start, end int
	keys       []int // MIDI pitches, or General MIDI drum keys on a percussion part
}

// voices lays out a track's notes (or hits) on the grid and deals them to
// voices: notes of one start and end make a chord; each chord goes to the
// first voice free at its start. A drum track is drumVoices.
func voices(g grid, t *score.Track) [][]event {
	if t.Instrument == score.Drums {
		return drumVoices(g, t.Hits)
	}
	type span struct{ start, end, pitch int }
	spans := make([]span, 0, len(t.Notes))
	for _, n := range t.Notes {
		a := g.tick(n.Start)
		b := g.tick(n.Start + n.Length)
		if b <= a { // shorter than the grid: one step of it
			b = a + 3
			if a%3 != 0 {
				b = a + 4
			}
		}
		spans = append(spans, span{a, b, n.Pitch})
	}
	slices.SortFunc(spans, func(x, y span) int {
		if x.start != y.start {
			return x.start - y.start
		}
		if x.end != y.end {
			return y.end - x.end
		}
		return x.pitch - y.pitch
	})
	var events []event
	seen := map[[2]int]bool{} // start, pitch
	for _, sp := range spans {
		if seen[[2]int{sp.start, sp.pitch}] {
			continue
		}
		seen[[2]int{sp.start, sp.pitch}] = true
		if n := len(events); n > 0 && events[n-1].start == sp.start && events[n-1].end == sp.end {
			events[n-1].keys = append(events[n-1].keys, sp.pitch)
			continue
		}
		events = append(events, event{start: sp.start, end: sp.end, keys: []int{sp.pitch}})
	}
	var out [][]event
	for _, e := range events {
		placed := false
		for v := range out {
			if out[v][len(out[v])-1].end <= e.start {
				out[v] = append(out[v], e)
				placed = true
				break
			}
		}
		if !placed {
			out = append(out, []event{e})
		}
	}
	return out
}

// feet are the drum keys drum notation writes stems down, in a voice of
// their own: the kicks and the pedalled hi-hat.
var feet = map[int]bool{35: true, 36: true, 44: true}

// drumVoices is a drum track's hits as voices of chords, as drum notation
// writes them: the hands above (stems up), the feet below (stems down);
// one voice when the kit plays only one of them.
func drumVoices(g grid, hits []score.Hit) [][]event {
	var hands, kicks []score.Hit
	for _, h := range hits {
		if feet[music.GMDrumKey(h.Drum)] {
			kicks = append(kicks, h)
		} else {
			hands = append(hands, h)
		}
	}
	var out [][]event
	for _, hs := range [][]score.Hit{hands, kicks} {
		if len(hs) > 0 {
			out = append(out, drumVoice(g, hs))
		}
	}
	return out
}

// drumVoice is drum hits as one voice of chords, each lasting until the
// next or the next beat, whichever comes first (a hit is never tied).
func drumVoice(g grid, hits []score.Hit) []event {
	byStart := map[int][]int{}
	for _, h := range hits {
		a := g.tick(h.Start)
		k := music.GMDrumKey(h.Drum)
		if !slices.Contains(byStart[a], k) {
			byStart[a] = append(byStart[a], k)
		}
	}
	starts := make([]int, 0, len(byStart))
	for a := range byStart {
		starts = append(starts, a)
	}
	slices.Sort(starts)
	out := make([]event, len(starts))
	for i, a := range starts {
		end := (a/g.perBeat + 1) * g.perBeat // never tied over a beat
		if i+1 < len(starts) {
			end = min(end, starts[i+1])
		}
		keys := byStart[a]
		slices.Sort(keys)
		out[i] = event{start: a, end: end, keys: keys}
	}
	return out
}
