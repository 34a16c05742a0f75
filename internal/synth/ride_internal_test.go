package synth

import (
	"math"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

// TestRideSections: a soft intro and a full climax come out apart by the
// plan's dB per unit of energy, with no step at the boundary.
func TestRideSections(t *testing.T) {
	testutil.SkipRaceShort(t)
	s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 40, Sections: []score.Section{
		{Name: "intro", StartBeat: 0, Bars: 5, Energy: 0.2}, {Name: "chorus", StartBeat: 20, Bars: 5, Energy: 0.9}}}
	b := audio.NewBuffer(audio.CD, 2, audio.CD.NSeconds(20))
	for i := range b.Frames() {
		v := float32(0.1 * math.Sin(2*math.Pi*220*float64(i)/44100))
		b.Samples[2*i], b.Samples[2*i+1] = v, v
	}
	rideSections(b, s, 10)
	rms := func(from, to float64) float64 {
		sum, n := 0.0, 0
		for i := audio.CD.NSeconds(from); i < audio.CD.NSeconds(to); i++ {
			sum += float64(b.Samples[2*i]) * float64(b.Samples[2*i])
			n++
		}
		return 10 * math.Log10(sum/float64(n))
	}
	if d := rms(12, 19) - rms(1, 8); math.Abs(d-7) > 0.2 {
		t.Errorf("chorus %.2f dB over the intro, want 7", d)
	}
	worst := 0.0
	for i := 1; i < b.Frames(); i++ {
		worst = math.Max(worst, math.Abs(float64(b.Samples[2*i]-b.Samples[2*i-2])))
	}
	if worst > 0.1*2*math.Pi*220/44100*2.3 {
		t.Errorf("largest step %.4f: the ride jumps", worst)
	}
}

// TestRideLevelsDrawn: the ride of a drawn energy keeps its order with
// every higher level at least rideStep above the next lower one (0.24,
// 0.25 and 0.29 ride as 0.24, 0.39 and 0.54; equal levels stay equal); an
// undrawn song rides its energies as they are.
func TestRideLevelsDrawn(t *testing.T) {
	s := &score.Score{Sections: []score.Section{{Energy: 0.29}, {Energy: 0.25}, {Energy: 0.24}, {Energy: 0.8}, {Energy: 0.24}}}
	if got := rideLevels(s); got[0] != 0.29 || got[1] != 0.25 {
		t.Errorf("undrawn: %v, want the energies", got)
	}
	s.EnergyDrawn = true
	got := rideLevels(s)
	want := []float64{0.54, 0.39, 0.24, 0.8, 0.24}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Errorf("drawn: %v, want %v", got, want)
			break
		}
	}
}
