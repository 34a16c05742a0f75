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

// rideRef is rideSections's gain frame by frame as first written (each
// frame's gain interpolated, flat stretches too): TestRideSectionsBits's
// reference.
func rideRef(b *audio.Buffer, s *score.Score, dbPerEnergy float64) {
	levels := rideLevels(s)
	mean, total := 0.0, 0.0
	for i, sec := range s.Sections {
		mean += float64(sec.Bars) * levels[i]
		total += float64(sec.Bars)
	}
	mean /= total
	type point struct {
		at int
		g  float64
	}
	var pts []point
	ramp := audio.CD.NSeconds(rideTime)
	prev := math.NaN()
	for i, sec := range s.Sections {
		g := dbToGain(dbPerEnergy * (levels[i] - mean))
		at := audio.CD.NSeconds(s.BeatToSeconds(sec.StartBeat))
		if !math.IsNaN(prev) {
			pts = append(pts, point{at - ramp/2, prev})
		}
		pts = append(pts, point{at + ramp/2, g})
		prev = g
	}
	pts[0].at = 0
	k := 0
	for i := range b.Frames() {
		for k+1 < len(pts) && pts[k+1].at <= i {
			k++
		}
		g := pts[k].g
		if k+1 < len(pts) && pts[k+1].at > pts[k].at {
			f := float64(i-pts[k].at) / float64(pts[k+1].at-pts[k].at)
			g += f * (pts[k+1].g - g)
		}
		b.Samples[2*i] *= float32(g)
		b.Samples[2*i+1] *= float32(g)
	}
}

// TestRideSectionsBits: rideSections (flat stretches scaled a block at a
// time) gives the frame-by-frame loop's samples, with sections of equal
// energy, a one-bar section shorter than the ramps, and an odd length.
func TestRideSectionsBits(t *testing.T) {
	s := &score.Score{BPM: 240, BeatsPerBar: 4, TotalBeats: 44, Sections: []score.Section{
		{StartBeat: 0, Bars: 3, Energy: 0.2}, {StartBeat: 12, Bars: 2, Energy: 0.2},
		{StartBeat: 20, Bars: 1, Energy: 0.9}, {StartBeat: 24, Bars: 5, Energy: 0.5}}}
	b := audio.NewBuffer(audio.CD, 2, audio.CD.NSeconds(11)+3)
	r := newRNG(3)
	for i := range b.Samples {
		b.Samples[i] = float32(0.5 * r.bipolar())
	}
	want := &audio.Buffer{Rate: b.Rate, Channels: 2, Samples: append([]float32(nil), b.Samples...)}
	rideSections(b, s, 10)
	rideRef(want, s, 10)
	for i := range b.Samples {
		if math.Float32bits(b.Samples[i]) != math.Float32bits(want.Samples[i]) {
			t.Fatalf("sample %d: %v, frame by frame %v", i, b.Samples[i], want.Samples[i])
		}
	}
}
