package music

import (
	"fmt"

	"github.com/songsmith/songsmith/internal/music/cast"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
)

// writeLead writes the melody of every section with a lead: a motif per
// kind of section, built into four-bar phrases (statement, variation,
// restatement, cadence) with strong beats on chord tones. When the lead
// plays in the song's last bar, that bar is a closed cadence ending on the
// tonic.
func writeLead(secs []form.Section, k harmony.Key, prof genre.Profile, inst, answerInst score.Instrument, swing form.Swing, seed uint64) (lead, answered []score.Note) {
	w := newLeadWriter(secs[0].Beats, k, prof, answerInst, seed)
	w.voices = map[cast.Voice]*melodyVoice{
		cast.Sing:   newMelodyVoice(k, inst, &part{swing: swing, r: harmony.NewRNG(seed, "melody-vel")}),
		cast.Answer: newMelodyVoice(k, answerInst, &part{swing: swing, r: harmony.NewRNG(seed, "answer-vel")}),
	}
	for i := range secs {
		if cast.Melodic(&secs[i]) {
			w.section(secs, i)
		}
	}
	for _, mv := range w.voices {
		endOnChordTones(secs, k, mv)
	}
	placeClimax(secs, k, w.voices[cast.Sing])
	return w.voices[cast.Sing].pt.notes, w.voices[cast.Answer].pt.notes
}

// leadWriter writes the lead's phrases: the motifs of verse, chorus and
// bridge, and the voices that sing and answer them.
type leadWriter struct {
	k          harmony.Key
	prof       genre.Profile
	beats      int
	motifs     [3]motif
	voices     map[cast.Voice]*melodyVoice
	answerInst score.Instrument
	seed       uint64
}

// newLeadWriter draws the three motifs, as dense as the style's lead.
func newLeadWriter(beats int, k harmony.Key, prof genre.Profile, answerInst score.Instrument, seed uint64) *leadWriter {
	r := harmony.NewRNG(seed, "melody")
	tier := 0
	switch {
	case prof.LeadDense >= 0.55:
		tier = 2
	case prof.LeadDense >= 0.35:
		tier = 1
	}
	w := &leadWriter{k: k, prof: prof, beats: beats, answerInst: answerInst, seed: seed}
	w.motifs = [3]motif{
		newMotif(tier, r.Intn(3)*2, beats, r),             // verse: starts on 1, 3 or 5
		newMotif(min(tier+1, 2), 2+2*r.Intn(2), beats, r), // chorus: higher
		newMotif(max(tier-1, 0), 1+r.Intn(4), beats, r),   // bridge: sparser, elsewhere
	}
	w.motifs[1].vary = 0 // the chorus hook: a figure and its sequence
	if prof.LeadEighths {
		for i := range w.motifs {
			w.motifs[i].rhythm = onEighths(w.motifs[i].rhythm)
		}
	}
	if beats != 4 {
		// In 3/4 and 6/8 a figure is not displaced: every bar keeps a
		// note on its downbeat, so the meter (and its tempo) stays heard.
		for i := range w.motifs {
			w.motifs[i].vary = min(w.motifs[i].vary, 1)
		}
	}
	return w
}

// section writes the melody of section i, bar by bar: the phrase bar's
// figure (figure), sung by the voice whose turn it is.
func (w *leadWriter) section(secs []form.Section, i int) {
	s := &secs[i]
	m := w.motifs[s.Motif]
	v := 0.6 + 0.3*s.Energy
	for _, mv := range w.voices {
		mv.last = -1 << 30
	}
	base0 := m.start // where bar 0 of the current phrase placed the figure
	for b := 0; b < s.Bars; b++ {
		pb, phrase := b%4, b/4
		final := i == len(secs)-1 && b == s.Bars-1
		who := cast.WhoPlays(s, b, final)
		if who == cast.Answer && w.answerInst == "" {
			who = cast.Breath
		}
		if final {
			pb = 3 // the song's last bar: a closed ending on the tonic
		}
		h := s.BarAt(b)
		if pb == 0 && who == cast.Breath {
			base0 = figureBase(w.k, h, m.realise(m.start, false, 0), m.start, oct0(w.voices), 0)
		}
		if who == cast.Breath {
			continue
		}
		mv := w.voices[who]
		var bar []melodyNote
		rigid := true // a figure kept whole: moved as one, not note by note
		switch pb {
		case 0:
			bar, base0 = w.statement(m, h, mv.oct)
		case 1:
			bar = w.variation(m, h, base0, phrase, mv.oct)
		case 2:
			bar = w.restatement(s, m, h, base0, phrase, mv.oct)
		default:
			bar, rigid = w.cadence(m, phrase%2 == 1 || b == s.Bars-1), false
		}
		w.sing(s, b, pb, h, bar, rigid, mv, v, final)
	}
}

// statement places the figure on the phrase's first chord; it returns the
// bar and the figure's base, which the phrase's later bars move from.
func (w *leadWriter) statement(m motif, h harmony.BarChord, oct int) ([]melodyNote, int) {
	bar := m.realise(m.start, false, 0)
	base0 := figureBase(w.k, h, bar, m.start, oct, 0)
	return m.realise(base0, false, 0), base0
}

// variation is a phrase's second bar: the figure in sequence (a step or a
// third away), inverted, or displaced by an eighth, as the motif varies.
func (w *leadWriter) variation(m motif, h harmony.BarChord, base0, phrase, oct int) []melodyNote {
	k, vary := w.k, m.vary
	if phrase%2 == 0 {
		vary = 0 // a section's first phrase develops its figure by sequence
	}
	switch vary {
	case 0: // a sequence: the figure a step or a third away
		pref := []int{1, -1, 2}[phrase%3]
		return m.realise(figureBase(k, h, m.realise(base0, false, 0), base0, oct, pref), false, 0)
	case 1: // the figure inverted
		inv := m.realise(base0+2, true, 0)
		return m.realise(figureBase(k, h, inv, base0+2, oct, 0), true, 0)
	default: // displaced by an eighth
		return m.realise(base0, false, 0.5)
	}
}

// restatement is a phrase's third bar: the hook in augmentation in the
// bridge's first phrase, else the figure answered inverted, a step down,
// or restated on the bar's chord.
func (w *leadWriter) restatement(s *form.Section, m motif, h harmony.BarChord, base0, phrase, oct int) []melodyNote {
	k := w.k
	if s.Name == "bridge" && phrase == 0 {
		// The bridge recalls the hook in augmentation: the chorus
		// figure's first half at half speed.
		am := w.motifs[1].augmented()
		return am.realise(figureBase(k, h, am.realise(am.start, false, 0), am.start, oct, 0), false, 0)
	}
	switch {
	case phrase%2 == 1: // call, then answer inverted
		inv := m.realise(base0+2, true, 0)
		return m.realise(figureBase(k, h, inv, base0+2, oct, 0), true, 0)
	case m.vary != 0: // the figure a step down, when bar 2 did not sequence it
		return m.realise(figureBase(k, h, m.realise(base0, false, 0), base0, oct, -1), false, 0)
	default: // restated on this bar's chord
		return m.realise(figureBase(k, h, m.realise(base0, false, 0), base0, oct, 0), false, 0)
	}
}

// cadence is a phrase's last bar: the figure's first half, then a long
// note on the third (an open ending; the fifth in styles with blue notes)
// or, when closed, on the tonic.
func (w *leadWriter) cadence(m motif, closed bool) []melodyNote {
	beats := w.beats
	bar := m.realise(m.start, false, 0)
	cut := bar[:0]
	for _, n := range bar {
		if n.at < float64(beats)/2 {
			cut = append(cut, n)
		}
	}
	// An open ending on the third (the dominant, over and over,
	// pulls the key to it), or in styles with blue notes on the
	// dominant their flat fifth leans into.
	target := 2
	if w.prof.Blue > 0 {
		target = 4
	}
	if closed {
		target = 0 // closed ending on the tonic
	}
	switch beats {
	case 3:
		return []melodyNote{{0, 3, target}} // a dotted half on the downbeat
	case 2:
		return append(cut, melodyNote{1, 1, target}) // 6/8: the second dotted quarter
	default:
		return append(cut, melodyNote{2, 2, target})
	}
}

// sing gives bar b's figure its pitches (strong notes on the chord unless
// the figure is kept whole, everything in the voice's range) and sings it.
func (w *leadWriter) sing(s *form.Section, b, pb int, h harmony.BarChord, bar []melodyNote, rigid bool, mv *melodyVoice, v float64, final bool) {
	k, beats := w.k, w.beats
	pt, lo, hi, oct := mv.pt, mv.lo, mv.hi, mv.oct
	last := mv.last
	if rigid && h.Split > 0 && !fitsSplit(k, h, bar, oct) {
		rigid = false // a figure off the second chord: every strong note on the chord
	}
	t := s.StartBeat + float64(beats*b)
	pitches := make([]int, len(bar))
	for j, n := range bar {
		d := n.deg
		strong := n.at == 0 || n.at == 2 && beats == 4 || (n.len >= 1 && n.at == float64(int(n.at)))
		if strong && (!rigid || s.Given) {
			// A figure kept whole still lands its strong notes on a
			// given chart's chords: the chords asked for are heard.
			d = nearestChordDegree(k, h.At(n.at), d, oct)
		}
		pitches[j] = k.Pitch(d, oct)
	}
	if rigid && !placeFigure(pitches, lo, hi, last) {
		rigid = false
	}
	// A grace note of the blues is drawn per bar of the phrase, so
	// that a repeated section (the chorus hook) repeats its notes.
	blue := harmony.NewRNG(w.seed, fmt.Sprintf("blue-%d-%d", s.Motif, b%4))
	for j, n := range bar {
		p := pitches[j]
		if !rigid {
			p = fitMelody(k, p, last, lo, hi)
		}
		if q := harmony.BorrowedTone(k, h.At(n.at), p); q != p && q >= lo && q <= hi {
			p = q // mode mixture: the melody takes the borrowed chord's note
		}
		last = pt.singNote(k, h, bar, j, pb, t, v, p, lo, hi, blue, w.prof.Blue, final)
	}
	mv.last = last
}
