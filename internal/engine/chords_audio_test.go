package engine_test

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/chordchart"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/music/harmony"
)

// chromaOf is the energy of each pitch class in samples (mono, rate Hz),
// summed over MIDI pitches 36 to 95 by the Goertzel algorithm.
func chromaOf(samples []float64, rate float64) [12]float64 {
	var out [12]float64
	for p := 36; p < 96; p++ {
		f := 440 * math.Pow(2, float64(p-69)/12)
		w := 2 * math.Pi * f / rate
		c := 2 * math.Cos(w)
		var s1, s2 float64
		for _, x := range samples {
			s1, s2 = x+c*s1-s2, s1
		}
		out[p%12] += s1*s1 + s2*s2 - c*s1*s2
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

// The chords a request gives are heard in the audio: over each chord of
// the chart, its tones hold half the energy of the mix's pitch classes
// (chroma by Goertzel filters at every semitone; 1.6 times their share
// by chance) with its root among the four strongest, or 70 % of it, in
// 85 % of the chords (three in four of each song's at least: a chord of
// half a bar is heard under the one before it ringing on). Three songs
// of 20 s; skipped in -short mode.
func TestGivenChordsAudible(t *testing.T) {
	if testing.Short() {
		t.Skip("renders three songs")
	}
	heardAll, chords := 0, 0
	for _, c := range []struct{ prompt, chords string }{
		{"folk ballad", "Am G | F E | Am G | E Am"},
		{"piano pop", "C Am F G"},
		{"jazz trio", "Dm7 G7 Cmaj7 A7"},
	} {
		r := engine.Resolve(c.prompt, 3, engine.Options{Seconds: 20, Chords: map[string]string{"song": c.chords}})
		song, err := engine.Render(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		a := song.Audio
		rate := float64(a.Rate)
		mono := make([]float64, len(a.Samples)/a.Channels)
		for i := range mono {
			for ch := range a.Channels {
				mono[i] += float64(a.Samples[i*a.Channels+ch])
			}
		}
		given := strings.FieldsFunc(c.chords, func(r rune) bool { return r == ' ' || r == '|' })
		for _, ch := range song.Score.Chords {
			if !slices.Contains(given, ch.Symbol) {
				t.Fatalf("%s: the song plays %s, not a chord of %q", c.prompt, ch.Symbol, c.chords)
			}
		}
		heard, all := 0, 0
		for _, ch := range song.Score.Chords {
			// its first beats: the approach notes of walking lines lead
			// into the next chord at its end
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
				t.Logf("%s: %s at beat %g: %.0f %% of the energy in its tones, strongest %v", c.prompt, ch.Symbol, ch.StartBeat, 100*share, names(order[:5]))
			}
		}
		t.Logf("%s (%s): %d of %d chords heard", c.prompt, c.chords, heard, all)
		if all == 0 || 4*heard < 3*all {
			t.Errorf("%s (%s): only %d of %d chords heard", c.prompt, c.chords, heard, all)
		}
		heardAll, chords = heardAll+heard, chords+all
	}
	if 100*heardAll < 85*chords {
		t.Errorf("%d of %d chords heard, want 85 %%", heardAll, chords)
	}
}

func names(pcs []int) []string {
	var out []string
	for _, pc := range pcs {
		out = append(out, harmony.NoteName(pc))
	}
	return out
}
