package music

import (
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
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
// 97 bpm heard at 133-137).
func concertBassBar(pt *part, k harmony.Key, bb *bassBar) {
	t, v := bb.t, bb.v
	pt.add(t, 1, bb.first.Root, v, false)
	pt.add(t+1, 1, bb.at(1).Fifth, v*0.75, false)
	pt.add(t+2, 1, bb.at(2).Root, v*0.85, false)
	pt.add(t+3, 1, harmony.Approach(k, bb.nextRoot, bb.at(3).Root), v*0.75, false)
}

// slowCinematic reports whether a song of style name at bpm is a slow
// cinematic piece (under 95 bpm), whose eighths aubio takes for the beat
// as readily as its beats.
func slowCinematic(name string, bpm float64) bool {
	return name == "cinematic" && bpm < 95
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

// heldBreakdown reports whether section s of a song of style name is a
// held breakdown: a cinematic breakdown where the arpeggio rests and the
// chords are held, the tune moving alone over them.
func heldBreakdown(name string, s *form.Section) bool {
	return name == "cinematic" && s.Name == "breakdown"
}
