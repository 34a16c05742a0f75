package engine_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/style"
)

// familyMeasures are the measures whose median over a family's styles must
// lie inside the interquartile range of the family's human-made
// references (issue 18 item 6; docs/reference-music.md), the left/right
// correlation of the study's four bands among them (issue 32 item 4).
// The 2 kHz and 16 kHz octaves, the spectral centroid and flatness joined
// with issue 32 item 5 (air and presence, docs/engine-mix.md "Air").
var familyMeasures = append([]string{"crest", "plr", "lra", "band_125", "band_250", "band_500", "band_2000", "band_4000",
	"band_16000", "centroid", "flatness"}, mixmeter.BandCorrNames...)

// familyPending are the measures of each family still outside the
// references' interquartile range: the test logs how far each is, and
// fails when one comes inside, so this list only shrinks. Every other
// measure is asserted. Empty since the calm presence bell (issue 32 item
// 5, docs/engine-mix.md "Air") took the calm styles' centroid inside.
var familyPending = map[string][]string{}

// familyCorrelation bounds the median full-mix left/right correlation of
// each family (issue 18 item 4).
var familyCorrelation = map[string][2]float64{"calm": {0.2, 0.55}, "beat": {0.55, 0.83}}

// familyGrowth bounds the median short-term level range and quiet-moment
// depth of each family's songs, measured on the music without its
// ring-out (mixmeter.Growth): the references' interquartile ranges (calm:
// issue 32 item 6, /work/shared/music-reference.md; beat: issue 32's
// study, docs/engine.md#quiet-depth).
var familyGrowth = map[string]map[string][2]float64{
	"calm": {"level_range": {8.4, 15.3}, "quiet_depth": {7.6, 17.6}},
	"beat": {"level_range": {2.39, 6.21}, "quiet_depth": {5.14, 9.27}},
}

// referenceFamily is a style's reference family (calm or beat), from the
// catalogue entries' mix families (their Seat, internal/style/mixfamily.go).
func referenceFamily(g plan.Genre) string { return string(style.Must(string(g)).Reference()) }

// TestFamilyMedians measures every style's song (one per style, the
// rotation seed TestStyles renders, from the shared cache) with
// mixmeter.Measure and requires, per reference family, that the median
// over the family's styles lies inside the references' interquartile
// range for familyMeasures, that the median correlation meets
// familyCorrelation, and each family's growth familyGrowth. It logs a table per family: the songs' median and
// IQR, the bounds and the references' median, per measure.
func TestFamilyMedians(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: every style rendered and measured")
	}
	ref, err := mixmeter.LoadReference()
	if err != nil {
		t.Fatal(err)
	}
	var songs []cachedSong
	for _, g := range plan.Genres {
		songs = append(songs, cachedSong{stylePrompt(g), rotatedSeed(g)})
	}
	prefetch(t, songs)
	byFamily := map[string][]mixmeter.Features{}
	var rows strings.Builder
	for _, g := range plan.Genres {
		fam := referenceFamily(g)
		r := renderCached(t, stylePrompt(g), rotatedSeed(g))
		f := r.Mix()
		f.File = string(g)
		sc := r.Song.Score
		f.LevelRange, f.QuietDepth, f.Repeats = mixmeter.Growth(r.Song.Audio, sc.BeatToSeconds(sc.TotalBeats))
		byFamily[fam] = append(byFamily[fam], f)
		fmt.Fprintf(&rows, "\n%-16s %-5s", g, fam)
		for _, m := range append(slices.Clone(familyMeasures), "correlation", "lufs", "level_range", "quiet_depth") {
			v, _ := f.Value(m)
			fmt.Fprintf(&rows, " %s %6.2f", strings.TrimPrefix(strings.TrimPrefix(m, "band_"), "corr_"), v)
		}
	}
	t.Logf("per style:%s", rows.String())
	for _, fam := range []string{"calm", "beat"} {
		set, ok := ref.Families[fam]
		if !ok {
			t.Fatalf("no %q family in the reference figures (make reference)", fam)
		}
		fs := byFamily[fam]
		if len(fs) == 0 {
			t.Fatalf("no style maps to the %s family", fam)
		}
		checks := set.CheckMedians(fs, familyMeasures)
		b := familyCorrelation[fam]
		checks = append(checks, mixmeter.CheckRange(fs, "correlation", b[0], b[1]))
		for _, m := range []string{"level_range", "quiet_depth"} {
			g := familyGrowth[fam][m]
			checks = append(checks, mixmeter.CheckRange(fs, m, g[0], g[1]))
		}
		t.Logf("%s family (%d styles) against %s:\n%s", fam, len(fs), set.Source, mixmeter.Table(checks))
		for _, c := range checks {
			pending := slices.Contains(familyPending[fam], c.Measure)
			switch {
			case !c.OK && pending:
				t.Logf("%s family: median %s %.2f still outside [%.2f, %.2f] (issue 18, familyPending)", fam, c.Measure, c.Median, c.Lo, c.Hi)
			case !c.OK:
				t.Errorf("%s family: median %s %.2f outside [%.2f, %.2f]", fam, c.Measure, c.Median, c.Lo, c.Hi)
			case pending:
				t.Errorf("%s family: median %s %.2f is inside [%.2f, %.2f] now: remove it from familyPending", fam, c.Measure, c.Median, c.Lo, c.Hi)
			}
		}
	}
}
