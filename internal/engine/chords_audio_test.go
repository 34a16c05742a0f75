package engine_test

import (
	"cmp"
	"context"
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/internal/chordchart"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// chromaOf is the energy of each pitch class in samples (mono, rate Hz),
// summed over MIDI pitches 36 to 95 by the Goertzel algorithm on the
// samples under a Hann window (a rectangular window leaks a loud bass
// note into the semitones beside it: a D bass read as C# and Eb too).
func chromaOf(samples []float64, rate float64) [12]float64 {
	var out [12]float64
	win := make([]float64, len(samples))
	for i := range win {
		win[i] = samples[i] * (0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/float64(len(win))))
	}
	for p := 36; p < 96; p++ {
		out[p%12] += goertzel(win, rate, p)
	}
	return out
}

// chordTones are the pitch classes of a chart symbol ("Am", "G7",
// "C/E"), its root first.
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
	return out
}

// The chords of the chart corpus (internal/chordchart/testdata/charts.tsv,
// 62 charts of public-domain songs, shared with the score test
// TestGivenChordsPlayEveryBar) are heard in the audio where they are
// written. Each bar of the score's chart is measured over its first 10 %
// to 60 % (the approach notes of walking lines lead into the next chord
// at its end): the chord is heard when its tones hold half the energy of
// the mix's pitch classes (chroma by Goertzel filters at every semitone
// under a Hann window) and 1.6 times their share by chance, with its root
// among the four strongest; or 70 % of it. Heard: 85 % of the chords at
// least (275 of 306 when written), and a third of each song's. The
// chords not heard are listed; most are under a loud lead's passing notes
// and overtones, a bass below C2 (read by its overtones) or a section's
// first bar (crash, pickup). Each song renders 12 s, in
// parallel on every core; skipped in -short mode.
func TestChartCorpusAudible(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 62 songs")
	}
	charts := testutil.ChordCharts(t, "../chordchart/testdata/charts.tsv")
	var mu sync.Mutex
	heardAll, chords := 0, 0
	t.Run("charts", func(t *testing.T) {
		for _, c := range charts {
			t.Run(c.Tune, func(t *testing.T) {
				t.Parallel()
				heard, all := chartHeard(t, c)
				if 3*heard < all {
					t.Errorf("%s: only %d of %d chords heard", c.Tune, heard, all)
				}
				mu.Lock()
				heardAll, chords = heardAll+heard, chords+all
				mu.Unlock()
			})
		}
	})
	t.Logf("%d of %d chords heard", heardAll, chords)
	if chords == 0 || 100*heardAll < 85*chords {
		t.Errorf("%d of %d chords heard, want 85 %%", heardAll, chords)
	}
}

// chartHeard renders 12 s of chart c and counts the chords of its score
// heard where they sound (TestChartCorpusAudible), logging those that
// are not.
func chartHeard(t *testing.T, c testutil.ChordChart) (heard, all int) {
	r := engine.Resolve(c.Prompt, 3, engine.Options{Seconds: 12, Chords: c.Chords})
	song, err := engine.Render(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	rate, mono := float64(song.Audio.Rate), monoOf(song.Audio)
	for _, ch := range chordBars(song.Score) {
		from := int(song.Score.WrittenToSeconds(ch.StartBeat+0.1*ch.Beats) * rate)
		to := int(song.Score.WrittenToSeconds(ch.StartBeat+0.6*ch.Beats) * rate)
		if to > len(mono) || to-from < int(0.15*rate) {
			continue
		}
		chroma := chromaOf(mono[from:to], rate)
		order := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
		slices.SortFunc(order, func(x, y int) int { return -cmp.Compare(chroma[x], chroma[y]) })
		tones := chordTones(t, ch.Symbol)
		var in, sum float64
		for pc, e := range chroma {
			sum += e
			if slices.Contains(tones, pc) {
				in += e
			}
		}
		all++
		share, chance := in/sum, float64(len(tones))/12
		if share >= 0.5 && share >= 1.6*chance && slices.Contains(order[:4], tones[0]) || share >= 0.7 {
			heard++
		} else {
			t.Logf("%s at beat %g (%.2f s): %.0f %% of the energy in its tones, strongest %v", ch.Symbol, ch.StartBeat, float64(from)/rate, 100*share, names(order[:5]))
		}
	}
	t.Logf("%s (%s, %s, %g bpm): %d of %d chords heard", c.Prompt, song.Key, song.Genre, song.BPM, heard, all)
	if all == 0 {
		t.Errorf("no chord measured")
	}
	return heard, all
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
