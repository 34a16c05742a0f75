package engine_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// chordsIn are the chart's symbols sounding beat by beat in the
// sections named name, a chord held over beats once.
func chordsIn(s *score.Score, name string) []string {
	var out []string
	for _, sec := range s.Sections {
		if sec.Name != name {
			continue
		}
		last := ""
		for b := 0; b < sec.Bars*s.BeatsPerBar; b++ {
			at := sec.StartBeat + float64(b)
			for _, c := range s.Chords {
				if at >= c.StartBeat-1e-9 && at < c.StartBeat+c.Beats-1e-9 && c.Symbol != last {
					out, last = append(out, c.Symbol), c.Symbol
				}
			}
		}
	}
	return out
}

// A request's chords are the song's chart (the timeline's chords), the
// key is found from them, a recipe of the song composes it again note for
// note, and an edit changes the chords of one kind of section and leaves
// every other bar as it was.
func TestChordsThroughTheEngine(t *testing.T) {
	o := engine.Options{Seconds: 40, Chords: map[string]string{"verse": "Am F C G", "chorus": "F G | Em Am"}}
	r := engine.Resolve("acoustic folk song", 11, o)
	if r.Plan.KeyRoot != 9 || r.Plan.Mode != "minor" && r.Plan.Mode != "major" {
		t.Fatalf("key %d %s, want A minor (or C major) from the chords", r.Plan.KeyRoot, r.Plan.Mode)
	}
	c, err := engine.Compose(r)
	if err != nil {
		t.Fatal(err)
	}
	verse, chorus := chordsIn(c.Written, "verse"), chordsIn(c.Written, "chorus")
	if len(verse) < 4 || !slices.Equal(verse[:4], []string{"Am", "F", "C", "G"}) {
		t.Fatalf("verse chords %v, want Am F C G ...", verse)
	}
	if len(chorus) < 4 || !slices.Equal(chorus[:4], []string{"F", "G", "Em", "Am"}) {
		t.Fatalf("chorus chords %v, want F G Em Am ...", chorus)
	}

	again := recomposed(t, r)
	if !reflect.DeepEqual(again.Written, c.Written) {
		t.Fatal("the recipe of a song with chords composes another song")
	}

	edited := r
	edited.Edits = []engine.Edit{{Chords: map[string]string{"chorus": "Dm G C Am"}}}
	e, err := engine.Compose(edited)
	if err != nil {
		t.Fatal(err)
	}
	if got := chordsIn(e.Written, "chorus"); len(got) < 4 || !slices.Equal(got[:4], []string{"Dm", "G", "C", "Am"}) {
		t.Fatalf("edited chorus chords %v, want Dm G C Am ...", got)
	}
	if got := chordsIn(e.Written, "verse"); !slices.Equal(got, verse) {
		t.Fatalf("the edit changed the verse's chords: %v, was %v", got, verse)
	}
	for i, tr := range e.Written.Tracks {
		for _, n := range tr.Notes {
			if in(e.Written, "verse", n.Start) && !slices.Contains(c.Written.Tracks[i].Notes, n) {
				t.Fatalf("%s: the edit changed a verse note %+v", tr.Name, n)
			}
		}
	}
}

// in reports whether beat b lies in a section named name.
func in(s *score.Score, name string, b float64) bool {
	for _, sec := range s.Sections {
		if sec.Name == name && b >= sec.StartBeat && b < sec.StartBeat+float64(sec.Bars*s.BeatsPerBar) {
			return true
		}
	}
	return false
}

// Every chart of the corpus is played as a given chart
// (score.Score.GivenChart: the mix sets its kit softer). A bend gesture
// holding its pitch until the next one is the synthesizer's
// (TestBendGesturesHold in internal/synth), in every song.
func TestGivenChartMarked(t *testing.T) {
	for _, c := range testutil.ChordCharts(t, "../chordchart/testdata/charts.tsv") {
		s, _, _ := composePerformed(c.Prompt, 3, engine.Options{Seconds: 30, Chords: c.Chords})
		if !s.GivenChart {
			t.Errorf("%s: the score is not marked as playing a given chart", c.Tune)
		}
	}
}
