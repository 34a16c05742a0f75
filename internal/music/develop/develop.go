package develop

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// Vary makes a song develop instead of loop: every bar that repeats an
// earlier bar note for note in every track gets a variation a player would
// make, until it is new. Drums vary by ghost notes, kick pickups and, at the
// end of a phrase, a short fill; the bass by an approach note into the next
// bar; the melody by a neighbour tone; chords by a reshaped voicing; an
// arpeggio by turning its pattern round. The last two bars (the final
// cadence) stay as written. Harmony stays: approach and
// neighbour notes are scale tones on weak beats, voicings keep their notes.
// A programmed style (style.Feel) keeps its sequencer grid: its bass
// approaches land on a beat, never on a sixteenth (an 808 retriggered on
// the "e" of a beat made bpm-tools hear a phonk song at 322 bpm for 155).
func Vary(s *score.Score, k harmony.Key, seed uint64, programmed bool) {
	r := harmony.NewRNG(seed, "develop")
	beats := float64(s.BeatsPerBar)
	bars := int(math.Round(s.TotalBeats / beats))
	seen := map[string]bool{}
	for b := 0; b < bars-2; b++ { // the final cadence stays as written
		start, end := float64(b)*beats, float64(b+1)*beats
		key, empty := barState(s, start, end)
		order := r.Perm(len(s.Tracks))
		// A phrase end (every fourth bar) varies the drums first: a fill.
		if b%4 == 3 {
			sort.SliceStable(order, func(i, j int) bool {
				return s.Tracks[order[i]].Role == score.RoleDrums && s.Tracks[order[j]].Role != score.RoleDrums
			})
		}
		hook := hookBar(s, start)
		for attempt := 0; !empty && seen[key] && attempt < 2*len(order)+2; attempt++ {
			t := &s.Tracks[order[attempt%len(order)]]
			if hook && t.Role == score.RoleLead {
				continue // the chorus hook returns as it was
			}
			vary(s, t, k, start, end, b, attempt/len(order), programmed, r)
			key, empty = barState(s, start, end)
		}
		seen[key] = true
	}
}

// hookBar reports whether the bar starting at beat start is one of the
// first two bars of a chorus or a drop: the hook, which the lead plays the
// same each time.
func hookBar(s *score.Score, start float64) bool {
	bar := float64(s.BeatsPerBar)
	for _, sec := range s.Sections {
		if (sec.Name == "chorus" || sec.Name == "drop") && start >= sec.StartBeat-1e-9 && start < sec.StartBeat+2*bar-1e-9 {
			return true
		}
	}
	return false
}

// barState returns what the bar [start, end) plays in every track, and
// whether it is silent.
func barState(s *score.Score, start, end float64) (string, bool) {
	var b strings.Builder
	empty := true
	for _, t := range s.Tracks {
		for _, n := range t.Notes {
			if n.Start >= start-1e-9 && n.Start < end-1e-9 {
				fmt.Fprintf(&b, "%.3f:%d:%.3f;", n.Start-start, n.Pitch, n.Length)
				empty = false
			}
		}
		for _, h := range t.Hits {
			if h.Start >= start-1e-9 && h.Start < end-1e-9 {
				fmt.Fprintf(&b, "%.3f:%s;", h.Start-start, h.Drum)
				empty = false
			}
		}
		b.WriteByte('|')
	}
	return b.String(), empty
}

// vary changes one bar of one track; round > 0 asks for a further change.
func vary(s *score.Score, t *score.Track, k harmony.Key, start, end float64, bar, round int, programmed bool, r *harmony.RNG) {
	switch t.Role {
	case score.RoleDrums:
		varyDrums(t, start, end, bar, round, r)
	case score.RoleBass:
		VaryBass(t, k, start, end, programmed, r)
	case score.RoleLead:
		varyMelody(t, k, start, end, ceiling(s, t, start), r)
	case score.RoleArp:
		varyArp(t, start, end)
	case score.RoleChords, score.RolePad:
		varyVoicing(t, start, end, r)
	}
}

// varyDrums adds a ghost note of the bar's busiest drum other than the
// kick, a kick pickup, or (at a phrase end) a short fill on its last beat.
func varyDrums(t *score.Track, start, end float64, bar, round int, r *harmony.RNG) {
	count := map[score.Drum]int{}
	has := map[float64]bool{}
	var last float64
	for _, h := range t.Hits {
		if h.Start >= start-1e-9 && h.Start < end-1e-9 {
			if h.Drum != score.Kick && h.Drum != score.Kick808 && h.Drum != score.Crash {
				count[h.Drum]++
			}
			has[math.Round((h.Start-start)*12)/12] = true
			last = max(last, h.Start)
		}
	}
	if len(count) == 0 {
		return // a bar the drums do not play
	}
	ghost := score.Snare
	best := -1
	for _, d := range []score.Drum{score.Snare, score.Rim, score.ClosedHat, score.Shaker, score.Clap, score.CongaHigh, score.TablaNa, score.TomLow} {
		if c, ok := count[d]; ok && c > best {
			ghost, best = d, c
		}
	}
	beats := end - start
	switch {
	case bar%4 == 3 && round == 0 && beats >= 3:
		// A fill on the last beat: four sixteenths falling through the kit.
		cut := end - 1
		keep := t.Hits[:0]
		for _, h := range t.Hits {
			if h.Start < cut-1e-9 || h.Start >= end-1e-9 || h.Drum == score.Kick || h.Drum == score.Kick808 {
				keep = append(keep, h)
			}
		}
		t.Hits = keep
		for i, d := range []score.Drum{ghost, score.TomHigh, score.TomMid, score.TomLow} {
			t.Hits = append(t.Hits, score.Hit{Start: cut + 0.25*float64(i), Drum: d, Velocity: 0.45 + 0.1*float64(i)})
		}
	case r.Chance(0.35):
		p := math.Floor(beats) - 0.25 - 0.5*float64(r.Intn(2))
		t.Hits = append(t.Hits, score.Hit{Start: start + p, Drum: score.Kick, Velocity: 0.5})
	default:
		for try := 0; try < 8; try++ {
			p := float64(r.Intn(int(beats*4))) / 4
			if p == math.Floor(p) || has[p] {
				continue
			}
			t.Hits = append(t.Hits, score.Hit{Start: start + p, Drum: ghost, Velocity: 0.25 + 0.1*r.Float64()})
			break
		}
	}
	sort.SliceStable(t.Hits, func(i, j int) bool { return t.Hits[i].Start < t.Hits[j].Start })
}

// notesIn returns the indexes of the notes of t that start in [start, end).
func notesIn(t *score.Track, start, end float64) []int {
	var out []int
	for i, n := range t.Notes {
		if n.Start >= start-1e-9 && n.Start < end-1e-9 {
			out = append(out, i)
		}
	}
	return out
}

// splitNote shortens note i to its first part and adds the second part,
// from at, with pitch.
func splitNote(t *score.Track, i int, at float64, pitch int) {
	n := t.Notes[i]
	second := n
	second.Start, second.Length, second.Pitch, second.Glide = at, n.Start+n.Length-at, pitch, false
	second.Velocity = n.Velocity * 0.85
	t.Notes[i].Length = at - n.Start
	t.Notes = append(t.Notes, second)
	sort.SliceStable(t.Notes, func(a, b int) bool { return t.Notes[a].Start < t.Notes[b].Start })
}

// VaryBass turns the end of the bar's last long note into an approach: a
// scale step towards the bar's root from above or below. In a programmed
// style the approach starts on the nearest beat (onGrid): a sequenced
// bass line gains no sixteenth off-beats.
func VaryBass(t *score.Track, k harmony.Key, start, end float64, onGrid bool, r *harmony.RNG) {
	idx := notesIn(t, start, end)
	for j := len(idx) - 1; j >= 0; j-- {
		n := t.Notes[idx[j]]
		if n.Length < 0.9 {
			continue
		}
		at := n.Start + math.Floor(n.Length*2)/4
		if onGrid {
			at = math.Round(at)
		}
		if at <= n.Start || at >= n.Start+n.Length-0.2 {
			continue
		}
		step := []int{1, -1}[r.Intn(2)]
		splitNote(t, idx[j], at, k.Pitch(k.DegreeNear(n.Pitch, 0)+step, 0))
		return
	}
	if len(idx) > 0 { // all short notes: the last one goes up an octave
		t.Notes[idx[len(idx)-1]].Pitch += 12
	}
}

// ceiling returns the pitch a variation of track t's bar at beat start
// stays under: outside the choruses and drops, the highest note t plays in
// them (the melody's climax, placeClimax), else no limit.
func ceiling(s *score.Score, t *score.Track, start float64) int {
	in := func(p float64) bool {
		for _, sec := range s.Sections {
			if (sec.Name == "chorus" || sec.Name == "drop") && p >= sec.StartBeat-1e-9 && p < sec.StartBeat+float64(sec.Bars*s.BeatsPerBar)-1e-9 {
				return true
			}
		}
		return false
	}
	if in(start) {
		return 1 << 30
	}
	peak := -1
	for _, n := range t.Notes {
		if in(n.Start) {
			peak = max(peak, n.Pitch)
		}
	}
	if peak < 0 {
		return 1 << 30
	}
	return peak
}

// varyMelody adds a neighbour tone: a long note becomes the note, the scale
// step above or below, and back; or, failing that, a note off the beat
// moves a step (in 3/4 and 6/8 not a phrase's last note, which
// endOnChordTones put on the chord). A step that would reach ceil goes
// down instead.
func varyMelody(t *score.Track, k harmony.Key, start, end float64, ceil int, r *harmony.RNG) {
	idx := notesIn(t, start, end)
	for _, i := range idx {
		n := t.Notes[i]
		if n.Length < 1 {
			continue
		}
		half := n.Start + math.Floor(n.Length)/2
		if half <= n.Start {
			half = n.Start + 0.5
		}
		step := []int{1, -1}[r.Intn(2)]
		nb := k.Pitch(k.DegreeNear(n.Pitch, 0)+step, 0)
		if nb >= ceil {
			nb = k.Pitch(k.DegreeNear(n.Pitch, 0)-1, 0)
		}
		splitNote(t, i, half, nb)
		return
	}
	for j := len(idx) - 1; j >= 1; j-- { // not the bar's first note, which sits on the chord
		i := idx[j]
		if end-start != 4 && phraseEnd(t.Notes, i) {
			continue // in 3/4 and 6/8 a phrase's last note keeps its chord tone
		}
		if t.Notes[i].Start-start != math.Floor(t.Notes[i].Start-start) {
			d := k.DegreeNear(t.Notes[i].Pitch, 0)
			q := k.Pitch(d+[]int{1, -1}[r.Intn(2)], 0)
			if q >= ceil {
				q = k.Pitch(d-1, 0)
			}
			t.Notes[i].Pitch = q
			return
		}
	}
	if len(idx) > 1 {
		t.Notes[idx[len(idx)-1]].Length *= 0.5 // a shorter last note: a breath
	}
}

// phraseEnd reports whether note i ends a phrase: the last note, or one a
// rest of a beat or more follows.
func phraseEnd(notes []score.Note, i int) bool {
	return i+1 >= len(notes) || notes[i+1].Start-(notes[i].Start+notes[i].Length) >= 1
}

// varyArp plays the bar's arpeggio in reverse order, each half of a 4/4
// bar apart (the chord may change on beat 3).
func varyArp(t *score.Track, start, end float64) {
	cuts := []float64{start, end}
	if end-start == 4 {
		cuts = []float64{start, start + 2, end}
	}
	for c := 0; c+1 < len(cuts); c++ {
		idx := notesIn(t, cuts[c], cuts[c+1])
		for a, b := 0, len(idx)-1; a < b; a, b = a+1, b-1 {
			t.Notes[idx[a]].Pitch, t.Notes[idx[b]].Pitch = t.Notes[idx[b]].Pitch, t.Notes[idx[a]].Pitch
		}
	}
}

// varyVoicing reshapes the bar's chords: the top note drops an octave (or
// the bottom note rises one), keeping the same chord tones.
func varyVoicing(t *score.Track, start, end float64, r *harmony.RNG) {
	idx := notesIn(t, start, end)
	if len(idx) == 0 {
		return
	}
	up := r.Chance(0.5)
	byStart := map[float64][]int{}
	var starts []float64
	for _, i := range idx {
		st := t.Notes[i].Start
		if _, ok := byStart[st]; !ok {
			starts = append(starts, st)
		}
		byStart[st] = append(byStart[st], i)
	}
	for _, st := range starts {
		g := byStart[st]
		hi, lo := g[0], g[0]
		for _, i := range g {
			if t.Notes[i].Pitch > t.Notes[hi].Pitch {
				hi = i
			}
			if t.Notes[i].Pitch < t.Notes[lo].Pitch {
				lo = i
			}
		}
		if up {
			t.Notes[lo].Pitch += 12
		} else {
			t.Notes[hi].Pitch -= 12
		}
	}
}
