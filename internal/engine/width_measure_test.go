package engine_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/plan"
)

// widthMeasures are the stereo figures of issue 32 item 4: the per-band
// correlations of the reference study and the full mix's correlation.
var widthMeasures = append([]string{"correlation", "side_mid"}, mixmeter.BandCorrNames...)

// TestWidthMeasure renders the user prompts of TestAirMeasure (airPrompts)
// at seeds 1 and 2, 30 s each, logs every song's per-band correlations and
// each reference family's medians beside the references' interquartile
// range, and fails on an octave band of any song in anti-phase (under 0,
// as TestBandsInPhase does for the styles' songs) or on a family median of
// a study band's correlation outside the references' interquartile range. About 40 renders: it runs
// only with SONGSMITH_WIDTH=1 (docs/engine-mix.md, "Width in every band");
// SONGSMITH_WIDTH_ONLY=regexp keeps the prompts it matches (a quicker
// look; the family medians are then asserted only with both families).
func TestWidthMeasure(t *testing.T) {
	if testing.Short() || os.Getenv("SONGSMITH_WIDTH") == "" {
		t.Skip("measurement: set SONGSMITH_WIDTH=1 (about 40 renders)")
	}
	ref, err := mixmeter.LoadReference()
	if err != nil {
		t.Fatal(err)
	}
	only, err := regexp.Compile(os.Getenv("SONGSMITH_WIDTH_ONLY"))
	if err != nil {
		t.Fatal(err)
	}
	var prompts []string
	for _, p := range airPrompts {
		if only.MatchString(p) {
			prompts = append(prompts, p)
		}
	}
	var mu sync.Mutex
	byFamily := map[string][]mixmeter.Features{}
	var rows, bad []string
	renderPrompts(t, prompts, func(prompt string, seed uint64, song *engine.Song) {
		f := mixmeter.Measure(song.Audio)
		corr, share := mixmeter.OctaveCorrelations(song.Audio)
		fam := referenceFamily(plan.Genre(song.Genre))
		row := fmt.Sprintf("%-5s %-14s s%d corr %5.2f bands %5.2f %5.2f %5.2f %5.2f octaves %s  %s",
			fam, song.Genre, seed, f.Correlation, f.BandCorr[0], f.BandCorr[1], f.BandCorr[2], f.BandCorr[3], octaveRow(corr), prompt)
		mu.Lock()
		defer mu.Unlock()
		byFamily[fam] = append(byFamily[fam], f)
		rows = append(rows, row)
		for k, c := range corr {
			if share[k] > minBandShare && c < 0 {
				bad = append(bad, fmt.Sprintf("%q seed %d: the %.0f Hz octave's correlation is %.2f (%.0f dB of the mix)",
					prompt, seed, mixmeter.BandCentres[k], c, share[k]))
			}
		}
	})
	sort.Strings(rows)
	t.Logf("per song (octaves 63 Hz-16 kHz):\n%s", strings.Join(rows, "\n"))
	for _, b := range bad {
		t.Errorf("anti-phase: %s", b)
	}
	for _, fam := range []string{"calm", "beat"} {
		set := ref.Families[fam]
		checks := set.CheckMedians(byFamily[fam], widthMeasures)
		t.Logf("%s family (%d songs) against %s:\n%s", fam, len(byFamily[fam]), set.Source, mixmeter.Table(checks))
		for _, c := range checks {
			if !c.OK && len(byFamily["calm"]) > 0 && len(byFamily["beat"]) > 0 && slices.Contains(mixmeter.BandCorrNames, c.Measure) {
				t.Errorf("%s family: median %s %.2f outside the references' [%.2f, %.2f]", fam, c.Measure, c.Median, c.Lo, c.Hi)
			}
		}
	}
}

// octaveRow formats octave-band correlations for a log line.
func octaveRow(corr []float64) string {
	var b strings.Builder
	for i, c := range corr {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%5.2f", c)
	}
	return b.String()
}
