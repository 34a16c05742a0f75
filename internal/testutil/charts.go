package testutil

import (
	"strings"
	"testing"
)

// ChordChart is one chart of the chord-chart corpus
// (internal/chordchart/testdata/charts.tsv).
type ChordChart struct {
	Line   int               // the line of the corpus file
	Tune   string            // the song the chart is written from
	Prompt string            // the prompt it is played from
	Chords map[string]string // the request's "chords": charts by section, "song" for the whole song's
}

// ChordCharts reads the chord-chart corpus at path: tab-separated lines
// of a tune, a prompt and its chords, one chart for the whole song or
// "section=chart; section=chart". A malformed line fails tb.
func ChordCharts(tb testing.TB, path string) []ChordChart {
	tb.Helper()
	var out []ChordChart
	for n, line := range TSVLines(tb, path) {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			tb.Fatalf("%s:%d: %d columns, want 3 (tune, prompt, chords)", path, n, len(f))
		}
		c := ChordChart{Line: n, Tune: f[0], Prompt: f[1], Chords: map[string]string{}}
		if !strings.Contains(f[2], "=") {
			c.Chords["song"] = f[2]
		}
		for _, part := range strings.Split(f[2], ";") {
			name, chart, ok := strings.Cut(part, "=")
			if !ok {
				continue
			}
			c.Chords[strings.TrimSpace(name)] = strings.TrimSpace(chart)
		}
		if len(c.Chords) == 0 || c.Tune == "" || c.Prompt == "" {
			tb.Fatalf("%s:%d: no tune, prompt or chords", path, n)
		}
		out = append(out, c)
	}
	return out
}
