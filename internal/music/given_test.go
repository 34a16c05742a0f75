package music_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/chordchart"
	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// Every bar of a song played from a chart of the corpus (62 charts of
// public-domain songs, internal/chordchart/testdata/charts.tsv) plays the
// chart's chords: the score's chord chart is the section's chart repeated
// over the section, the bass plays the chord's bass note in nine chords of
// ten at least (a pickup into the next section may take its place), the
// comping and pad parts play two of the chord's tones at least and chord
// tones in three notes of four, and the lead's notes (and its answer's)
// of half a beat or more on the strong beats (the chord's first, the
// third of a bar of four) are its tones in 19 of 20 (2128 of 2132; the
// bass plays the bass note in 2737 of 2761 chords).
func TestGivenChordsPlayEveryBar(t *testing.T) {
	if testing.Short() {
		t.Skip("a corpus of 62 songs")
	}
	for _, c := range testutil.ChordCharts(t, chartsFile) {
		t.Run(c.Tune, func(t *testing.T) {
			p := reader.Parse(c.Prompt)
			p.Chords = c.Chords
			s := music.Compose(p, 7)
			checkPlaysChart(t, s, c.Chords)
		})
	}
}

// chartsFile is the chord-chart corpus the score and audio tests share.
const chartsFile = "../chordchart/testdata/charts.tsv"

// chartFallback is the chart a section without its own plays (as
// form.GiveHarmony falls back).
var chartFallback = map[string]string{"intro": "chorus", "outro": "chorus", "drop": "chorus", "build": "verse", "breakdown": "bridge"}

// sectionChart is the chart of charts section name plays; "" for none
// (the composer's harmony).
func sectionChart(charts map[string]string, name string) string {
	for _, k := range []string{name, chartFallback[name], plan.ChordsSong} {
		if v, ok := charts[k]; ok {
			return v
		}
	}
	return ""
}

// checkPlaysChart checks s plays its section's chart in every section
// from its first bar.
func checkPlaysChart(t *testing.T, s *score.Score, charts map[string]string) {
	t.Helper()
	k := harmony.NewKey(s.KeyRoot, s.Mode)
	bpb := float64(s.BeatsPerBar)
	bars, missed := 0, 0
	var lead [2]int // the lead's notes of half a beat or more on strong beats: in the chord's tones, all
	for _, sec := range s.Sections {
		text := sectionChart(charts, sec.Name)
		if text == "" {
			continue
		}
		ch, err := chordchart.ParseChart(text)
		if err != nil {
			t.Fatal(err)
		}
		for b := 0; b < sec.Bars; b++ {
			bar := ch[b%len(ch)]
			start := sec.StartBeat + float64(b)*bpb
			span := bpb / float64(len(bar))
			for j, cc := range bar {
				at := start + float64(j)*span
				want := harmony.ChartChord(cc, k)
				if got := symbolAt(s, at); got != symbol(want, k) {
					t.Fatalf("%s bar %d: the chart says %q, want %q (%s)", sec.Name, b+1, got, symbol(want, k), cc.Text)
				}
				// held: the bass note goes on from the bar before (G G7,
				// C Cm), where an alternating bass may take the fifth
				prev := ch[(b+len(ch)-1)%len(ch)]
				held := b > 0 && j == 0 && (k.Root+harmony.ChartChord(prev[len(prev)-1], k).BassPC())%12 == (k.Root+want.BassPC())%12
				checkBar(t, s, k, want, at, at+span, fmt.Sprintf("%s bar %d %s", sec.Name, b+1, cc.Text), held, &bars, &missed, &lead)
			}
		}
	}
	if bars == 0 {
		t.Fatalf("no section plays a given chart")
	}
	// The bass plays the chord's bass note in nearly every chord; a
	// pickup into the next section may take its place.
	t.Logf("the bass plays the chord's bass note in %d of %d chords; the lead's notes on strong beats are its tones in %d of %d", bars-missed, bars, lead[0], lead[1])
	if 20*lead[0] < 19*lead[1] {
		t.Errorf("the lead's notes on strong beats are the chord's tones in only %d of %d", lead[0], lead[1])
	}
	if 10*missed > bars {
		t.Errorf("the bass misses the chord's bass note in %d of %d chords", missed, bars)
	}
}

// symbol spells c as the score's chart does.
func symbol(c harmony.Chord, k harmony.Key) string {
	sym := harmony.NoteName(k.Root+c.Root) + c.Quality
	if c.Slash != 0 {
		sym += "/" + harmony.NoteName(k.Root+c.BassPC())
	}
	return sym
}

// symbolAt is the chart's symbol sounding at beat at.
func symbolAt(s *score.Score, at float64) string {
	for _, c := range s.Chords {
		if at >= c.StartBeat-1e-9 && at < c.StartBeat+c.Beats-1e-9 {
			return c.Symbol
		}
	}
	return ""
}

// checkBar checks the bass and the comping notes sounding in [from, to)
// (a note counts for the chord it sounds longest under; one struck in the
// last half beat, swung or not, is a push into the next chord).
//
// held: the chord's bass note goes on from the bar before, where an
// alternating bass may take its fifth.
func checkBar(t *testing.T, s *score.Score, k harmony.Key, c harmony.Chord, from, to float64, where string, held bool, bars, missed *int, lead *[2]int) {
	t.Helper()
	tones := map[int]bool{}
	for _, pc := range c.PCs(k) {
		tones[pc] = true
	}
	bass := (k.Root + c.BassPC()) % 12
	for _, tr := range s.Tracks {
		heard, in, all, bassHeard := map[int]bool{}, 0, 0, false
		for _, n := range tr.Notes {
			ov := min(n.Start+n.Length, to) - max(n.Start, from)
			if ov > 1e-6 && harmony.PC(n.Pitch) == bass {
				bassHeard = true
			}
			if ov <= 0.5*min(n.Length, to-from)+1e-6 || n.Start > to-0.5-1e-6 {
				continue // a note of the chord before or after, or a push into it
			}
			pc := harmony.PC(n.Pitch)
			heard[pc] = true
			all++
			if tones[pc] || pc == bass {
				in++
			}
		}
		if all == 0 {
			continue
		}
		switch tr.Role {
		case score.RoleBass:
			if held {
				break
			}
			*bars++
			if !bassHeard {
				*missed++
				t.Logf("%s: the bass plays %v, not the chord's bass note %s", where, pcsOf(heard), harmony.NoteName(bass))
			}

		case score.RoleLead:
			for _, n := range tr.Notes {
				strong := math.Abs(n.Start-from) < 1e-6 || to-from == 4 && math.Abs(n.Start-from-2) < 1e-6
				if strong && n.Length >= 0.5 {
					lead[1]++
					if tones[harmony.PC(n.Pitch)] {
						lead[0]++
					}
				}
			}
		case score.RoleChords, score.RolePad:
			chordTones := 0
			for pc := range heard {
				if tones[pc] {
					chordTones++
				}
			}
			if chordTones < min(2, all) {
				t.Errorf("%s: the %s part plays %v, not the chord", where, tr.Role, pcsOf(heard))
			}
			if 4*in < 3*all {
				t.Errorf("%s: the %s part plays %v, %d of %d notes outside the chord", where, tr.Role, pcsOf(heard), all-in, all)
			}
		}
	}
}

func pcsOf(m map[int]bool) []string {
	var out []string
	for pc := range 12 {
		if m[pc] {
			out = append(out, harmony.NoteName(pc))
		}
	}
	return out
}
