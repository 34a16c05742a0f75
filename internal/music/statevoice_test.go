package music_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/chordchart"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
)

// A given chart's elevenths and thirteenths are voiced as an arranger
// writes them (statevoice.go): every comping hit on one (but the shells
// of its third and seventh the pass strikes on a chord's first beat where
// the rhythm leaves it empty, state.go) holds its root,
// third and seventh, from C3 up, its fifth is left out, and its
// extensions sound above the seventh, softer than the hit's root.
func TestGivenBigChordsVoiced(t *testing.T) {
	for _, prompt := range []string{"jazz trio", "neo soul", "big band"} {
		p := reader.Parse(prompt)
		p.Chords = map[string]string{"song": "Bbm9 Eb13 | Abmaj9 | Dm11 G13 | Cmaj13"}
		s := music.Compose(p, 5)
		hits := 0
		for _, tr := range s.Tracks {
			if tr.Part != score.PartChords {
				continue
			}
			byStart := map[float64][]score.Note{}
			for _, n := range tr.Notes {
				byStart[n.Start] = append(byStart[n.Start], n)
			}
			for at, hit := range byStart {
				sym := symbolAt(s, at)
				ch, err := chordchart.ParseChart(sym)
				if err != nil || len(ch[0][0].Tones) < 6 || len(hit) < 3 {
					continue
				}
				hits++
				checkBigHit(t, prompt, sym, at, ch[0][0], hit)
			}
		}
		if hits == 0 {
			t.Errorf("%s: no comping hit on an eleventh or thirteenth", prompt)
		}
	}
}

// checkBigHit checks one comping hit on big chord c.
func checkBigHit(t *testing.T, prompt, sym string, at float64, c chordchart.ChartChord, hit []score.Note) {
	t.Helper()
	var root *score.Note
	has := map[int]bool{}
	for i, n := range hit {
		iv := ((n.Pitch-c.Root)%12 + 12) % 12
		has[iv] = true
		if iv == 0 && (root == nil || n.Pitch < root.Pitch) {
			root = &hit[i]
		}
	}
	if root == nil || !has[c.Tones[1]%12] || !has[c.Tones[3]%12] || has[7] {
		t.Errorf("%s: %s at beat %g: the hit %v lacks its root, third or seventh, or sounds its fifth", prompt, sym, at, hit)
		return
	}
	if root.Pitch < 48 {
		t.Errorf("%s: %s at beat %g: root %d under C3", prompt, sym, at, root.Pitch)
	}
	for _, n := range hit {
		iv := ((n.Pitch-c.Root)%12 + 12) % 12
		if iv != 0 && iv != c.Tones[1]%12 && iv != c.Tones[3]%12 && (n.Pitch < root.Pitch+c.Tones[3] || n.Velocity >= root.Velocity) {
			t.Errorf("%s: %s at beat %g: extension %d not above the seventh and softer than the root (%v)", prompt, sym, at, n.Pitch, hit)
		}
	}
}
