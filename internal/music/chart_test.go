package music

import (
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
)

// The chord chart of a score covers the whole song without gaps or
// overlaps, and it is the harmony the parts play: the pitch classes of the
// chords track's notes that start inside a chord belong to its symbol
// (at least 90 % of them, across styles; voicings keep chord tones).
func TestChordChart(t *testing.T) {
	pc := map[string]int{}
	for i := range 12 {
		pc[harmony.NoteName(i)] = i
	}
	for _, prompt := range []string{"sad piano ballad in D minor", "jazz trio with swing", "12 bar blues shuffle", "edm drop 128 bpm",
		"folk waltz", "bossa nova", "lo-fi hip hop", "epic orchestral", "funk groove", "k-pop"} {
		s := Compose(reader.Parse(prompt), 5)
		if len(s.Chords) == 0 {
			t.Fatalf("%s: no chords", prompt)
		}
		at := 0.0
		for _, c := range s.Chords {
			if c.StartBeat != at || c.Beats <= 0 || c.Symbol == "" {
				t.Fatalf("%s: chord %+v after beat %g", prompt, c, at)
			}
			at += c.Beats
		}
		if at != s.TotalBeats {
			t.Fatalf("%s: chords end at beat %g of %g", prompt, at, s.TotalBeats)
		}
		in, all := 0, 0
		for _, tr := range s.Tracks {
			if tr.Role != score.RoleChords {
				continue
			}
			for _, n := range tr.Notes {
				c := chordAt(s.Chords, n.Start)
				root, tones := parseSymbol(t, pc, c.Symbol)
				all++
				for _, x := range tones {
					if (root+x)%12 == n.Pitch%12 {
						in++
						break
					}
				}
			}
		}
		if all > 0 && float64(in) < 0.9*float64(all) {
			t.Errorf("%s: %d of %d chord-track notes are tones of the chart's chord", prompt, in, all)
		}
	}
}

func chordAt(cs []score.Chord, beat float64) score.Chord {
	for _, c := range cs {
		if beat >= c.StartBeat-1e-9 && beat < c.StartBeat+c.Beats-1e-9 {
			return c
		}
	}
	return cs[len(cs)-1]
}

// parseSymbol reads a symbol chordSymbol wrote back into a root and tones.
func parseSymbol(t *testing.T, pc map[string]int, sym string) (int, []int) {
	t.Helper()
	sym, _, _ = strings.Cut(sym, "/") // the chord over its bass note
	name := sym[:1]
	if len(sym) > 1 && (sym[1] == '#' || sym[1] == 'b') {
		if _, ok := pc[sym[:2]]; ok {
			name = sym[:2]
		}
	}
	root, ok := pc[name]
	if !ok {
		t.Fatalf("symbol %q: unknown root", sym)
	}
	q := strings.TrimPrefix(sym, name)
	for _, x := range form.Qualities {
		if x.Name == q {
			return root, x.Tones
		}
	}
	t.Fatalf("symbol %q: unknown quality %q", sym, q)
	return 0, nil
}
