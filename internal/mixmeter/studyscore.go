package mixmeter

import (
	"encoding/binary"
	"errors"
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
	slices.SortFunc(spans, func(a, b span) int {
		switch {
		case a.on < b.on:
			return -1
		case a.on > b.on:
			return 1
		}
		return 0
	})
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
