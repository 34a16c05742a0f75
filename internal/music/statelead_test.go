package music_test

import (
	"cmp"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/chordchart"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
)

// A given chart's colour chords are written as an arranger writes them
// (statelead.go): every comping or pad hit of two notes or more on a
// diminished seventh (notes starting within 0.05 beats)
// sounds its four notes, the lead and its answer play
// under it (velocity 0.6 at most, the lead's full velocity being 1 at
// most), no note of the lead or the answer half a beat or longer holds a
// thirteenth chord's seventh, and the toms of a section playing a given
// chart play at 0.6 at most.
func TestGivenColourChords(t *testing.T) {
	dims, thirteenths := 0, 0
	for _, prompt := range []string{"jazz", "neo soul", "big band", "celtic", "jazz trio"} {
		for seed := uint64(1); seed <= 3; seed++ {
			p := reader.Parse(prompt)
			p.Chords = map[string]string{"song": "Cmaj7 C#dim7 | Dm7 G13 | Em7 Ebdim7 | Dm7 G13"}
			s := music.Compose(p, seed)
			d, th := checkColourChords(t, s, prompt)
			dims, thirteenths = dims+d, thirteenths+th
		}
	}
	if dims == 0 || thirteenths == 0 {
		t.Errorf("%d comping hits on a diminished seventh, %d long lead notes on a thirteenth: want some of each", dims, thirteenths)
	}
}

// checkColourChords checks song s of prompt and returns how many comping
// hits on a diminished seventh and long lead notes on a thirteenth it
// checked.
func checkColourChords(t *testing.T, s *score.Score, prompt string) (dims, thirteenths int) {
	t.Helper()
	for _, tr := range s.Tracks {
		switch tr.Part {
		case score.PartChords, score.PartPad:
			notes := slices.Clone(tr.Notes)
			slices.SortStableFunc(notes, func(a, b score.Note) int { return cmp.Compare(a.Start, b.Start) })
			for i := 0; i < len(notes); {
				j := i + 1
				for j < len(notes) && notes[j].Start < notes[i].Start+0.05 {
					j++
				}
				at, hit := notes[i].Start, notes[i:j]
				i = j
				if c, ok := chartChordAt(s, at); ok && isDim7Chart(c) && len(hit) >= 2 {
					dims++
					has := map[int]bool{}
					for _, n := range hit {
						has[((n.Pitch-c.Root)%12+12)%12] = true
					}
					if !has[0] || !has[3] || !has[6] || !has[9] {
						t.Errorf("%s: %s hit at beat %g lacks a note of the diminished seventh: %v", prompt, tr.Part, at, hit)
					}
				}
			}
		case score.PartLead, score.PartAnswer:
			for _, n := range tr.Notes {
				c, ok := chartChordAt(s, n.Start)
				switch {
				case !ok:
				case isDim7Chart(c) && n.Velocity > 0.6+1e-9:
					t.Errorf("%s: %s note %d at beat %g over a diminished seventh at velocity %.2f", prompt, tr.Part, n.Pitch, n.Start, n.Velocity)
				case len(c.Tones) == 6 && c.Tones[5] == 21 && n.Length >= 0.5:
					thirteenths++
					if ((n.Pitch-c.Root)%12+12)%12 == 10 {
						t.Errorf("%s: %s holds the seventh of a thirteenth: %d at beat %g for %g beats", prompt, tr.Part, n.Pitch, n.Start, n.Length)
					}
				}
			}
		case score.PartDrums:
			for _, h := range tr.Hits {
				if (h.Drum == score.TomLow || h.Drum == score.TomMid || h.Drum == score.TomHigh) && h.Velocity > 0.6+1e-9 {
					t.Errorf("%s: %s at beat %g at velocity %.2f", prompt, h.Drum, h.Start, h.Velocity)
				}
			}
		}
	}
	return dims, thirteenths
}

// chartChordAt is the chart chord of s sounding at beat at, its root in
// pitch classes.
func chartChordAt(s *score.Score, at float64) (chordchart.ChartChord, bool) {
	sym := symbolAt(s, at)
	if sym == "" {
		return chordchart.ChartChord{}, false
	}
	ch, err := chordchart.ParseChart(sym)
	if err != nil {
		return chordchart.ChartChord{}, false
	}
	return ch[0][0], true
}

// isDim7Chart reports whether c is a diminished seventh.
func isDim7Chart(c chordchart.ChartChord) bool {
	return len(c.Tones) == 4 && c.Tones[1] == 3 && c.Tones[2] == 6 && c.Tones[3] == 9
}
