package analysis_test

import (
	"cmp"
	"math"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/analysis"
	"github.com/songsmith/songsmith/internal/testutil"
)

// drumBursts adds to stereo 44.1 kHz samples a burst of white noise on
// every beat at bpm (a snare's broadband hit, decaying in about 50 ms)
// at the given peak level. (A tom's short pitched line is not tested:
// it lasts half the separation's 186 ms frame, which smears it over the
// time median's window.)
func drumBursts(s []float32, bpm, level float64) {
	rng := uint64(7)
	beat := 60 / bpm
	for i := 0; i < len(s)/2; i++ {
		rng = rng*6364136223846793005 + 1442695040888963407
		noise := float64(int64(rng>>11))/float64(1<<52) - 1
		dt := math.Mod(float64(i)/44100, beat)
		v := float32(level * noise * math.Exp(-dt*20))
		s[2*i] += v
		s[2*i+1] += v
	}
}

// energy is the mean square of s.
func energy(s []float32) float64 {
	e := 0.0
	for _, v := range s {
		e += float64(v) * float64(v)
	}
	return e / float64(max(1, len(s)))
}

// The harmonic part keeps a held chord and drops drum hits: a chord of
// tones rich in harmonics comes back with most of its energy (two thirds:
// the margin, hpssMargin, gives up a tenth of it, 79 % without, at its
// onsets and releases), drum hits alone (noise bursts on every beat) with
// little of theirs, and under hits three times louder than the chord the
// harmonic part's chroma reads the chord: its tones 2.5 times as strong as
// the other classes (5.2, 5.3 and 3.2 here; 5.0, 4.7 and 3.1 without the
// margin), its root, third or seventh among the three strongest (the
// songs' drums are where the separation counts: TestChartCorpusAudible).
func TestHarmonic(t *testing.T) {
	testutil.SkipRaceShort(t)
	chords := [][]int{{0, 4, 7}, {9, 0, 4}, {7, 11, 2, 5}}
	const secs = 2.0
	clean := harmonicChords(chords, secs)
	h, rate := analysis.Harmonic(clean, 2, 44100)
	if rate < 10000 || rate > 12000 || len(h) != len(clean)/2/4 {
		t.Fatalf("harmonic part: %d samples at %g Hz, want %d at about 11 kHz", len(h), rate, len(clean)/8)
	}
	mono := make([]float32, len(clean)/2)
	for i := range mono {
		mono[i] = clean[2*i]
	}
	// The chord's energy below hpssHighHz, away from the ends.
	if got, want := energy(h[len(h)/8:len(h)*7/8]), energy(mono[len(mono)/8:len(mono)*7/8]); got < 0.6*want {
		t.Errorf("a held chord keeps %.0f %% of its energy in the harmonic part, want 60 %%", 100*got/want)
	}
	noise := make([]float32, len(clean))
	drumBursts(noise, 120, 3)
	hn, _ := analysis.Harmonic(noise, 2, 44100)
	if got, want := energy(hn), energy(noise); got > 0.15*want {
		t.Errorf("drum bursts keep %.0f %% of their energy in the harmonic part, want under 15 %%", 100*got/want)
	}
	mixed := slices.Clone(clean)
	drumBursts(mixed, 120, 3)
	hm, hr := analysis.Harmonic(mixed, 2, 44100)
	hper := int(secs * hr)
	for i, pcs := range chords {
		c := analysis.SpanChroma(hm[i*hper:(i+1)*hper], 1, hr)
		order := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
		slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(c[y], c[x]) })
		named := slices.Contains(order[:3], pcs[0]) || slices.Contains(order[:3], pcs[1]) || len(pcs) > 3 && slices.Contains(order[:3], pcs[3])
		if r := toneRatio(c, pcs); r < 2.5 || !named {
			t.Errorf("%v under drum hits, harmonic part: tones %.1f times the others, strongest classes %v; want 2.5 times, its root, third or seventh among the three (chroma %.2f)", pcs, r, order[:3], c)
		}
	}
	if h, r := analysis.Harmonic(nil, 2, 44100); len(h) != 0 || r == 0 {
		t.Errorf("no samples: %d samples at %g Hz, want none", len(h), r)
	}
}

// toneRatio is how much stronger, on average, the classes pcs are in
// chroma c than the others.
func toneRatio(c [12]float64, pcs []int) float64 {
	in := 0.0
	for _, pc := range pcs {
		in += c[pc]
	}
	n := float64(len(pcs))
	return (in / n) / ((1 - in) / (12 - n))
}
