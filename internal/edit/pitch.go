package edit

import (
	"strings"

	"github.com/songsmith/songsmith/internal/score"
)

// Interval returns the move from tonic from to tonic to: -5..+6 semitones
// (the nearer way; a tritone goes up).
func Interval(from, to int) int {
	d := ((to-from)%12 + 12) % 12
	if d > 6 {
		d -= 12
	}
	return d
}

// Transpose returns s in the key of tonic root: every pitched part moves
// by Interval(s.KeyRoot, root), the drums stay, the chord symbols follow.
// A mode other than the song's ("" keeps it) is ErrEdit.
func Transpose(s *score.Score, root int, mode string) (*score.Score, error) {
	if mode != "" && mode != s.Mode {
		return nil, fail("The song is in %s %s; a key edit moves the tonic and keeps the mode, so give 'key' as %q or in %s (a %s song is a new song: POST /generate).",
			noteNames[s.KeyRoot], s.Mode, noteNames[root], s.Mode, mode)
	}
	out := Clone(s)
	d := Interval(s.KeyRoot, root)
	out.KeyRoot = ((root % 12) + 12) % 12
	if d == 0 {
		return out, nil
	}
	for ti := range out.Tracks {
		t := &out.Tracks[ti]
		if t.Instrument == score.Drums {
			continue
		}
		for k := range t.Notes {
			t.Notes[k].Pitch = min(max(t.Notes[k].Pitch+d, 0), 127)
		}
	}
	for k := range out.Chords {
		out.Chords[k].Symbol = TransposeSymbol(out.Chords[k].Symbol, d)
	}
	return out, nil
}

// noteNames spell pitch classes as the chord symbols do.
var noteNames = [12]string{"C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"}

var letterPC = map[byte]int{'C': 0, 'D': 2, 'E': 4, 'F': 5, 'G': 7, 'A': 9, 'B': 11}

// TransposeSymbol moves a chord symbol ("F#m7", "Bb/D") by d semitones;
// a symbol it cannot read is returned as it is.
func TransposeSymbol(sym string, d int) string {
	head, bass, slash := strings.Cut(sym, "/")
	r, rest, ok := moveRoot(head, d)
	if !ok {
		return sym
	}
	out := r + rest
	if slash {
		b, brest, ok := moveRoot(bass, d)
		if !ok {
			return sym
		}
		out += "/" + b + brest
	}
	return out
}

func moveRoot(s string, d int) (root, rest string, ok bool) {
	if s == "" {
		return "", "", false
	}
	pc, ok := letterPC[s[0]]
	if !ok {
		return "", "", false
	}
	n := 1
	if len(s) > 1 && (s[1] == '#' || s[1] == 'b') {
		if s[1] == '#' {
			pc++
		} else {
			pc--
		}
		n = 2
	}
	return noteNames[((pc+d)%12+12)%12], s[n:], true
}
