package chordchart_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/chordchart"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/testutil"
)

// Chord symbols read as lead sheets write them, in key.
func TestParseChart(t *testing.T) {
	c := harmony.NewKey(0, "major")
	am := harmony.NewKey(9, "minor")
	for _, tc := range []struct {
		text string
		k    harmony.Key
		bars int
		pcs  []int // pitch classes of the first chord of the last bar
		bass int   // its bass pitch class
	}{
		{"Am F C G", c, 4, []int{7, 11, 2}, 7},
		{"C/E", c, 1, []int{0, 4, 7}, 4},
		{"Bø7", c, 1, []int{11, 2, 5, 9}, 11},
		{"Cdim7", c, 1, []int{0, 3, 6, 9}, 0},
		{"Cmaj7 Dm7 G7", c, 3, []int{7, 11, 2, 5}, 7},
		{"G13", c, 1, []int{7, 11, 2, 5, 9, 4}, 7},
		{"Dm11", c, 1, []int{2, 5, 9, 0, 4, 7}, 2},
		{"C9", c, 1, []int{0, 4, 7, 10, 2}, 0},
		{"Csus4", c, 1, []int{0, 5, 7}, 0},
		{"Cadd9", c, 1, []int{0, 4, 7, 2}, 0},
		{"F#m7b5", c, 1, []int{6, 9, 0, 4}, 6},
		{"Bbmaj7", c, 1, []int{10, 2, 5, 9}, 10},
		{"I vi IV V", c, 4, []int{7, 11, 2}, 7},
		{"ii7 V7 Imaj7", c, 3, []int{0, 4, 7, 11}, 0},
		{"bVII", c, 1, []int{10, 2, 5}, 10},
		{"VI VII i", am, 3, []int{9, 0, 4}, 9},
		{"vii°", c, 1, []int{11, 2, 5}, 11},
		{"Am | F C | %", c, 3, []int{5, 9, 0}, 5},
		{"Am G F E | Am G E Am", am, 8, []int{9, 0, 4}, 9}, // phrase lines: a chord a bar
		{"ii7 V7 | Imaj7 %", c, 3, []int{0, 4, 7, 11}, 0},  // a repeat is a bar of its own
	} {
		ch, err := chordchart.ParseChart(tc.text)
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		if len(ch) != tc.bars {
			t.Fatalf("%q: %d bars, want %d", tc.text, len(ch), tc.bars)
		}
		got := harmony.ChartChord(ch[len(ch)-1][0], tc.k)
		if !slices.Equal(got.PCs(tc.k), tc.pcs) || (tc.k.Root+got.BassPC())%12 != tc.bass {
			t.Errorf("%q: %v over %d, want %v over %d", tc.text, got.PCs(tc.k), (tc.k.Root+got.BassPC())%12, tc.pcs, tc.bass)
		}
	}
	ch, _ := chordchart.ParseChart("Am | F C | %")
	if len(ch[1]) != 2 || len(ch[2]) != 2 || ch[2][1].Text != "C" {
		t.Errorf("%% should repeat the bar of two chords: %+v", ch)
	}
	if p := harmony.ChartProgression(ch, c, 4); p[1].Split != 2 || p[0].Split != 0 {
		t.Errorf("two chords split the bar at beat 2: %+v", p)
	}
}

// A symbol that is not a chord is named with its bar and the reason.
func TestParseChartErrors(t *testing.T) {
	for text, want := range map[string]string{
		"Am F Hx7 G":        "'Hx7' at bar 3 is not a chord: it starts with neither a note name (A-G) nor a Roman numeral (I-VII)",
		"C Fqq":             `'Fqq' at bar 2 is not a chord: unknown quality "qq"`,
		"% C":               "'%' at bar 1 is not a chord: there is no bar before it to repeat",
		"C/H":               `'C/H' at bar 1 is not a chord: the bass note "H" after '/' is not a note name`,
		"C | D E F | G":     "'D E F' at bar 2 is not a chord: a bar holds at most 2 chords",
		"C G | D E F G":     "'D E F G' at bar 2 is not a chord: a bar holds at most 2 chords",
		"  | ":              "no chords",
		"C G7 Am I/E F7":    "'I/E' at bar 4 is not a chord: a Roman numeral takes no slash bass note name",
		"C Dm7/":            "'Dm7/' at bar 2 is not a chord: nothing follows '/': a slash chord names its bass note (C/E)",
		"I IV VIII":         `'VIII' at bar 3 is not a chord: "VIII" is not a Roman numeral: they count the scale's degrees, I to VII`,
		"ii7 V7 | IIIImaj7": `'IIIImaj7' at bar 2 is not a chord: "IIII" is not a Roman numeral: they count the scale's degrees, I to VII`,
	} {
		_, err := chordchart.ParseChart(text)
		if err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
	long := ""
	for range chordchart.MaxChartBars + 1 {
		long += "C "
	}
	if _, err := chordchart.ParseChart(long); err == nil {
		t.Errorf("a chart of %d bars is accepted", chordchart.MaxChartBars+1)
	}
}

// The key of a chart is the one its chords and its first and last chords name.
func TestInferKey(t *testing.T) {
	for text, want := range map[string]string{
		"Am G F E Am G E Am":                      "A minor",
		"C C C C C C G7 G7 C C7 F F C G7 C C":     "C major",
		"F7 Bb7 F7 F7 Bb7 Bb7 F7 F7 C7 Bb7 F7 C7": "F major",
		"Em Em Am Em Em Em B7 Em":                 "E minor",
		"D G D Bm G D A D":                        "D major",
	} {
		ch, err := chordchart.ParseChart(text)
		if err != nil {
			t.Fatal(err)
		}
		r, m, ok := chordchart.InferKey([]chordchart.Chart{ch})
		if got := harmony.NoteName(r) + " " + m; !ok || got != want {
			t.Errorf("%q: key %s, want %s", text, got, want)
		}
	}
	ch, _ := chordchart.ParseChart("I IV V")
	if _, _, ok := chordchart.InferKey([]chordchart.Chart{ch}); ok {
		t.Errorf("Roman numerals name no key")
	}
}

// The corpus of charts the score and audio tests play (testdata/charts.tsv)
// holds 50 charts at least, every one reads, and together they write every
// notation users write.
func TestChartCorpus(t *testing.T) {
	charts := testutil.ChordCharts(t, "testdata/charts.tsv")
	if len(charts) < 50 {
		t.Errorf("%d charts, want 50 at least", len(charts))
	}
	seen := map[string]int{}
	for _, c := range charts {
		if len(c.Chords) > 1 {
			seen["charts by section"]++
		}
		for name, text := range c.Chords {
			ch, err := chordchart.ParseChart(text)
			if err != nil {
				t.Errorf("%s (line %d) %s: %v", c.Tune, c.Line, name, err)
				continue
			}
			for what, ok := range map[string]bool{
				"| bar lines": strings.Contains(text, "|"), "% repeats": strings.Contains(text, "%"),
			} {
				if ok {
					seen[what]++
				}
			}
			for _, bar := range ch {
				if len(bar) == 2 {
					seen["two chords in a bar"]++
				}
				for _, cc := range bar {
					switch {
					case cc.Roman:
						seen["Roman numerals"]++
					case cc.Bass != 0:
						seen["slash chords"]++
					}
					switch len(cc.Tones) {
					case 4:
						seen["sevenths"]++
					case 5, 6:
						seen["extensions"]++
					}
				}
			}
		}
	}
	for _, what := range []string{"charts by section", "| bar lines", "% repeats", "two chords in a bar", "Roman numerals", "slash chords", "sevenths", "extensions"} {
		if seen[what] == 0 {
			t.Errorf("no chart writes %s", what)
		}
	}
}
