package music

import (
	"github.com/songsmith/songsmith/internal/music/cast"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// Motif development: a one-bar figure is placed as a whole (its rhythm and
// its steps kept), so that its restatements a step or a third away are
// heard as the same figure (a sequence), and the bridge recalls the hook in
// augmentation.

// figureBase returns the degree a figure (bar, realised from degree base)
// starts on so that its first note is a tone of the bar's chord (and, in a
// bar that changes chord, its strong notes after the change tones of the
// second): base moved by pref scale steps when pref is not 0 (a sequence),
// else the nearest such start. A sequence tries pref, then the other steps
// and thirds, and never stays on base.
func figureBase(k harmony.Key, h harmony.BarChord, bar []melodyNote, base, oct, pref int) int {
	if len(bar) == 0 {
		return base
	}
	c := h.At(bar[0].at)
	tries := []int{0, 1, -1, 2, -2, 3, -3}
	if pref != 0 {
		tries = []int{pref, -pref, 2, -2, 1, -1, 3, -3}
	}
	moved := make([]melodyNote, len(bar))
	fits := func(s int, strict bool) bool {
		if !c.Has(k, k.Pitch(bar[0].deg+s, oct)) {
			return false
		}
		for i, n := range bar {
			moved[i] = melodyNote{n.at, n.len, n.deg + s}
			if p := k.Pitch(n.deg+s, oct); strict && harmony.BorrowedTone(k, h.At(n.at), p) != p {
				return false // a note a chromatic chord would bend
			}
		}
		return h.Split == 0 || fitsSplit(k, h, moved, oct)
	}
	for _, strict := range []bool{true, false} {
		for _, s := range tries {
			if fits(s, strict) {
				return base + s
			}
		}
	}
	if pref == 0 {
		return nearestChordDegree(k, c, bar[0].deg, oct) - (bar[0].deg - base)
	}
	for _, s := range tries {
		if c.Has(k, k.Pitch(bar[0].deg+s, oct)) {
			return base + s
		}
	}
	return base + pref
}

// placeFigure moves a figure's pitches by whole octaves into [lo, hi] and
// away from a leap of more than a major sixth from last, keeping its
// intervals; false when it does not fit.
func placeFigure(ps []int, lo, hi, last int) bool {
	if len(ps) == 0 {
		return true
	}
	mn, mx := ps[0], ps[0]
	for _, p := range ps {
		mn, mx = min(mn, p), max(mx, p)
	}
	if mx-mn > hi-lo {
		return false
	}
	shift := 0
	for mx+shift > hi {
		shift -= 12
	}
	for mn+shift < lo {
		shift += 12
	}
	if mx+shift > hi {
		return false
	}
	if last > 0 {
		p0 := ps[0] + shift
		if p0-last > 9 && mn+shift-12 >= lo {
			shift -= 12
		} else if last-p0 > 9 && mx+shift+12 <= hi {
			shift += 12
		}
	}
	for i := range ps {
		ps[i] += shift
	}
	return true
}

// augmented is the motif at half speed: the notes of its first half with
// their onsets and lengths doubled.
func (m motif) augmented() motif {
	a := m
	a.rhythm, a.steps = nil, nil
	for i, n := range m.rhythm {
		if n.at*2 >= m.beats {
			break
		}
		a.rhythm = append(a.rhythm, beatNote{n.at * 2, min(n.len*2, m.beats-n.at*2)})
		a.steps = append(a.steps, m.steps[i])
	}
	if m.beats != 4 {
		a.rhythm = onBeats(a.rhythm, m.beats)
	}
	return a
}

// onBeats keeps a rhythm of a 3/4 or 6/8 bar on the meter's beats: a beat
// of the bar that no note starts on takes the first note starting inside
// it (a 6/8 figure of eighths augmented to quarters, 0 2/3 4/3, becomes
// the jig's quarter, eighth and dotted quarter, 0 2/3 1, not a hemiola of
// three quarters), and every note lasts until the next one starts.
func onBeats(rhythm []beatNote, beats float64) []beatNote {
	out := append([]beatNote(nil), rhythm...)
	for p := 1.0; p < beats; p++ {
		has, first := false, -1
		for i, n := range out {
			if n.at == p {
				has = true
			}
			if first < 0 && n.at > p && n.at < p+1 {
				first = i
			}
		}
		if !has && first >= 0 {
			out[first].at = p
		}
	}
	for i := range out {
		end := beats
		if i+1 < len(out) {
			end = out[i+1].at
		}
		out[i].len = end - out[i].at
	}
	return out
}

// placeClimax gives every chorus and drop the melody's climax: in the
// third (else fourth) bar of its first phrase the lead's longest note
// rises to the lowest chord tone above every note the lead plays outside
// the choruses, when the lead's range has room for it and the leap stays
// within an octave of the notes around it; with no room above them, to the
// highest chord tone of the range, and reserveClimax moves the notes
// outside the choruses that reach it under it.
func placeClimax(secs []form.Section, k harmony.Key, mv *melodyVoice) {
	notes := mv.pt.notes
	inChorus := func(p float64) bool {
		for i := range secs {
			s := &secs[i]
			end := s.StartBeat + float64(s.Bars*s.Beats)
			if (s.Name == "chorus" || s.Name == "drop") && p >= s.StartBeat-1e-6 && p < end-1e-6 {
				return true
			}
		}
		return false
	}
	top := -1
	for _, n := range notes {
		if !inChorus(n.Start) {
			top = max(top, n.Pitch)
		}
	}
	for i := range secs {
		s := &secs[i]
		if s.Name != "chorus" && s.Name != "drop" || !s.On[form.LayerLead] || s.Bars < 4 {
			continue
		}
		for _, b := range []int{2, 3} {
			if cast.WhoPlays(s, b, false) != cast.Sing || b >= s.Bars-len(s.Ending) {
				continue
			}
			if best := longestIn(notes, s.StartBeat+float64(b*s.Beats), float64(s.Beats)); best >= 0 {
				raiseClimax(notes, best, s.BarAt(b).At(notes[best].Start-s.StartBeat-float64(b*s.Beats)), k, top, mv.hi)
				break
			}
		}
	}
	reserveClimax(secs, k, mv, inChorus)
}

// longestIn returns the index of the longest note starting in the beats
// from t (the first of equals), or -1.
func longestIn(notes []score.Note, t, beats float64) int {
	best := -1
	for j, n := range notes {
		if n.Start >= t-1e-6 && n.Start < t+beats-1e-6 && (best < 0 || n.Length > notes[best].Length+1e-9) {
			best = j
		}
	}
	return best
}

// raiseClimax moves note best up to the lowest tone of chord c above top
// (or, with no room under hi, the highest in range), when the leap stays
// within an octave of its neighbours and no blue grace leads into it.
func raiseClimax(notes []score.Note, best int, c harmony.Chord, k harmony.Key, top, hi int) {
	q := top + 1
	for q <= hi && !(c.Has(k, q) && harmony.InScale(q, k.Root, k.Mode)) {
		q++
	}
	if q > hi { // no room above the rest: the highest chord tone in range (reserveClimax does the rest)
		for q = hi; q > notes[best].Pitch && !(c.Has(k, q) && harmony.InScale(q, k.Root, k.Mode)); q-- {
		}
	}
	near := func(j int) bool { return j < 0 || j >= len(notes) || harmony.Abs(notes[j].Pitch-q) <= 12 }
	// A note a blue grace leads into keeps its pitch.
	graced := best > 0 && !harmony.InScale(notes[best-1].Pitch, k.Root, k.Mode)
	if q <= hi && q > notes[best].Pitch && near(best-1) && near(best+1) && !graced {
		notes[best].Pitch = q
	}
}

// reserveClimax keeps the top of the melody for the choruses when
// placeClimax found no room above the rest of the song: every note outside
// the choruses as high as the choruses' highest note moves down to the
// highest pitch under it that is a scale tone (a tone of the chord
// sounding, when it was one; the song's last note keeps its pitch class).
func reserveClimax(secs []form.Section, k harmony.Key, mv *melodyVoice, inChorus func(float64) bool) {
	notes := mv.pt.notes
	peak, top := -1, -1
	for _, n := range notes {
		if inChorus(n.Start) {
			peak = max(peak, n.Pitch)
		} else {
			top = max(top, n.Pitch)
		}
	}
	if peak < 0 || top < peak {
		return // no chorus, or its climax already the song's
	}
	for i := range notes {
		n := &notes[i]
		if n.Pitch < peak || inChorus(n.Start) {
			continue
		}
		c, ok := soundingAt(secs, n.Start)
		onChord := ok && c.Has(k, n.Pitch)
		last := i == len(notes)-1
		for q := peak - 1; q >= mv.lo; q-- {
			if last && harmony.PC(q) != harmony.PC(n.Pitch) || !harmony.InScale(q, k.Root, k.Mode) || onChord && !c.Has(k, q) {
				continue
			}
			n.Pitch = q
			break
		}
		regrace(notes, i, k)
	}
}

// regrace keeps a blue grace (an out-of-scale note just before notes[i])
// resolving by step into notes[i] after notes[i] moved: the grace becomes
// the new target's blue approach, or the target's pitch when it has none.
func regrace(notes []score.Note, i int, k harmony.Key) {
	if i == 0 {
		return
	}
	g, n := &notes[i-1], notes[i]
	if harmony.InScale(g.Pitch, k.Root, k.Mode) || n.Start-(g.Start+g.Length) > 0.1 {
		return
	}
	if d := n.Pitch - g.Pitch; d != 0 && d >= -2 && d <= 2 {
		return
	}
	if b, ok := blueApproach(k, n.Pitch); ok {
		g.Pitch = b
	} else {
		g.Pitch = n.Pitch
	}
}

// endOnChordTones moves the last note of every phrase of a melody voice
// (a note followed by a rest of a beat or more, or the voice's last) to the
// nearest tone of the chord sounding when it starts, in the scale and the
// voice's range; a blue grace's target and the hook keep their pitch.
func endOnChordTones(secs []form.Section, k harmony.Key, mv *melodyVoice) {
	notes := mv.pt.notes
	for i := range notes {
		n := &notes[i]
		if i+1 < len(notes) && notes[i+1].Start-(n.Start+n.Length) < 1 {
			continue
		}
		if i > 0 && !harmony.InScale(notes[i-1].Pitch, k.Root, k.Mode) {
			continue
		}
		c, ok := soundingAt(secs, n.Start)
		if !ok || c.Has(k, n.Pitch) || inHook(secs, n.Start) {
			continue // (the hook stays as it is, whatever follows it)
		}
		for d := 1; d <= 2; d++ {
			if q := n.Pitch - d; q >= mv.lo && c.Has(k, q) && harmony.InScale(q, k.Root, k.Mode) {
				n.Pitch = q
				break
			}
			if q := n.Pitch + d; q <= mv.hi && c.Has(k, q) && harmony.InScale(q, k.Root, k.Mode) {
				n.Pitch = q
				break
			}
		}
	}
}

// soundingAt returns the chord sounding at beat p of the song.
func soundingAt(secs []form.Section, p float64) (harmony.Chord, bool) {
	for i := range secs {
		s := &secs[i]
		rel := p - s.StartBeat
		if rel < -1e-6 || rel >= float64(s.Bars*s.Beats)-1e-6 {
			continue
		}
		b := min(int(rel/float64(s.Beats)+1e-9), s.Bars-1)
		return s.BarAt(b).At(rel - float64(b*s.Beats)), true
	}
	return harmony.Chord{}, false
}

// inHook reports whether beat p lies in the first two bars of a chorus or
// a drop.
func inHook(secs []form.Section, p float64) bool {
	for i := range secs {
		s := &secs[i]
		if (s.Name == "chorus" || s.Name == "drop") && p >= s.StartBeat-1e-6 && p < s.StartBeat+float64(2*s.Beats)-1e-6 {
			return true
		}
	}
	return false
}

// oct0 is the octave of the lead voice's tonic.
func oct0(voices map[cast.Voice]*melodyVoice) int { return voices[cast.Sing].oct }

// fitsSplit reports whether the note a figure plays on (or first after)
// the chord change of a two-chord bar is a tone of the second chord.
func fitsSplit(k harmony.Key, h harmony.BarChord, bar []melodyNote, oct int) bool {
	for _, n := range bar {
		if n.at >= h.Split {
			return h.C2.Has(k, k.Pitch(n.deg, oct))
		}
	}
	return true
}
