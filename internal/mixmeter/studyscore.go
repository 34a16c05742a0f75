package mixmeter

import (
	"cmp"
	"encoding/binary"
	"errors"
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/score"
)

// FinalHole returns the longest stretch, in seconds, in the last
// FinalHoleWindow seconds of a performed score (up to its last note-off)
// in which no note of any part sounds; a drum hit sounds for 0.15 s (a
// kit's decay). Issue 32 found calm songs silent for 0.6-1.5 s before
// their last chord.
func FinalHole(s *score.Score) float64 {
	const hitSound = 0.15
	type span struct{ on, off float64 }
	var spans []span
	for _, t := range s.Tracks {
		for _, n := range t.Notes {
			spans = append(spans, span{s.BeatToSeconds(n.Start), s.BeatToSeconds(n.Start + n.Length)})
		}
		for _, h := range t.Hits {
			at := s.BeatToSeconds(h.Start)
			spans = append(spans, span{at, at + hitSound})
		}
	}
	if len(spans) == 0 {
		return 0
	}
	end := 0.0
	for _, sp := range spans {
		end = max(end, sp.off)
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.on, b.on) })
	hole, reach := 0.0, end-FinalHoleWindow // everything before counts as sounding
	for _, sp := range spans {
		if sp.off <= reach {
			continue
		}
		hole = max(hole, sp.on-reach)
		reach = max(reach, sp.off)
	}
	return hole
}

// MIDIEvents counts a Standard MIDI File's tempo events (meta 0x51) and
// expression events (control change and pitch bend), over all tracks.
func MIDIEvents(raw []byte) (tempo, expression int, err error) {
	bad := errors.New("mixmeter: not a standard MIDI file")
	if len(raw) < 14 || string(raw[:4]) != "MThd" {
		return 0, 0, bad
	}
	at := 8 + int(binary.BigEndian.Uint32(raw[4:8]))
	for at+8 <= len(raw) {
		n := int(binary.BigEndian.Uint32(raw[at+4 : at+8]))
		id, body := string(raw[at:at+4]), raw[at+8:min(len(raw), at+8+n)]
		at += 8 + n
		if id != "MTrk" {
			continue
		}
		t, e, ok := trackEvents(body)
		if !ok {
			return tempo, expression, bad
		}
		tempo, expression = tempo+t, expression+e
	}
	return tempo, expression, nil
}

// trackEvents counts one track chunk's tempo and expression events.
func trackEvents(b []byte) (tempo, expression int, ok bool) {
	varLen := func(i int) (int, int, bool) {
		v := 0
		for ; i < len(b); i++ {
			v = v<<7 | int(b[i]&0x7f)
			if b[i]&0x80 == 0 {
				return v, i + 1, true
			}
		}
		return 0, i, false
	}
	var status byte
	for i := 0; i < len(b); {
		var good bool
		if _, i, good = varLen(i); !good || i >= len(b) {
			return tempo, expression, good && i == len(b)
		}
		if b[i]&0x80 != 0 {
			status = b[i]
			i++
		}
		switch {
		case status == 0xff:
			if i >= len(b) {
				return tempo, expression, false
			}
			kind := b[i]
			n, j, good := varLen(i + 1)
			if !good {
				return tempo, expression, false
			}
			if kind == 0x51 {
				tempo++
			}
			i = j + n
		case status == 0xf0 || status == 0xf7:
			n, j, good := varLen(i)
			if !good {
				return tempo, expression, false
			}
			i = j + n
		case status&0xf0 == 0xb0 || status&0xf0 == 0xe0:
			expression++
			i += 2
		case status&0xf0 == 0xc0 || status&0xf0 == 0xd0:
			i++
		case status >= 0x80:
			i += 2
		default:
			return tempo, expression, false
		}
	}
	return tempo, expression, true
}

// GateShare is the share (0..1) of a score's lead notes that last 0.9 to
// 1.0 of the time to the next lead note (issue 32: 84 % with a fixed 0.95
// gate; people vary articulation by phrase); false without two lead notes
// at different times.
func GateShare(s *score.Score) (float64, bool) {
	var starts []score.Note
	for _, t := range s.Tracks {
		if t.Part == score.PartLead {
			starts = append(starts, t.Notes...)
		}
	}
	slices.SortFunc(starts, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	in, n := 0, 0
	for i := 0; i+1 < len(starts); i++ {
		gap := starts[i+1].Start - starts[i].Start
		if gap <= 1e-9 {
			continue
		}
		n++
		if r := starts[i].Length / gap; r >= 0.9 && r <= 1.0 {
			in++
		}
	}
	if n == 0 {
		return 0, false
	}
	return float64(in) / float64(n), true
}

// DistinctChords counts the distinct chords of a score: the pitch-class
// sets (3 or more classes) of the notes of all pitched parts starting
// within ChordWindow beats of a chord's first note (the second study's
// reading of the MIDI: onsets within 30 ticks of 480).
func DistinctChords(s *score.Score) int {
	var notes []score.Note
	for _, t := range s.Tracks {
		if t.Part != score.PartDrums {
			notes = append(notes, t.Notes...)
		}
	}
	slices.SortFunc(notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
	seen := map[uint16]bool{}
	for i := 0; i < len(notes); {
		var set uint16
		j := i
		for ; j < len(notes) && notes[j].Start-notes[i].Start <= ChordWindow; j++ {
			set |= 1 << (((notes[j].Pitch % 12) + 12) % 12)
		}
		if bitsSet(set) >= 3 {
			seen[set] = true
		}
		i = j
	}
	return len(seen)
}

// ChordWindow is how close, in beats, the onsets of one chord lie.
const ChordWindow = 30.0 / 480

func bitsSet(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// TempoAgrees reports whether a tracker's tempo heard lies within 3 % of
// the tempo asked, of its half or of its double (issue 32 item 2).
func TempoAgrees(heard, asked float64) bool {
	for _, m := range []float64{0.5, 1, 2} {
		if asked > 0 && math.Abs(heard/(asked*m)-1) <= 0.03 {
			return true
		}
	}
	return false
}
