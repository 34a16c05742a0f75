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
)

// chartCorpus are chord charts of public-domain standards and folk tunes
// as users write them, each with a style to play it in.
var chartCorpus = []struct{ name, prompt, chords string }{
	{"Greensleeves", "folk ballad", "Am G F E | Am G E Am"},
	{"House of the Rising Sun", "folk waltz", "Am C D F Am C E E"},
	{"When the Saints", "dixieland jazz", "C C C C C C G7 G7 C C7 F F C G7 C C"},
	{"12-bar blues in F", "blues shuffle", "F7 Bb7 F7 F7 Bb7 Bb7 F7 F7 C7 Bb7 F7 C7"},
	{"Scarborough Fair", "folk", "Am G Am Am C Am D Am"},
	{"Greensleeves in halves", "folk ballad", "Am G | F E | Am G | E Am"},
	{"Danny Boy", "piano ballad", "C C7 F Fm C Am D7 G7"},
	{"Amazing Grace", "gospel", "I I IV I I I V V I I IV I I V I I"},
	{"ii-V-I", "jazz trio", "Dm7 G7 Cmaj7 Cmaj7"},
	{"Autumn-style minor ii-V", "jazz", "Bø7 E7 Am7 Am7 | Dm7 G7 Cmaj7 Fmaj7"},
	{"Oh Susanna", "country", "G G G D G G D G"},
	{"Auld Lang Syne", "folk", "F C7 F Bb F C7 Dm Bb/C F"},
	{"Red River Valley", "country", "D D A A D D7 G G A A D D"},
	{"Down in the Valley", "folk waltz", "G D7 D7 G G D7 D7 G"},
	{"Shenandoah", "cinematic", "D G D Bm G D A D"},
	{"Wayfaring Stranger", "folk", "Em Em Am Em Em Em B7 Em"},
	{"Drunken Sailor", "folk", "Dm Dm C C Dm Dm C Dm"},
	{"Go Tell It on the Mountain", "gospel", "G G C G G Em A7 D7"},
	{"Swing Low", "soul", "F | Dm | Gm C7 | F | F7 | Bb | F/C C7 | F"},
	{"Silent Night", "christmas", "Bb Bb F7 Bb Eb Bb Eb Bb F7 Bb"},
	{"Jingle Bells", "christmas", "G G G C D7 D7 D7 G"},
	{"Pachelbel-style canon", "classical", "D A Bm F#m G D G A"},
	{"Doo-wop", "pop", "I vi IV V"},
	{"Jazz turnaround", "jazz", "ii7 V7 Imaj7 VI7"},
	{"Mixolydian rock", "rock", "D C G D bVII IV I %"},
	{"Extensions", "neo soul", "Cmaj9 Dm11 G13 Cadd9"},
	{"Sus and slash", "pop", "Csus4 C | G/B Am | F C/E | Dm7 G7sus4"},
	{"Diminished passing", "jazz", "Cmaj7 C#dim7 Dm7 G7"},
}

// Every bar of a song played from a chart plays the chart's chords: the
// score's chord chart is the chart repeated over each section, the bass
// plays the chord's bass note in nine chords of ten at least (a pickup
// into the next section may take its place; 1101 of 1117 in this
// corpus), the comping and pad parts play two of the chord's tones at
// least and chord tones in three notes of four, and the lead's notes
// struck with a chord are its tones in nine of ten (420 of 420).
func TestGivenChordsPlayEveryBar(t *testing.T) {
	if testing.Short() {
		t.Skip("a corpus of 28 songs")
	}
	for _, c := range chartCorpus {
		t.Run(c.name, func(t *testing.T) {
			p := reader.Parse(c.prompt)
			p.Chords = map[string]string{plan.ChordsSong: c.chords}
			s := music.Compose(p, 7)
			checkPlaysChart(t, s, c.chords)
		})
	}
}

// checkPlaysChart checks s plays chart in every section from its first bar.
func checkPlaysChart(t *testing.T, s *score.Score, chart string) {
	t.Helper()
	ch, err := chordchart.ParseChart(chart)
	if err != nil {
		t.Fatal(err)
	}
	k := harmony.NewKey(s.KeyRoot, s.Mode)
	bpb := float64(s.BeatsPerBar)
	bars, missed := 0, 0
	var lead [2]int // the lead's notes of half a beat or more struck with a chord: in its tones, all
	for _, sec := range s.Sections {
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
				held := b > 0 && j == 0 && len(ch[(b-1)%len(ch)]) == 1 && ch[(b-1)%len(ch)][0].Text == cc.Text
				checkBar(t, s, k, want, at, at+span, fmt.Sprintf("%s bar %d %s", sec.Name, b+1, cc.Text), held, &bars, &missed, &lead)
			}
		}
	}
	// The bass plays the chord's bass note in nearly every chord; a
	// pickup into the next section may take its place.
	t.Logf("the bass plays the chord's bass note in %d of %d chords; the lead's notes struck with a chord are its tones in %d of %d", bars-missed, bars, lead[0], lead[1])
	if 10*lead[0] < 9*lead[1] {
		t.Errorf("the lead's notes struck with a chord are its tones in only %d of %d", lead[0], lead[1])
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
// (a note counts for the chord it sounds longest under).
//
// held: the chord goes on from the bar before, where an alternating bass
// may take its fifth.
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
			if ov <= 0.5*min(n.Length, to-from)+1e-6 {
				continue // a note of the chord before or after
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
				if math.Abs(n.Start-from) < 1e-6 && n.Length >= 0.5 {
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
