package engine_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/internal/analysis"
	"github.com/songsmith/songsmith/internal/chordchart"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// chordTones are the pitch classes of a chart symbol ("Am", "G7",
// "C/E"), its root first, and a slash bass that is not one of them
// last: C#m/B sounds B (it is C#m7 over its seventh).
func chordTones(t *testing.T, sym string) []int {
	t.Helper()
	ch, err := chordchart.ParseChart(sym)
	if err != nil {
		t.Fatalf("the chart's %q: %v", sym, err)
	}
	c := ch[0][0]
	var out []int
	for _, tone := range c.Tones {
		out = append(out, (c.Root+tone)%12)
	}
	if b := (c.Root + c.Bass) % 12; !slices.Contains(out, b) {
		out = append(out, b)
	}
	return out
}

// The chords of the chart corpus (internal/chordchart/testdata/charts.tsv,
// 62 charts of public-domain songs, shared with the score test
// TestGivenChordsPlayEveryBar) are heard in the audio where they are
// written. The song's drums are taken out as a listener's ear does
// (analysis.Harmonic: harmonic/percussive separation by median filtering
// of the spectrogram); each bar of the score's chart is measured over its
// first 10 % to 60 % (the approach notes of walking lines lead into the
// next chord at its end) by the analysis's chroma of that harmonic part
// (analysis.SpanChroma: every spectral peak above the spectrum's local
// floor weighed into the pitch classes it may be a harmonic of, as the
// key estimator does), and the chord is heard by the rule of chordHeard:
// its tones on average twice as strong as the other classes, its root,
// third or seventh among the three strongest. Heard: every chord
// (minHeard), and half of each
// song's; the chord a semitone above each chart chord, measured on the
// same spans, must not be heard (under 5 %: the rule tells chords
// apart). The chords not heard are listed (docs/api-extensions.md says
// why). Each song renders chartSeconds, in parallel on every core
// (about 40 s of CPU); skipped in -short mode.
func TestChartCorpusAudible(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 62 songs")
	}
	charts := testutil.ChordCharts(t, "../chordchart/testdata/charts.tsv")
	var mu sync.Mutex
	heardAll, chords, wrongAll := 0, 0, 0
	var least *leastHeard
	t.Run("charts", func(t *testing.T) {
		for _, c := range charts {
			t.Run(c.Tune, func(t *testing.T) {
				t.Parallel()
				heard, all, wrong, l := chartHeard(t, c)
				if 2*heard < all {
					t.Errorf("%s: only %d of %d chords heard", c.Tune, heard, all)
				}
				mu.Lock()
				heardAll, chords, wrongAll = heardAll+heard, chords+all, wrongAll+wrong
				if l != nil && (least == nil || l.ratio < least.ratio) {
					least = l
				}
				mu.Unlock()
			})
		}
	})
	t.Logf("%d of %d chords heard; the chord a semitone above heard in %d spans", heardAll, chords, wrongAll)
	if least != nil {
		t.Logf("the least heard chord: %s, its tones %.2f times as strong as the others", least.where, least.ratio)
	}
	if 20*wrongAll > chords {
		t.Errorf("the chord a semitone above each chart chord heard in %d of %d spans, want under 5 %%: the rule does not tell chords apart", wrongAll, chords)
	}
	if chords == 0 || float64(heardAll) < minHeard*float64(chords) {
		t.Errorf("%d of %d chords heard, want %.0f %%", heardAll, chords, 100*minHeard)
	}
}

// chartHeard renders chartSeconds of chart c and counts the chords of its score
// heard where they sound (TestChartCorpusAudible), logging those that
// are not.
func chartHeard(t *testing.T, c testutil.ChordChart) (heard, all, wrong int, least *leastHeard) {
	r := engine.Resolve(c.Prompt, 3, engine.Options{Seconds: chartSeconds, Chords: c.Chords})
	song, err := engine.Render(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	a := song.Audio
	harm, rate := analysis.Harmonic(a.Samples, a.Channels, float64(a.Rate))
	for _, ch := range chordBars(song.Score) {
		from := int(song.Score.WrittenToSeconds(ch.StartBeat+0.1*ch.Beats) * rate)
		to := int(song.Score.WrittenToSeconds(ch.StartBeat+0.6*ch.Beats) * rate)
		if to > len(harm) || to-from < int(0.15*rate) {
			continue
		}
		chroma := analysis.SpanChroma(harm[from:to], 1, rate)
		all++
		tones := chordTones(t, ch.Symbol)
		var up []int
		for _, pc := range tones {
			up = append(up, (pc+1)%12)
		}
		if ok, why := chordHeard(chroma, up); ok {
			wrong++
			t.Logf("the chord a semitone above %s at beat %g heard: %s", ch.Symbol, ch.StartBeat, why)
		}
		if ok, why, ratio := chordRatio(chroma, tones); ok {
			heard++
			if least == nil || ratio < least.ratio {
				least = &leastHeard{fmt.Sprintf("%s: %s at beat %g", c.Tune, ch.Symbol, ch.StartBeat), ratio}
			}
		} else {
			t.Logf("%s at beat %g (%.2f s): %s", ch.Symbol, ch.StartBeat, float64(from)/rate, why)
		}
	}
	t.Logf("%s (%s, %s, %g bpm): %d of %d chords heard", c.Prompt, song.Key, song.Genre, song.BPM, heard, all)
	if all == 0 {
		t.Errorf("no chord measured")
	}
	return heard, all, wrong, least
}

// leastHeard is the heard chord of a song whose tones stand least above
// the other classes, and by how much (chordRatio).
type leastHeard struct {
	where string
	ratio float64
}

// chordBars are the chords of s's chart bar by bar: a chord held over
// bars is measured in each of them.
func chordBars(s *score.Score) []score.Chord {
	var out []score.Chord
	bpb := float64(s.BeatsPerBar)
	for _, c := range s.Chords {
		for at := c.StartBeat; at < c.StartBeat+c.Beats-1e-9; at += bpb {
			out = append(out, score.Chord{Symbol: c.Symbol, StartBeat: at, Beats: min(bpb, c.StartBeat+c.Beats-at)})
		}
	}
	return out
}

func names(pcs []int) []string {
	var out []string
	for _, pc := range pcs {
		out = append(out, harmony.NoteName(pc))
	}
	return out
}

// chordHeard applies the rule of TestChartCorpusAudible to the chroma
// of a chord's span (analysis.SpanChroma): the chord is heard when its
// tones are on average at least twice as strong as the other pitch
// classes (minHeardRatio) and its root, its third (the sus note of a sus
// chord) or its seventh (a seventh chord's minor or major seventh, a
// dim7's diminished seventh; not a sixth chord's sixth) is among the
// three strongest classes: the three notes a musician names a seventh
// chord by. It returns the reason in words either way.
func chordHeard(chroma [12]float64, tones []int) (bool, string) {
	ok, why, _ := chordRatio(chroma, tones)
	return ok, why
}

// chordRatio is chordHeard with the ratio of the chord's tones to the
// other classes.
func chordRatio(chroma [12]float64, tones []int) (bool, string, float64) {
	order := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	slices.SortStableFunc(order, func(x, y int) int { return -cmp.Compare(chroma[x], chroma[y]) })
	share := 0.0
	for _, pc := range tones {
		share += chroma[pc]
	}
	n := float64(len(tones))
	ratio := (share / n) / ((1 - share) / (12 - n))
	rank := func(pc int) int { return slices.Index(order, pc) + 1 }
	root, third, seventh := rank(tones[0]), rank(tones[1]), 13
	if len(tones) >= 4 {
		if iv := (tones[3] - tones[0] + 12) % 12; iv == 10 || iv == 11 || (iv == 9 && (tones[2]-tones[0]+12)%12 == 6) {
			seventh = rank(tones[3])
		}
	}
	ok := ratio >= minHeardRatio && min(root, third, seventh) <= 3
	return ok, fmt.Sprintf("its %d tones %.0f %% of the chroma (%.1f times as strong as the others), root %d., third %d., seventh %d. strongest of %v", len(tones), 100*share, ratio, root, third, seventh, names(order[:5])), ratio
}

// minHeard is the share of the corpus's chords TestChartCorpusAudible
// asks to be heard: every one, 16 s of each chart (415 of 440 without the
// harmonic separation, with root or third only and without a slash bass
// among the tones; 425 with the separation alone; 429 before the comping
// held its first hit on each chord, 430 before bends held between
// gestures, 432 before a given chart's kit played 3 dB softer, 434 before
// the separation's margin, 436 on engine 2026.11.29.2, 440 since given
// charts write their diminished sevenths and thirteenths as arrangers do,
// passing notes and toms softer, 436 on the merged 2026.11.29.3 with
// beat styles' drums in the intro, 440 again with the kit 5 dB softer, the
// intro's snare lighter and the ending stated as well). The margin is thin: the least heard
// chords read 2.0 to 2.1 times as strong as the others (minHeardRatio),
// and a change to the mix anywhere in a song moves a span's reading by a
// few tenths; the test logs the least heard chord.
const minHeard = 1.0

// minHeardRatio is how much stronger a heard chord's tones are, on
// average, than the other pitch classes: 1 by chance; a clean chord of
// tones rich in harmonics reads 4 (a seventh chord) to 8 (a triad), the
// harmonic weighting of the chroma giving some of each tone's energy to
// the classes it may be a harmonic of.
const minHeardRatio = 2.0

// chartSeconds is how much of each chart TestChartCorpusAudible renders.
const chartSeconds = 16
