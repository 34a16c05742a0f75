package music

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// concertPulse reports whether a song of style name at bpm (drumless:
// without drums, the band states the beat) keeps one metrical level from
// intro to end for a listener and a tempo tracker to count: the classical
// style (string quartets, minuets) at 75-105 bpm, where aubio takes the
// beat or its eighths alike (docs/engine.md#calm-pulse).
func concertPulse(name string, bpm float64, drumless bool) bool {
	return name == "classical" && bpm >= 75 && bpm < 105 && drumless
}

// answerOnBeats moves the notes of an intro's answer onto the beats: a
// note starting between two beats is dropped and the note before it held
// through it. The intro's answer is the first tune a listener hears over
// the chords struck on the beats; its eighths and dotted figures were the
// pulse aubio counted through the intro (a minuet at 83 bpm heard at 90,
// a string quartet at 97 at 114).
func answerOnBeats(secs []form.Section, notes []score.Note) []score.Note {
	out := notes[:0:0]
	for _, n := range notes {
		i := slices.IndexFunc(secs, func(s form.Section) bool {
			return n.Start >= s.StartBeat-1e-9 && n.Start < s.StartBeat+float64(s.Bars*s.Beats)-1e-9
		})
		if i < 0 || secs[i].Name != "intro" || math.Abs(n.Start-math.Round(n.Start)) < 1e-6 {
			out = append(out, n)
			continue
		}
		if k := len(out) - 1; k >= 0 && out[k].Start > n.Start-1-1e-9 {
			out[k].Length = max(out[k].Length, n.Start+n.Length-out[k].Start)
		}
	}
	return out
}

// concertBassBar is a bar of the cellos in a concert piece (see
// concertPulse) in 4/4: a note on every beat, the downbeat strongest (the
// root, the fifth, the root again, a step into the next bar's root).
// The root-fifth bass's dotted quarter and eighth under a chorus's dotted
// tune left aubio counting dotted eighths (a string quartet's chorus at
// 97 bpm heard at 133-137). With halves (a bridge, concertBridge) the
// cellos play the root and the fifth in half notes.
func concertBassBar(pt *part, k harmony.Key, bb *bassBar, halves bool) {
	t, v := bb.t, bb.v
	if halves {
		pt.add(t, 2, bb.first.Root, v, false)
		pt.add(t+2, 2, bb.at(2).Fifth, v*0.8, false)
		return
	}
	pt.add(t, 1, bb.first.Root, v, false)
	pt.add(t+1, 1, bb.at(1).Fifth, v*0.75, false)
	pt.add(t+2, 1, bb.at(2).Root, v*0.85, false)
	pt.add(t+3, 1, harmony.Approach(k, bb.nextRoot, bb.at(3).Root), v*0.75, false)
}

// lightOffBeats plays the notes that start between the beats at share of
// their velocity.
func lightOffBeats(notes []score.Note, share float64) {
	for i := range notes {
		if math.Abs(notes[i].Start-math.Round(notes[i].Start)) > 1e-6 {
			notes[i].Velocity *= share
		}
	}
}

// concertBridge reports whether section i of secs, in a concert piece
// (concert, see concertPulse), is a bridge the chorus follows, where the
// cellos play half notes and the tune moves more freely over them (the
// chorus states every beat again): Essentia's beat confidence of the
// string quartet seed 2 2.28 -> 2.07, seed 1 1.56 -> 1.49. Held a bar
// (1.72) they lost aubio (103.6 for 98: it counted the tune), in the
// verses too seed 2 lost it (108.8), and a bridge into the outro lost it
// too (a 30 s quartet, TestCalmTempoHeard: 100.9 for 97).
func concertBridge(concert bool, secs []form.Section, i int) bool {
	return concert && secs[i].Name == "bridge" && i+1 < len(secs) && secs[i+1].Name != "outro"
}

// heldBreakdown reports whether section s of a song of style name is a
// trailer's held breakdown: a cinematic piece at 95 bpm or more (not
// style.SlowCinematic) rests its arpeggio there and holds its chords a bar,
// the tune moving alone over the choir, as a trailer breathes before its
// last build. Essentia's beat trackers each find their own beat there
// (the trailer's beat confidence 2.09 -> 1.99 and 2.24 -> 1.88), while
// aubio free-runs on the period it has. A slow cinematic piece keeps its
// arpeggio: held, its outro lost aubio (cinematic strings seed 3 heard at
// 100.2 for 89, the outro at 120-157 bpm).
func heldBreakdown(name string, s *form.Section) bool {
	return name == "cinematic" && s.Name == "breakdown" && !style.SlowCinematic(name, s.BPM)
}

// restingOutro reports whether section s of a song of style name is a
// trailer's outro (see heldBreakdown) whose drums rest: its last chords
// and choir ring alone after the last build (beat confidence 1.99 ->
// 1.84 and 1.88 -> 1.56).
func restingOutro(name string, s *form.Section) bool {
	return name == "cinematic" && s.Name == "outro" && !style.SlowCinematic(name, s.BPM)
}

// breatheTrailer holds a trailer's breakdown (its arpeggio rests:
// heldBreakdown) and lets its outro ring without drums (restingOutro).
func breatheTrailer(styleName string, secs []form.Section) {
	for i := range secs {
		if s := &secs[i]; heldBreakdown(styleName, s) {
			s.On[form.LayerArp] = false
		} else if restingOutro(styleName, s) {
			s.On[form.LayerDrums] = false
		}
	}
}
