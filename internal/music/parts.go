package music

import (
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/genre"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// part collects the notes of one pitched track.
type part struct {
	notes []score.Note
	swing form.Swing
	r     *harmony.RNG
}

// add adds a note at beat pos (swung), humanising its velocity.
func (pt *part) add(pos, length float64, pitch int, v float64, glide bool) {
	start := pt.swing.Pos(pos)
	pt.notes = append(pt.notes, score.Note{Start: start, Length: length - (start - pos), Pitch: pitch, Velocity: pt.r.Jitter(v, 0.05), Glide: glide})
}

// nextChord returns the chord that starts the bar after bar b (the next
// section's first chord at the end).
func nextChord(secs []form.Section, i, b int) harmony.Chord {
	if b+1 < secs[i].Bars || i+1 >= len(secs) {
		return secs[i].BarAt(b + 1).C
	}
	return secs[i+1].BarAt(0).C
}

func bassTonesOf(c harmony.Chord, k harmony.Key, lo int) harmony.BassTones {
	if c.Slash != 0 {
		return harmony.SlashTones(c, k, lo) // an inversion or a pedal (slash.go)
	}
	root := c.RootPitch(k, lo)
	if c.Octave {
		return harmony.BassTones{Root: root, Third: root + c.Tones[1], Fifth: root + 12, Octave: root + 12}
	}
	return harmony.BassTones{Root: root, Third: root + c.Tones[1], Fifth: c.FifthPitch(k, root), Octave: root + 12}
}

// changeTo makes a monophonic line written since index from play pitch on
// beat at, where the chord changes: a note starting there takes the pitch; a
// note sounding across it stops there, and the new pitch sounds for the rest
// of its length (or one beat in a rest).
func (pt *part) changeTo(from int, at float64, pitch int, v float64) {
	end := at + 1
	for j := from; j < len(pt.notes); j++ {
		n := &pt.notes[j]
		if n.Start == at {
			n.Pitch, n.Glide = pitch, false
			return
		}
		if n.Start < at && n.Start+n.Length > at {
			end = n.Start + n.Length
			n.Length = at - n.Start
		} else if n.Start > at {
			end = min(end, n.Start)
		}
	}
	pt.notes = append(pt.notes, score.Note{Start: at, Length: end - at, Pitch: pitch, Velocity: v})
}

// writeChords writes the comping part (the bar's chord, and its second chord
// from the split when the bar changes chord) of every section
// where layer l plays, in the given comping style.
//
// In a concert piece (concertPulse) the chords of an intro in 3/4 play as
// in the piece (oomPahPah), not struck whole on every beat: the bass note
// on the downbeat and the chord on 2 and 3 state the meter from the first
// bar (a minuet at 83 bpm was heard at 90: aubio counted eighths over its
// first bars).
func writeChords(secs []form.Section, k harmony.Key, l form.Layer, kind genre.CompStyle, lines []style.Line, m style.Meter, inst score.Instrument, swing form.Swing, beatRoll bool, seed uint64, stream, styleName string) []score.Note {
	pt := &part{swing: swing, r: harmony.NewRNG(seed, stream)}
	center := harmony.CompCenter(inst)
	// The chord part of a waltz without drums keeps the beats (oomPahPah),
	// unless a pad or strings play it: their slow attack cannot mark a
	// beat, and they hold the harmony as in a waltz band.
	waltz := l == form.LayerChords && drumless(secs) && !slowAttack(inst)
	concert := len(secs) > 0 && concertPulse(styleName, secs[0].BPM, drumless(secs))
	var prev []int
	for i := range secs {
		s := &secs[i]
		if !s.On[l] {
			continue
		}
		for b := 0; b < s.Bars; b++ {
			if !s.Plays(l, b) {
				continue
			}
			t := s.StartBeat + float64(s.Beats*b)
			h := s.BarAt(b)
			c := h.C
			v := (0.5 + 0.35*s.Energy) * swell(s, b)
			from := len(pt.notes)
			var vc, vc2 []int
			vc, vc2, prev = barVoicings(h, k, kind, center, prev)
			full, full2 := vc, vc2
			vc, vc2 = riddimIntro(s, kind, vc, vc2)
			final := i == len(secs)-1 && b == s.Bars-1
			if writtenBar(s, kind, final, concert && l == form.LayerChords) {
				// Intro and ending are written for the song, not the
				// groove cut down: chords roll in one note after another
				// in the intro and are held in the outro, and the final
				// cadence's chord sounds to the end.
				// A plucked instrument that would die away before the
				// bar ends strikes the chord again (see keepSounding).
				every, still := 0.0, drumless(secs)
				if !final {
					every = strikeEvery(inst, s, still)
				}
				pt.keepSounding(t, float64(s.Beats), vc, vc2, h.Split, introRoll(s, still || style.SlowCinematic(styleName, s.BPM), every, beatRoll), v, every)
				continue
			}
			level := sectionLevel(s)
			if l == form.LayerChords && heldBreakdown(styleName, s) {
				level = 1
			}
			if pl := pickLine(lines, m, level); pl != nil {
				low, low2 := c.RootPitch(k, center-12), 0
				if h.Split > 0 {
					low2 = h.C2.RootPitch(k, center-12)
				}
				pt.compLine(pl, t, s.Beats, vc, vc2, low, low2, h.Split, v)
				continue
			}
			if s.Beats == 3 && waltz && (kind == genre.CompBroken || kind == genre.CompBlock) {
				oomPahPah(pt, kind, t, vc, v)
			} else if s.Beats == 3 {
				comp3(pt, kind, t, vc, v, s.Energy)
			} else {
				comp(pt, kind, t, vc, v, s.Energy)
			}
			if h.Split > 0 {
				pt.rechord(from, t+h.Split, vc, vc2)
			}
			pt.riddimHold(s, kind, t, h.Split, full, full2, v)
		}
	}
	return pt.notes
}

// writtenBar reports whether a bar of section s is written for the song
// rather than played in the comping style kind: the intro's and the
// outro's bars and the final bar (the song's last, final). A ballad's
// piano (balladBar) sets its eighths going from the intro's first bar,
// for a listener and a tempo tracker; a reggae intro is the riddim, the
// skank from the first bar over the drums' count-in. Their chords rolled
// in over the intro (in held chords, eighths or a note a beat) made aubio
// begin on another pulse than the groove's. A concert piece's chords
// (concertChords) in a 3/4 intro play as in the piece (oomPahPah).
func writtenBar(s *form.Section, kind genre.CompStyle, final, concertChords bool) bool {
	if s.Name == "intro" && (kind == genre.CompSkank || kind == genre.CompBallad && s.Beats == 4 || concertChords && s.Beats == 3) {
		return false
	}
	return s.Name == "intro" || s.Name == "outro" || final
}

// riddimIntro thins a reggae intro's skank (the riddim from the first
// bar, writtenBar): its chords without their lowest note, the full chord
// from the verse on, so the intro is the groove's own and not a bar of
// the body. Other sections and styles keep voicings vc and vc2.
func riddimIntro(s *form.Section, kind genre.CompStyle, vc, vc2 []int) ([]int, []int) {
	if s.Name != "intro" || kind != genre.CompSkank {
		return vc, vc2
	}
	thin := func(v []int) []int {
		if len(v) < 3 {
			return v
		}
		return v[1:]
	}
	return thin(vc), thin(vc2)
}

// riddimHold holds the note a reggae intro's thinned skank leaves out
// (riddimIntro: the full voicing's lowest) under its chops, from the
// bar's first beat to its end (the second chord's from the split), as an
// organ holds a chord under the riddim. The chops are short (0.3 beats)
// and the count-in light: between them the intro fell 33-63 dB under the
// song's median level (reggae's quiet-moment depth 30.5 dB against the
// references' 6.8). A held note strikes only on the bar's beats, so the
// tempo trackers hear the same pulse: ringing chops (onsets to the next
// chop) and a bass held under the count-in moved aubio 4-5 % on two
// seeds of three.
func (pt *part) riddimHold(s *form.Section, kind genre.CompStyle, t, split float64, full, full2 []int, v float64) {
	if s.Name != "intro" || kind != genre.CompSkank || len(full) < 3 {
		return
	}
	bar := float64(s.Beats)
	if split > 0 && len(full2) >= 3 {
		pt.add(t, split, full[0], v, false)
		pt.add(t+split, bar-split, full2[0], v, false)
		return
	}
	pt.add(t, bar, full[0], v, false)
}

// compVoicing returns the voicing a comping style plays for chord c: a power
// chord, or a close voicing (rootless for ninth chords) led from prev.
func compVoicing(c harmony.Chord, k harmony.Key, style genre.CompStyle, center int, prev []int) []int {
	if style == genre.CompPower {
		root := c.RootPitch(k, center-5)
		fifth := root + 7
		if !harmony.InScale(fifth, k.Root, k.Mode) {
			fifth = root + c.Tones[2]
		}
		return []int{root, fifth, root + 12}
	}
	pcs := c.PCs(k)
	if len(pcs) == 5 {
		pcs = pcs[1:] // rootless voicing: the bass has the root
	}
	return harmony.Voice(pcs, center, prev)
}

// barVoicings voices a bar's chord (and its second chord, from the split)
// led from prev; it returns them and the voicing the next bar leads from
// (power chords do not lead). A broken chord adds its bass note.
func barVoicings(h harmony.BarChord, k harmony.Key, kind genre.CompStyle, center int, prev []int) (vc, vc2, next []int) {
	vc = compVoicing(h.C, k, kind, center, prev)
	if kind != genre.CompPower {
		prev = vc
	}
	if h.Split > 0 {
		vc2 = compVoicing(h.C2, k, kind, center, prev)
		if kind != genre.CompPower {
			prev = vc2
		}
	}
	if kind == genre.CompBroken {
		// The broken-chord bass note moves with the chord too.
		vc = append(vc, h.C.RootPitch(k, center-12))
		if vc2 != nil {
			vc2 = append(vc2, h.C2.RootPitch(k, center-12))
		}
	}
	return vc, vc2, prev
}

// introRoll is the longest step, in beats, between the notes of a chord
// rolled in over an intro's bar (0: struck together; see held). Without
// drums (still) the roll is the pulse a listener and a tempo tracker first
// hear: a chord struck again on the beats is not rolled, and at 75-105
// bpm, where aubio takes the beat or its eighths alike, the roll enters a
// note a beat, as a roll in eighths there made aubio count eighths through
// the piece's first sections (a string quartet at 97 bpm heard at
// 196-202, then at 100 in its bridge). Slower, the eighths are the pulse
// heard (twice the tempo); quicker, the beat is. A slow groove of
// beatRoll's styles (pulseIntro) rolls a note a beat over its drums too:
// a roll over half a split bar stepped in triplets (a shuffle's own
// subdivision), and aubio took them for its first beats (a slow blues at
// 66 bpm heard at 80.4, gospel at 87 at 90.2). A slow cinematic piece
// (style.SlowCinematic) rolls its intro's chords in as a piece without drums
// does: rolled in eighths they set aubio on the eighths from the first
// bar, through the build (cinematic strings at 86 bpm heard at 150).
func introRoll(s *form.Section, still bool, every float64, beatRoll bool) float64 {
	switch {
	case s.Name != "intro", still && every >= 1:
		return 0
	case still && s.BPM >= 75 && s.BPM < 105, beatRoll && s.BPM < pulseIntroBPM:
		return 1
	}
	return 0.5
}

// pulseIntro are the slow beat styles whose intro states the beat over
// the drums' count-in (introRoll): the slow blues and gospel, shuffles.
// Their intro rolled its chords in triplets, and aubio, which prints the
// mean of its beat-to-beat tempi, began on them (issue 32 item 2).
var pulseIntro = map[string]bool{"blues": true, "gospel": true}

// pulseIntroBPM is the tempo under which pulseIntro's styles roll their
// intro a note a beat.
const pulseIntroBPM = 100

// beatRoll reports whether the song's intro rolls its chords a note a
// beat over the drums (pulseIntro).
func (g *song) beatRoll() bool { return pulseIntro[g.prof.Style.Name] }
