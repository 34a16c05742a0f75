package engine_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/plan"
)

// airPrompts are prompts written as users write them (not style names),
// half meant calm, half with a beat: the songs TestAirMeasure measures
// the tone figures of issue 32 item 5 on (docs/engine-mix.md).
var airPrompts = []string{
	"a gentle piano piece for a rainy evening",
	"soft ambient music to fall asleep to",
	"a lullaby with harp and flute",
	"slow sad strings for a movie scene",
	"peaceful meditation music with a drone",
	"a quiet acoustic guitar folk tune by the fire",
	"medieval chant in a stone church",
	"calm orchestral music for a fantasy map screen",
	"dark ambient soundscape for a cave level",
	"a slow romantic piano ballad",
	"upbeat pop song with catchy synths",
	"energetic rock track with electric guitars",
	"chill lofi hip hop beat to study to",
	"driving techno for a night drive",
	"funky disco groove with slap bass",
	"fast drum and bass for a racing game",
	"happy reggae tune for the beach",
	"latin salsa with horns and congas",
	"jazzy swing with a walking bass",
	"epic trailer music with big drums",
}

// airMeasures are the tone figures of issue 32 item 5 with the balance
// figures TestFamilyMedians holds.
var airMeasures = []string{"band_125", "band_250", "band_500", "band_2000", "band_4000", "band_8000", "band_16000", "centroid", "flatness", "crest", "plr", "lra"}

// TestAirMeasure renders airPrompts at seeds 1 and 2, 30 s each, and logs
// each reference family's median of airMeasures beside the references'
// interquartile range. A measurement, not a check: it runs only with
// SONGSMITH_AIR=1 (about 40 renders). SONGSMITH_AIR_WAV=file.wav also
// writes the first calm song for a spectrogram.
func TestAirMeasure(t *testing.T) {
	if testing.Short() || os.Getenv("SONGSMITH_AIR") == "" {
		t.Skip("measurement: set SONGSMITH_AIR=1 (about 40 renders)")
	}
	ref, err := mixmeter.LoadReference()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	byFamily := map[string][]mixmeter.Features{}
	var rows []string
	renderPrompts(t, airPrompts, func(prompt string, seed uint64, song *engine.Song) {
		f := mixmeter.Measure(song.Audio)
		fam := referenceFamily(plan.Genre(song.Genre))
		row := fmt.Sprintf("%-5s %-14s s%d 500 %6.2f 2k %6.2f 16k %6.2f cen %5.0f flat %6.2f  %s",
			fam, song.Genre, seed, f.Bands[3], f.Bands[5], f.Bands[8], f.Centroid, f.Flatness, prompt)
		mu.Lock()
		byFamily[fam] = append(byFamily[fam], f)
		rows = append(rows, row)
		mu.Unlock()
		if p := os.Getenv("SONGSMITH_AIR_WAV"); p != "" && prompt == airPrompts[0] && seed == 1 {
			writeAirWAV(t, p, song)
		}
	})
	sort.Strings(rows)
	t.Logf("per song:\n%s", strings.Join(rows, "\n"))
	for _, fam := range []string{"calm", "beat"} {
		set := ref.Families[fam]
		t.Logf("%s family (%d songs) against %s:\n%s", fam, len(byFamily[fam]), set.Source,
			mixmeter.Table(set.CheckMedians(byFamily[fam], airMeasures)))
	}
}

// writeAirWAV writes song's audio to path.
func writeAirWAV(t *testing.T, path string, song *engine.Song) {
	f, err := os.Create(path)
	if err != nil {
		t.Error(err)
		return
	}
	defer f.Close()
	if err := wav.Encode(f, song.Audio); err != nil {
		t.Error(err)
	}
}

// renderPrompts renders each prompt at seeds 1 and 2, 30 s long, on every
// processor (inParallel), and hands each song to f (which must lock what
// it shares, and report failures with Errorf).
func renderPrompts(t *testing.T, prompts []string, f func(prompt string, seed uint64, song *engine.Song)) {
	inParallel(2*len(prompts), func(i int) {
		prompt, seed := prompts[i/2], uint64(i%2+1)
		song, err := engine.Render(context.Background(), engine.Resolve(prompt, seed, engine.Options{Seconds: 30}))
		if err != nil {
			t.Errorf("Render(%q, %d): %v", prompt, seed, err)
			return
		}
		f(prompt, seed, song)
	})
}
