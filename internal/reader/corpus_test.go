package reader_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// corpusCase is one line of testdata/prompts.tsv: a prompt as people write
// it and the reading it must get.
type corpusCase struct {
	line           int
	prompt         string
	styles         []string
	drums          string
	tempoLo, tempo float64 // tempo is the upper bound; 0 when any
	meter          string
}

func loadCorpus(t *testing.T) []corpusCase {
	t.Helper()
	var out []corpusCase
	for n, line := range testutil.TSVLines(t, "testdata/prompts.tsv") {
		cols := strings.Split(line, "\t")
		if len(cols) != 5 {
			t.Fatalf("line %d: %d columns", n, len(cols))
		}
		c := corpusCase{line: n, prompt: cols[0], styles: strings.Split(cols[1], "|"), drums: cols[2], meter: cols[4]}
		if lo, hi, ok := strings.Cut(cols[3], "-"); ok && cols[3] != "-" {
			c.tempoLo, _ = strconv.ParseFloat(lo, 64)
			c.tempo, _ = strconv.ParseFloat(hi, 64)
		}
		out = append(out, c)
	}
	return out
}

// reading describes how a prompt was read, and why it does not match c
// ("" when it does).
func (c corpusCase) check(seed uint64) (got, miss string) {
	p := music.Resolve(reader.Parse(c.prompt), seed)
	s := music.Compose(p, seed)
	drums := slices.ContainsFunc(s.Tracks, func(t score.Track) bool { return t.Role == score.RoleDrums && len(t.Hits) > 0 })
	meter := fmt.Sprintf("%d/4", s.BeatsPerBar)
	if s.Subdivision == 3 {
		meter = fmt.Sprintf("%d/8", 3*s.BeatsPerBar)
	}
	got = fmt.Sprintf("%s (colour %q) drums=%v %.0f bpm %s", p.Genre, p.Colour, drums, s.BPM, meter)
	var why []string
	if !slices.Contains(c.styles, string(p.Genre)) {
		why = append(why, "style")
	}
	if c.drums == "yes" && !drums || c.drums == "no" && drums {
		why = append(why, "drums")
	}
	if c.tempo > 0 && (s.BPM < c.tempoLo || s.BPM > c.tempo) {
		why = append(why, "tempo")
	}
	if c.meter != "-" && c.meter != meter {
		why = append(why, "meter")
	}
	return got, strings.Join(why, ",")
}

// TestCorpusReadings reads every prompt of the corpus (prompts as people
// write them, with the reading each must get) and requires at least 95 %
// to be read as written down, at two seeds.
func TestCorpusReadings(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: corpus test: every prompt of the corpus")
	}
	cases := loadCorpus(t)
	if len(cases) < 300 {
		t.Fatalf("corpus has %d prompts, want at least 300", len(cases))
	}
	for _, seed := range []uint64{1, 2} {
		pass := 0
		var fails strings.Builder
		for _, c := range cases {
			got, miss := c.check(seed)
			if miss == "" {
				pass++
				continue
			}
			fmt.Fprintf(&fails, "\n  line %d %q: %s; want %v drums=%s tempo=%v-%v meter=%s (%s)",
				c.line, c.prompt, got, c.styles, c.drums, c.tempoLo, c.tempo, c.meter, miss)
		}
		ratio := float64(pass) / float64(len(cases))
		t.Logf("seed %d: %d of %d prompts (%.1f %%) read as written down", seed, pass, len(cases), 100*ratio)
		if ratio < 0.95 {
			t.Errorf("seed %d: %.1f %% read as written down, want at least 95 %%:%s", seed, 100*ratio, fails.String())
		} else if testing.Verbose() {
			t.Log("misread:" + fails.String())
		}
	}
}
