package engine_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/analysis"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mix"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/synth"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestChartStems renders the stems of the corpus charts whose tune
// contains one of SONGSMITH_CHART_STEMS ("|" between names) and logs, for each chord of the chart
// (TestChartCorpusAudible's spans, on the dry mix), its ratio in the
// mix, each stem's level and strongest classes there, and the ratio
// with that stem left out (a measurement: which part carries the
// off-chord energy of a chord not heard).
func TestChartStems(t *testing.T) {
	want := os.Getenv("SONGSMITH_CHART_STEMS")
	if testing.Short() || want == "" {
		t.Skip("measurement: set SONGSMITH_CHART_STEMS=tune")
	}
	for _, c := range testutil.ChordCharts(t, "../chordchart/testdata/charts.tsv") {
		for _, w := range strings.Split(want, "|") {
			if strings.Contains(c.Tune, w) {
				chartStems(t, c)
			}
		}
	}
}

// chartStems is TestChartStems for one chart.
func chartStems(t *testing.T, c testutil.ChordChart) {
	r := engine.Resolve(c.Prompt, 3, engine.Options{Seconds: chartSeconds, Chords: c.Chords})
	comp, err := engine.Compose(r)
	if err != nil {
		t.Fatal(err)
	}
	so := mix.Of(comp.Style, comp.Score, r.Synth)
	var stems [][]float32
	for i := range comp.Score.Tracks {
		st, err := synth.RenderStem(context.Background(), comp.Score, i, so)
		if err != nil {
			t.Fatal(err)
		}
		stems = append(stems, st.Samples)
	}
	sum := func(skip int) []float32 {
		out := make([]float32, len(stems[0]))
		for i, s := range stems {
			sign := float32(0)
			switch {
			case i < len(comp.Score.Tracks) && i != skip && (skip < len(comp.Score.Tracks) || comp.Score.Tracks[i].Part != score.PartDrums):
				sign = 1
			case i >= len(comp.Score.Tracks) && i == skip:
				sign = 1
			}
			for k, v := range s {
				out[k] += sign * v
			}
		}
		return out
	}
	names := make([]string, len(stems))
	for i, tr := range comp.Score.Tracks {
		names[i] = fmt.Sprintf("%s %s", tr.Part, tr.Instrument)
	}
	stems, names = drumStems(t, comp.Score, so, stems, names)
	mixH, rate := analysis.Harmonic(sum(-1), 2, 44100)
	var without, alone [][]float32
	for i := range stems {
		h, _ := analysis.Harmonic(sum(i), 2, 44100)
		without = append(without, h)
		h, _ = analysis.Harmonic(stems[i], 2, 44100)
		alone = append(alone, h)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", c.Tune, c.Prompt)
	for _, ch := range chordBars(comp.Score) {
		from := int(comp.Score.WrittenToSeconds(ch.StartBeat+0.1*ch.Beats) * rate)
		to := int(comp.Score.WrittenToSeconds(ch.StartBeat+0.6*ch.Beats) * rate)
		if to > len(mixH) || to-from < int(0.15*rate) {
			continue
		}
		tones := chordTones(t, ch.Symbol)
		ok, why := chordHeard(analysis.SpanChroma(mixH[from:to], 1, rate), tones)
		fmt.Fprintf(&b, "%s at %g heard %v: %s\n", ch.Symbol, ch.StartBeat, ok, why)
		for _, tr := range comp.Written.Tracks {
			var ns []string
			for _, n := range tr.Notes {
				if n.Start < ch.StartBeat+0.6*ch.Beats && n.Start+n.Length > ch.StartBeat+0.1*ch.Beats {
					ns = append(ns, fmt.Sprintf("%s%d@%.2f+%.2f/%.2f", harmony.NoteName(n.Pitch%12), n.Pitch/12-1, n.Start-ch.StartBeat, n.Length, n.Velocity))
				}
			}
			if len(ns) > 0 {
				fmt.Fprintf(&b, "   notes %s: %s\n", tr.Part, strings.Join(ns, " "))
			}
		}
		for i, name := range names {
			_, w := chordHeard(analysis.SpanChroma(without[i][from:to], 1, rate), tones)
			_, a := chordHeard(analysis.SpanChroma(alone[i][from:to], 1, rate), tones)
			if i >= len(comp.Score.Tracks) {
				fmt.Fprintf(&b, "   %-22s without: %s\n", name, short(w))
				continue
			}
			fmt.Fprintf(&b, "   %-22s %5.1f dB | without: %s\n        alone: %s\n", name, rmsDB(alone[i][from:to]), short(w), short(a))
		}
	}
	t.Log(b.String())
}

// rmsDB is the level of x in dBFS.
func rmsDB(x []float32) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v) * float64(v)
	}
	return 10 * math.Log10(s/float64(max(1, len(x)))+1e-12)
}

// short is chordHeard's reason from its ratio on.
func short(why string) string {
	if i := strings.Index(why, "("); i >= 0 {
		return why[i:]
	}
	return why
}

// drumStems adds to stems, for each drum of the score's drum track, the
// stem of the drums without it, named after it.
func drumStems(t *testing.T, s *score.Score, so synth.Options, stems [][]float32, names []string) ([][]float32, []string) {
	for i, tr := range s.Tracks {
		if tr.Part != score.PartDrums {
			continue
		}
		kinds := map[score.Drum]bool{}
		for _, h := range tr.Hits {
			kinds[h.Drum] = true
		}
		for k := range kinds {
			c := *s
			c.Tracks = slices.Clone(s.Tracks)
			var hits []score.Hit
			for _, h := range tr.Hits {
				if h.Drum != k {
					hits = append(hits, h)
				}
			}
			c.Tracks[i].Hits = hits
			st, err := synth.RenderStem(context.Background(), &c, i, so)
			if err != nil {
				t.Fatal(err)
			}
			stems, names = append(stems, st.Samples), append(names, "  drum "+string(k))
		}
	}
	return stems, names
}
